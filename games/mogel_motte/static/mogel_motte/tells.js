/* Tells: a seat moves for data-tell-ms from the moment this page first showed it, then looks
   honest again. The server sends a tell with seat--tell only when the page did not know it
   yet; later tables list it (data-tell) until the cheat is over, and a seat that was still
   moving keeps moving to its end, from where it was, instead of stopping or starting over.
   A tell shown under a count-in starts after it (window.tableClock, table/table.js, loaded
   before this script, so its listeners run first). */
(function () {
  "use strict";
  var tellSeen = {};
  var tellTimers = [];

  function runsFrom() { return window.tableClock ? window.tableClock.runsFrom() : 0; }

  function tells() {
    var now = performance.now();
    tellTimers.forEach(clearTimeout);
    tellTimers = [];
    document.querySelectorAll("[data-tell]").forEach(function (seat) {
      var id = seat.dataset.tell;
      if (tellSeen[id] === undefined) {
        if (!seat.classList.contains("seat--tell")) { return; }  // never shown here: missed
        tellSeen[id] = Math.max(now, runsFrom());
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

  document.addEventListener("DOMContentLoaded", tells);
  // Right after the swap, before the browser paints: a tell that is over never flashes again.
  document.addEventListener("htmx:afterSwap", tells);
  document.addEventListener("htmx:afterSettle", tells);
})();
