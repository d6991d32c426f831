/* A greyed card, tapped: its reason ("why not") opens under it for a few seconds and the live
   region reads it out. Hover and keyboard focus open it already (table.css); a touch screen has
   neither, so a tap used to answer nothing. A table redrawn meanwhile (htmx swap) reopens the
   bubble on the same card while its time lasts. */
(function () {
  "use strict";
  var SHOW_MS = 3500;
  var open = null;
  var timer = null;

  function show() {
    document.querySelectorAll(".hand__item--why").forEach(function (el) { el.classList.remove("hand__item--why"); });
    if (!open || Date.now() > open.until) { open = null; return; }
    var button = document.getElementById(open.id);
    if (button && button.dataset.card === open.card && button.classList.contains("card-btn--off")) {
      button.closest(".hand__item").classList.add("hand__item--why");
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".card-btn--off");
    var why = button && document.getElementById(button.getAttribute("aria-describedby") || "");
    if (!why) { return; }
    open = { id: button.id, card: button.dataset.card, until: Date.now() + SHOW_MS };
    show();
    var reason = why.cloneNode(true);
    reason.querySelectorAll("a").forEach(function (a) { a.remove(); });
    var announcer = document.getElementById("announcer");
    if (announcer) { announcer.textContent = reason.textContent.trim(); }
    clearTimeout(timer);
    timer = setTimeout(function () { open = null; show(); }, SHOW_MS);
  });
  document.addEventListener("htmx:afterSettle", show);
})();
