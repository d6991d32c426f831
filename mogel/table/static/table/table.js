/* The card table's only script. Everything else is htmx; the server decides every outcome by its own clock.

   The practice game waits for its player: a hidden or closed page tells the server, and
   coming back counts "3, 2, 1" before the game goes on.

   Everywhere: Space presses the table's one quick button (aria-keyshortcuts="Space"); every
   [data-countdown] counts down; a tell shows for its moment, then the seat looks honest again.
   On a table with data-shortcuts (the practice game):
     x           on a focused card: make it disappear up your sleeve;
     1 … 9       the seat buttons with that data-key, in table order (while there are any);
     drag a card off the table (out of your hand) to make it disappear. */
(function () {
  "use strict";
  var started = 0;
  var dragging = null;

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

  /* Tells: a seat moves for data-tell-ms from the moment this page first showed it, then looks
     honest again. The server sends a tell with seat--tell only when the page did not know it
     yet; later tables list it (data-tell) until the cheat is over, and a seat that was still
     moving keeps moving to its end, from where it was, instead of stopping or starting over. */
  var tellSeen = {};
  var tellTimers = [];
  function tells() {
    var now = performance.now();
    tellTimers.forEach(clearTimeout);
    tellTimers = [];
    document.querySelectorAll("[data-tell]").forEach(function (seat) {
      var id = seat.dataset.tell;
      if (tellSeen[id] === undefined) {
        if (!seat.classList.contains("seat--tell")) { return; }  // never shown here: missed
        tellSeen[id] = Math.max(now, started);  // a tell shown under a count-in starts after it
      }
      var total = Number(seat.dataset.tellMs);
      var shown = Math.max(0, now - tellSeen[id]);
      if (shown >= total) {
        seat.classList.remove("seat--tell", "seat--tell-new");
        return;
      }
      seat.classList.add("seat--tell", "seat--tell-new");
      // The movement is as long as the tell (at most 0.8 s: a lesson's tell stays longer, still).
      seat.style.animationDuration = Math.min(total, 800) + "ms";
      seat.style.animationDelay = -Math.min(shown, 800) + "ms";
      tellTimers.push(setTimeout(function () {
        seat.classList.remove("seat--tell", "seat--tell-new");
      }, total - shown));
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
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    var t = table();
    var message = event.detail || {};
    if (!t) { return; }
    // What the page already shows (its own move's answer came first, or a redraw after a
    // reconnect that missed nothing) is skipped: never drawn twice, and a refusal on the table
    // stays. Only a count-in ("resume") is drawn on the page's own version.
    var id = Number(message.lastEventId), shown = Number(t.dataset.version);
    if (id < shown || (id === shown && message.type !== "resume")) {
      event.preventDefault();
      return;
    }
    // The motion scripts read the table before each swap: the extension's swap does not say so.
    window.htmx.trigger(t, "htmx:beforeSwap", {target: t, elt: t, shouldSwap: true});
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

  function leave() {
    var t = table();
    if (!t || !t.dataset.awayUrl || !navigator.sendBeacon) { return; }
    var body = new FormData();
    body.append("csrfmiddlewaretoken", csrfToken());
    navigator.sendBeacon(t.dataset.awayUrl, body);
  }

  function back() {
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
    } else if (streamed() && !askOnce && polling(event.detail)) {
      event.preventDefault();
    }
    askOnce = false;
  });

  function restart() { started = performance.now() + countIn(); tick(); scheduleWake(); tells(); }

  document.addEventListener("DOMContentLoaded", restart);
  // Right after the swap, before the browser paints: a tell that is over never flashes again.
  document.addEventListener("htmx:afterSwap", tells);
  document.addEventListener("htmx:afterSettle", restart);
  document.addEventListener("mm:landed", function () { started = performance.now(); tick(); });
  setInterval(tick, 100);

  function typing(target) {
    return target && target.closest && target.closest("input, select, textarea, [contenteditable]");
  }

  function table() { return document.getElementById("table"); }

  function shortcuts() {
    var t = table();
    return t && t.hasAttribute("data-shortcuts") ? t : null;
  }

  /* Hide a card: its sleeve button when the rules allow it, else ask the server anyway,
     which answers with the reason (a refusal the server words). */
  function cheat(card) {
    var t = shortcuts();
    if (!t || !card) { return; }
    var button = t.querySelector('.sleeve-btn[value="cheat ' + card + '"]');
    if (button) { button.click(); return; }
    if (!t.dataset.actionUrl || !window.htmx) { return; }
    window.htmx.ajax("POST", t.dataset.actionUrl, {
      target: "#table", swap: "outerHTML", source: t,
      values: {action: "cheat " + card, version: t.dataset.version}
    });
  }

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
    if (event.key === "x" || event.key === "X") {
      var card = target && target.closest && target.closest("[data-card]");
      if (card && t.contains(card)) {
        event.preventDefault();
        cheat(card.dataset.card);
      }
      return;
    }
    if (/^[1-9]$/.test(event.key)) {
      var catcher = t.querySelector('.btn--catch[data-key="' + event.key + '"]');
      if (catcher) {
        event.preventDefault();
        catcher.click();
      }
    }
  });

  /* Drag a card out of your hand and let go anywhere off it: the card is gone. */
  document.addEventListener("dragstart", function (event) {
    var card = event.target && event.target.closest && event.target.closest("[data-card][draggable=true]");
    if (!card || !shortcuts()) { return; }
    dragging = card.dataset.card;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", "mogel:" + dragging);
    document.body.classList.add("mm-dragging");
  });
  document.addEventListener("dragover", function (event) {
    if (dragging) { event.preventDefault(); event.dataTransfer.dropEffect = "move"; }
  });
  document.addEventListener("drop", function (event) {
    if (!dragging) { return; }
    event.preventDefault();
    var card = dragging;
    dragging = null;
    document.body.classList.remove("mm-dragging");
    var hand = event.target && event.target.closest && event.target.closest(".hand");
    if (!hand) { cheat(card); }
  });
  document.addEventListener("dragend", function () {
    dragging = null;
    document.body.classList.remove("mm-dragging");
  });
})();
