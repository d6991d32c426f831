/* Focus never falls to the page when the table is redrawn (docs/accessibility.md, "Focus").

   A move's answer, a poll, a pushed table or a stream's patch replaces the table, or parts of
   it. htmx and table/patch.js give focus back to the element with the same id; when there is
   none (the card was played, the button is gone), the focus goes to its successor: the control
   of the same value, else the one at the same place in the table's order (or the last one),
   else the table's heading. A focus outside the table is left alone. */
(function () {
  "use strict";
  var kept = null;   // {id, value, index} of the control that had the focus before the swap
  var FOCUSABLE = "button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

  function table() { return document.getElementById("table"); }
  function controls(t) {
    return Array.prototype.filter.call(t.querySelectorAll(FOCUSABLE), function (el) {
      return !el.disabled && el.getClientRects().length > 0;
    });
  }
  function lost() {
    var el = document.activeElement;
    return !el || el === document.body || !el.isConnected;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var t = table(), detail = event.detail || {}, el = document.activeElement;
    if (!t || detail.target !== t) { return; }
    kept = el && el !== document.body && t.contains(el)
      ? {id: el.id, value: el.getAttribute("value"), index: controls(t).indexOf(el)} : kept;
  });

  function successor(t) {
    var byId = kept.id && document.getElementById(kept.id);
    if (byId && t.contains(byId)) { return byId; }
    var list = controls(t);
    var same = kept.value && list.filter(function (el) { return el.getAttribute("value") === kept.value; })[0];
    if (same) { return same; }
    if (list.length && kept.index >= 0) { return list[Math.min(kept.index, list.length - 1)]; }
    var heading = document.getElementById("table-heading");
    if (heading) { heading.setAttribute("tabindex", "-1"); }
    return heading;
  }

  function restore() {
    var t = table();
    if (!kept || !t || !lost()) { return; }
    var next = successor(t);
    if (next) { next.focus({preventScroll: true}); }
  }
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("htmx:afterSettle", function () { restore(); kept = null; });
}());
