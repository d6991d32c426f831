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
