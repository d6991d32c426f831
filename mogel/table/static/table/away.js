/* While the server is away (stopped, restarting, a deploy, its database down, the phone's network
   gone) the table stays as it is, hand and all, and says so in its polite live region (#away,
   play/_away.html): "Reconnecting…". It asks the server's health address again after 0, 1, 2, 4,
   8, then every 10 s, and the table's own poll rests meanwhile; at the first good answer (a probe,
   a table request, the stream) the line goes and the table asks for everything since the version
   it shows, so it comes back by itself at the game's version (docs/push.md, "While the server is away").

   A move whose request got no answer may or may not have reached the server. The line says so,
   and once the table is back it says which: the same version as the move was posted on means
   nothing happened, so the move was not made; a newer one is on the table for the person to see.
   The server never applies a move twice: a move carries the version it was made on, and a second
   post of it is refused as stale (mogel.play.service.act).

   Signs the server is away: a table request that fails without an answer (a network error, a
   time-out) or is answered 502, 503 (mogel.pages.middleware: the database is down) or 504, and a
   stream that errors while the health address does not answer either. An aborted request (htmx
   replacing it, the page being left) is no sign. */
(function () {
  "use strict";
  var AWAY = {502: true, 503: true, 504: true};
  var LONGEST_MS = 10000;
  var gone = false;      // the server is away: the line shows, probes run, the table's poll rests
  var wait = 0;          // ms until the next probe
  var timer = null;
  var leaving = false;   // the page is being left: its requests ending says nothing of the server
  var unsure = null;     // the version a move was posted on whose request got no answer

  function line() { return document.getElementById("away"); }
  function table() { return document.getElementById("table"); }
  function say(key) {
    var box = line();
    var text = box && key ? box.dataset[key] || "" : "";
    if (box && box.textContent !== text) { box.textContent = text; }
  }

  function lost() {
    if (leaving) { return; }
    say(unsure === null ? "away" : "unsure");
    if (gone) { return; }
    gone = true;
    wait = 0;
    later();
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(probe, wait);
    wait = Math.min(Math.max(wait * 2, 1000), LONGEST_MS);
  }
  function probe() {
    var box = line();
    if (!box || !window.fetch) { return; }
    window.fetch(box.dataset.healthUrl, {cache: "no-store"}).then(function (answer) {
      if (answer.ok) { back(); } else { failed(); }
    }, failed);
  }
  function failed() { if (gone) { later(); } else { lost(); } }

  function back() {
    if (!gone) { return; }
    gone = false;
    clearTimeout(timer);
    if (unsure === null) { say(""); }
    redraw();
  }
  // Everything since the version the page shows, by the table's own poll address: a table if
  // anything happened meanwhile, else "nothing new". Sent from the line, not the table, so the
  // table's script lets it go even while its stream is open.
  function redraw() {
    var t = table(), url = t && t.getAttribute("hx-get");
    if (!url || !window.htmx) { outcome(); return; }
    window.htmx.ajax("GET", url, {source: line(), target: "#table", swap: "outerHTML",
                                  values: {version: t.dataset.version}});
  }
  function outcome() {
    if (unsure === null) { say(""); return; }
    var t = table();
    say(t && Number(t.dataset.version) === unsure ? "undone" : "check");
    unsure = null;
  }

  function polling(detail) {
    var verb = detail && detail.requestConfig && detail.requestConfig.verb;
    return !verb || verb.toLowerCase() === "get";
  }
  document.addEventListener("htmx:beforeSend", function (event) {
    var detail = event.detail || {}, xhr = detail.xhr, t = table();
    if (!xhr || !detail.target || detail.target.id !== "table") { return; }
    var move = !polling(detail), version = t ? Number(t.dataset.version) : null;
    var redrawn = detail.elt === line(), broken = false;
    if (move && !gone) { unsure = null; say(""); }   // the person acts again: the last word is done
    function broke() { broken = true; }
    xhr.addEventListener("error", broke);
    xhr.addEventListener("timeout", broke);
    xhr.addEventListener("loadend", function () {
      if (broken || AWAY[xhr.status]) {
        if (move && unsure === null) { unsure = version; }
        lost();
      } else if (xhr.status > 0) {
        if (gone) { back(); } else if (redrawn) { outcome(); }
      }
    });
  });
  // While away the table's poll rests: the probes ask instead, less and less often.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var t = table();
    if (gone && t && event.target === t && polling(event.detail)) { event.preventDefault(); }
  });
  // A stream may end for good reasons (its lifetime, a deploy's new worker): the health address says which.
  document.addEventListener("htmx:sseError", function () { if (!gone && !leaving) { probe(); } });
  document.addEventListener("htmx:sseOpen", back);
  document.addEventListener("htmx:sseMessage", back);
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
})();
