/* Fair reflexes: how long the player took from seeing a window to the tap, sent with the tap.

   A mosquito (Slap!), a cockroach (race) or a tell on a seat (Caught!) is timed from the frame
   that first paints it (requestAnimationFrame, which waits while the tab is hidden) to the
   click or key that answers it, and posted as reaction_ms. The server credits the rest of
   the time since it sent the window (the network, this page drawing it), at most a second,
   so a slow phone is not beaten by its network; see mogel/play/service.py (credit_ms). */
(function () {
  "use strict";
  var shown = {};   // what may be answered now -> when it was first painted (null: not yet)

  function onScreen() {
    var keys = [];
    var table = document.getElementById("table");
    if (!table) { return keys; }
    var win = table.querySelector(".window");
    if (win) { keys.push(win.classList.contains("window--mosquito") ? "slap" : "race"); }
    table.querySelectorAll(".seat--tell[data-seat]").forEach(function (seat) {
      keys.push("catch " + seat.dataset.seat);
    });
    return keys;
  }

  function look() {
    var now = {};
    var fresh = false;
    onScreen().forEach(function (key) {
      fresh = fresh || !(key in shown);
      now[key] = key in shown ? shown[key] : null;
    });
    shown = now;
    if (fresh) {
      window.requestAnimationFrame(function () {
        var painted = performance.now();
        Object.keys(shown).forEach(function (key) {
          if (shown[key] === null) { shown[key] = painted; }
        });
      });
    }
  }

  document.addEventListener("DOMContentLoaded", look);
  document.addEventListener("htmx:afterSettle", look);
  // After a count-in (table.js) the game goes on: what was on screen under it is answerable from now.
  document.addEventListener("table:resumed", function () {
    var now = performance.now();
    Object.keys(shown).forEach(function (key) { shown[key] = now; });
  });

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var action = elt && elt.getAttribute && elt.getAttribute("name") === "action" ? elt.getAttribute("value") || "" : "";
    var key = /^race /.test(action) ? "race" : action;
    var since = shown[key];
    if (typeof since === "number") {
      event.detail.parameters.reaction_ms = String(Math.round(performance.now() - since));
    }
  });
})();
