/* Focus after the table is redrawn. htmx puts focus back on the element with the same id; a hand
   card that has just become disabled (the card was laid, the hand moved up, the pass moved on)
   would keep it, and its "why not" bubble would open over the table and the ticker. Focus goes
   to the first move the player can make now, or else to the table's heading of the hand. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    var el = document.activeElement;
    if (!el || !el.classList || !el.classList.contains("mz-card-btn--off")) { return; }
    var t = document.getElementById("table");
    var next = t && (t.querySelector(".mz-controls .btn, .mz-hand__item--live .mz-card-btn, .btn--accuse") || t.querySelector("#hand-title"));
    if (next) { next.focus(); } else { el.blur(); }
  });
})();
/* A tap on a greyed card of the hand: it shakes and its "why not" bubble opens for a while, on a
   touch screen too (no hover there). The table may be redrawn meanwhile (a poll, a bot's move):
   the card is found again by its data-card and keeps the bubble until the time is up. */
(function () {
  "use strict";
  var TOLD_MS = 2600;
  var told = null;   // {card, until}
  function mark() {
    document.querySelectorAll(".mz-hand__item--told").forEach(function (li) { li.classList.remove("mz-hand__item--told"); });
    if (!told || Date.now() > told.until) { told = null; return; }
    var btn = document.querySelector('#table .mz-card-btn--off[data-card="' + told.card + '"]');
    if (btn) { btn.parentNode.classList.add("mz-hand__item--told"); }
  }
  document.addEventListener("click", function (event) {
    var btn = event.target.closest && event.target.closest("#table .mz-card-btn--off");
    if (!btn) { return; }
    told = {card: btn.getAttribute("data-card"), until: Date.now() + TOLD_MS};
    btn.parentNode.classList.remove("mz-hand__item--told");
    void btn.offsetWidth;   // restart the shake on a second tap
    mark();
    setTimeout(mark, TOLD_MS + 50);
  });
  document.addEventListener("htmx:afterSettle", mark);
})();
