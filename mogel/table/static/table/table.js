/* The card table's only script. Everything else is htmx; the server decides every outcome by its own clock.

   The practice game waits for its player: a hidden or closed page tells the server, and
   coming back counts "3, 2, 1" before the game goes on.

   Everywhere: Space presses the table's one quick button (aria-keyshortcuts="Space"); every
   [data-countdown] counts down, from window.tableClock.runsFrom() (the end of a count-in).
   On a table with data-shortcuts (the practice game) a game's own script adds its keys through
   window.tableKeys (below): this script says when a key is the table's, the game what it does. */
(function () {
  "use strict";
  var started = 0;

  // A countdown may count from a card on the pile: while the card flies there (motion.js,
  // a move that carries "land") it stands still, then runs from the time the server gave.
  function landing() { return !!(window.tableMotion && window.tableMotion.landing && window.tableMotion.landing()); }

  function tick() {
    var now = performance.now();
    // Before `started` (a count-in) the game stands still: so do the countdowns.
    var elapsed = landing() ? 0 : Math.max(0, now - started);
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = Math.max(0, Number(el.dataset.countdown) - elapsed);
      el.textContent = (left / 1000).toLocaleString(document.documentElement.lang || undefined,
        {minimumFractionDigits: 1, maximumFractionDigits: 1});
      var box = el.closest("[data-timer]") || el.closest(".window");
      var meter = box && box.querySelector("[data-meter]");
      if (meter) { meter.value = left; }
    });
  }

  /* Push (docs/push.md): a page with a stream ([sse-connect], htmx's SSE extension) is sent the
     table as it changes and does not poll. While the stream is down (not yet open, dropped,
     refused) the table's own poll runs, at its slower fallback interval, and the wake timer
     with it; the stream's first event after a reconnect redraws the whole table. */
  var streaming = false;
  var askOnce = false;   // a poll the page wants even while streaming (back in view: it ends the pause)
  var leaving = false;   // the page is being left: its stream closing is no reason to poll
  function streamed() { return streaming && !!document.querySelector("[sse-connect]"); }
  document.addEventListener("htmx:sseOpen", function () { streaming = true; clearTimeout(wakeTimer); });
  document.addEventListener("htmx:sseError", function () {
    if (!streaming || leaving) { return; }
    streaming = false;
    var t = table();
    if (t && window.htmx) { window.htmx.trigger(t, "wake"); }   // catch up at once by polling
  });
  document.addEventListener("htmx:sseClose", function () { streaming = false; });

  /* The page's own id (mogel/play/echo.py), drawn afresh at each load: sent with every htmx
     request of the table and with the stream's address, so that the stream does not send again
     the table this page's own move was answered with. Random, it says nothing but "this page". */
  var page = pageId();
  function pageId() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function withPage(url) { return url + (url.indexOf("?") < 0 ? "?" : "&") + "page=" + page; }
  if (window.htmx && window.htmx.createEventSource) {
    var connect = window.htmx.createEventSource;   // the SSE extension's, loaded before this script
    window.htmx.createEventSource = function (url) { return quiet(connect(withPage(url))); };
  }

  /* A stream's end is no error: it ends after its lifetime, when a newer tab takes its place,
     when the server restarts, and the page polls and reconnects by itself (above, away.js). The
     extension hands the browser's error Event to htmx as the error of its htmx:sseError, and
     htmx logs every such error with console.error, as "[object Event]". Its handler is given
     no Event instead: htmx:sseError still fires (the fallback poll above), the extension still
     reconnects, and nothing is logged. */
  var nativeOnError = window.EventSource && Object.getOwnPropertyDescriptor(EventSource.prototype, "onerror");
  function quiet(source) {
    if (!nativeOnError || !source) { return source; }
    Object.defineProperty(source, "onerror", {
      configurable: true,
      get: function () { return nativeOnError.get.call(source); },
      set: function (handler) {
        nativeOnError.set.call(source, handler && function () { return handler.call(source); });
      }
    });
    return source;
  }

  /* A request of the table whose answer the page did not get: a server error, a lost
     connection, an abort, a timeout, or an answer that came while a pushed table had replaced
     the one it was sent from (htmx swaps it into that old table, out of the page, and tells
     nobody: its events fire there). The server may have saved it, and then the stream will not
     send this page that table. So each table request's own XHR is watched to its end, wherever
     its element went, and a table newer than the page's, or none, makes the page ask for the
     whole table once (its wake poll, even while streaming; a failed poll asks a second later). */
  var again = null;
  function unanswered(poll) {
    if (leaving) { return; }
    clearTimeout(again);
    again = setTimeout(function () {
      var t = table();
      if (t && window.htmx) { askOnce = true; window.htmx.trigger(t, "wake"); }
    }, poll ? 1000 : 0);
  }
  function missed(xhr) {
    if (xhr.status === 0 || xhr.status >= 500) { return true; }
    var found = versionIn(xhr.responseText);
    return found !== null && found > shownVersion();
  }
  document.addEventListener("htmx:beforeSend", function (event) {
    var detail = event.detail || {}, poll = polling(detail);
    if (!detail.xhr || !detail.target || detail.target.id !== "table") { return; }
    // loadend comes after htmx's own load handler: the answer is swapped in by then, if it was.
    detail.xhr.addEventListener("loadend", function () {
      if (missed(detail.xhr)) { unanswered(poll); }
      // A poll's table older than a refused patch (dropped, or drawn and still old): ask again.
      else if (poll && versionIn(detail.xhr.responseText) !== null) { askWhole(); }
    });
  });
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    var t = table();
    var message = event.detail || {};
    // Only the table's own events: a page may push other parts beside it on the same stream
    // (a friends' table: who is at the table), whose events carry no table version.
    if (!t || event.target !== t.parentElement.closest("[sse-swap]")) { return; }
    // What the page already shows (its own move's answer came first, or a redraw after a
    // reconnect that missed nothing) is skipped: never drawn twice, and a refusal on the table
    // stays. Only a count-in ("resume") is drawn on the page's own version.
    var id = Number(message.lastEventId);
    if (!newer(id, message.type === "resume")) {
      event.preventDefault();
      return;
    }
    if (message.type === "patch") {
      event.preventDefault();
      patches.push({version: id, data: message.data});
      if (!swapping(t)) { patchNow(); }
      return;
    }
    // The motion scripts read the table before each swap: the extension's swap does not say so.
    window.htmx.trigger(t, "htmx:beforeSwap", {target: t, elt: t, shouldSwap: true});
  });
  /* Patches (table/patch.js) wait while htmx swaps a table in (the page's own move's answer):
     htmx sets the new table's classes only when it settles, which would undo a patch's. A patch
     that waited is applied only if it is still news (the swap may have brought a newer table).
     One that does not fit what the page then shows (another base, a region drawn from another
     answer) is remembered: the page asks for the whole table, by its wake poll (the stream stays
     open), and lets its own poll run (every second while streaming), until it shows that patch's
     version or a newer one. A poll that answers an older table (it went out before the patch
     came) does not end the want, and a wake that htmx queued behind another request of the old
     table, lost when that table is swapped out, is asked again of the new one once it settled. */
  var patches = [];
  var refused = 0;   // the newest patch the page could not apply
  function swapping(t) { return !!t.closest(".htmx-added, .htmx-swapping, .htmx-settling"); }
  function patchNow() {
    while (patches.length) {
      var t = table(), patch = patches.shift();
      if (!t || !newer(patch.version, false)) { continue; }
      if (!window.tablePatch.apply(t, patch.data)) {
        patches = [];
        refused = Math.max(refused, patch.version);
        askWhole();
      }
    }
  }
  function wanting() { var t = table(); return !!t && shownVersion() < refused; }
  function askWhole() {
    var t = table();
    if (wanting() && window.htmx) { window.htmx.trigger(t, "wake"); }
  }
  document.addEventListener("htmx:afterSettle", function () {
    var t = table();
    if (patches.length && t && !swapping(t)) { patchNow(); }
    askWhole();
  });

  /* Order (docs/push.md, "Order"): the page never shows a table older than the one it shows,
     whatever order answers, polls and pushed events come in. A pushed event is checked above;
     a request's answer (a move's, a poll's) here, before htmx swaps it: an older one is dropped
     and nobody hears of it (the motion scripts read the table for a swap that then comes). One
     of the same version is drawn: a move's refusal, the count-in of a page back in view, a
     friends' table whose scores are no longer held. */
  function versionIn(html) {
    var found = /data-version="(\d+)"/.exec(html || "");
    return found ? Number(found[1]) : null;
  }
  function shownVersion() { var t = table(); return t ? Number(t.dataset.version) : -1; }
  function newer(version, same) {
    var t = table(), shown = shownVersion();
    if (t && !t.hasAttribute("data-ordered")) { return true; }   // a lesson's table: a step starts again
    return version > shown || (same && version === shown);
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail || {}, t = table();
    if (!detail.xhr || !t || detail.target !== t || !detail.shouldSwap) { return; }
    var found = versionIn(detail.xhr.responseText);
    if (found !== null && !newer(found, true)) {
      detail.shouldSwap = false;
      event.stopImmediatePropagation();
    }
  });

  // The server says when its next move is due (a bot's move, a countdown ending): ask for it
  // then instead of up to a poll interval later, so a move reaches the player as it happens.
  var wakeTimer = null;
  function scheduleWake() {
    clearTimeout(wakeTimer);
    var t = table();
    if (!t || !t.dataset.wakeIn || !window.htmx || streamed()) { return; }
    wakeTimer = setTimeout(function () {
      var now = table();
      if (now) { window.htmx.trigger(now, "wake"); }
    }, Number(t.dataset.wakeIn) + 10);
  }

  /* The game waits for its player (mogel.play.service): the page says when it is hidden or left,
     and asks no more while hidden; back in view it asks at once, and a table that comes with a
     count-in counts "3, 2, 1" (read out by the live region) before anything moves again. */
  var countTimer = null;
  var counted = false;   // a count-in ran on this page: its end is announced once (reflex.js)
  function resumed() {
    if (!counted) { return; }
    counted = false;
    document.dispatchEvent(new CustomEvent("table:resumed"));
  }
  function countIn() {
    clearInterval(countTimer);
    var box = document.querySelector("[data-count-in]");
    var t = table();
    if (!box || !t) { resumed(); return 0; }
    counted = true;
    var ms = Number(box.dataset.countIn);
    var ends = performance.now() + ms;
    var number = box.querySelector("[data-count-in-number]");
    var lang = document.documentElement.lang || undefined;
    function show() {
      var left = ends - performance.now();
      if (left <= 0) {
        clearInterval(countTimer);
        box.remove();
        resumed();
        return;
      }
      var text = Math.ceil(left / 1000).toLocaleString(lang);
      if (number.textContent !== text) { number.textContent = text; }
    }
    show();
    countTimer = setInterval(show, 100);
    return ms;
  }

  function counting() { return !!document.querySelector("[data-count-in]"); }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || ""; }
    catch (error) { return ""; }
  }

  /* Each showing of the page has its own token, sent with its requests and its "left" beacon:
     a poll sent just before Back, served after the beacon, then does not bring the game back. */
  var showing = "";
  function shown() { showing = Math.random().toString(36).slice(2, 12) || "0"; }
  shown();
  document.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["X-Table-Showing"] = showing;
    event.detail.headers["X-Table-Page"] = page;
  });

  function leave() {
    var t = table();
    if (!t || !t.dataset.awayUrl || !navigator.sendBeacon) { return; }
    var body = new FormData();
    body.append("csrfmiddlewaretoken", csrfToken());
    body.append("showing", showing);
    navigator.sendBeacon(t.dataset.awayUrl, body);
  }

  function back() {
    shown();
    var t = table();
    if (t && t.dataset.awayUrl && window.htmx) { askOnce = true; window.htmx.trigger(t, "wake"); }
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { leave(); } else { back(); }
  });
  window.addEventListener("pagehide", function () { leaving = true; leave(); });
  // Back to a page the browser kept (Back/Forward cache): it asks how the game stands.
  window.addEventListener("pageshow", function (event) { leaving = false; if (event.persisted) { back(); } });
  // The table's own GET is its poll; a move the keyboard posts from the table is no poll.
  function polling(detail) {
    var verb = detail && detail.requestConfig && detail.requestConfig.verb;
    return !verb || verb.toLowerCase() === "get";
  }
  // A hidden page does not poll: its polls would keep the game running while nobody looks.
  // A streamed page does not poll either, but for the one poll that brings it back.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var t = table();
    if (!t || event.target !== t) { return; }
    if ((leaving || document.visibilityState === "hidden") && t.dataset.awayUrl) {
      event.preventDefault();
    } else if (streamed() && !askOnce && !wanting() && polling(event.detail)) {
      event.preventDefault();
    }
    askOnce = false;
  });

  function restart() { started = performance.now() + countIn(); tick(); scheduleWake(); }

  // A game's script that times something on the page (listening after this one, to the same
  // DOMContentLoaded and htmx:afterSettle) starts it no earlier than this: not under a count-in.
  window.tableClock = {runsFrom: function () { return started; }};

  document.addEventListener("DOMContentLoaded", restart);
  document.addEventListener("htmx:afterSettle", restart);
  document.addEventListener("table:landed", function () { started = performance.now(); tick(); });
  setInterval(tick, 100);

  function typing(target) {
    return target && target.closest && target.closest("input, select, textarea, [contenteditable]");
  }

  function table() { return document.getElementById("table"); }

  function shortcuts() {
    var t = table();
    return t && t.hasAttribute("data-shortcuts") ? t : null;
  }

  var keys = [];   // the game's key handlers (tableKeys.register)

  /* Post an action as the table's buttons do, for a key or gesture that has no button now:
     the server applies it or answers with the reason it may not (a refusal it words). */
  function act(action) {
    var t = shortcuts();
    if (!t || !t.dataset.actionUrl || !window.htmx) { return; }
    window.htmx.ajax("POST", t.dataset.actionUrl, {
      target: "#table", swap: "outerHTML", source: t,
      values: {action: action, version: t.dataset.version}
    });
  }

  window.tableKeys = {
    // register(function (event, table) {...}): a key on the practice table that is not Space,
    // not typed into a field, without Alt/Ctrl/Meta, no repeat, not during a count-in.
    register: function (handler) { keys.push(handler); },
    shortcuts: shortcuts,
    act: act
  };

  document.addEventListener("keydown", function (event) {
    if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (typing(target)) { return; }
    if (counting()) { return; }   // the game goes on after the count-in

    if (event.key === " " || event.code === "Space") {
      // A live button or link keeps its own Space behaviour; a disabled card does not.
      var control = target && target.closest && target.closest("button, a");
      if (control && control.getAttribute("aria-disabled") !== "true") { return; }
      // Space is the fast key: it presses the table's quick button (the game marks it).
      var quick = document.querySelector('[aria-keyshortcuts="Space"]');
      if (quick) {
        event.preventDefault();
        quick.click();
      }
      return;
    }
    var t = shortcuts();
    if (!t) { return; }
    keys.forEach(function (handler) { handler(event, t); });
  });
})();
