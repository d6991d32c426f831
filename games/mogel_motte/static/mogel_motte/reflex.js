/* Fair reflexes: how long the player took from seeing a window to the tap, sent with the tap.

   A mosquito (Slap!), a cockroach (race) or a tell on a seat (Caught!) is timed from the frame
   that first paints it (requestAnimationFrame, which waits while the tab is hidden) to the
   click or key that answers it, and posted as reaction_ms. A window answers its card: while
   that card still flies onto the pile (motion.js, "table:landed") the clock has not started, and a
   tap before the landing sends no time. The server credits the rest of the time since it sent
   the window (the network, this page drawing it; the flight it asked for apart), at most a
   second, so a slow phone is not beaten by its network; see mogel/play/service.py (dated). */
(function () {
  "use strict";
  var shown = {};   // what may be answered now -> when it was first painted (null: not yet)
  var waiting = [];  // windows whose card is still flying onto the pile

  function landing() { return !!(window.tableMotion && window.tableMotion.landing && window.tableMotion.landing()); }

  function stamp(keys) {
    if (!keys.length) { return; }
    window.requestAnimationFrame(function () {
      var painted = performance.now();
      keys.forEach(function (key) {
        if (shown[key] === null) { shown[key] = painted; }
      });
    });
  }

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
    onScreen().forEach(function (key) {
      now[key] = key in shown ? shown[key] : null;
    });
    shown = now;
    var flying = landing();
    var fresh = Object.keys(shown).filter(function (key) {
      return shown[key] === null && waiting.indexOf(key) < 0;
    });
    waiting = waiting.concat(fresh.filter(function (key) { return flying && (key === "slap" || key === "race"); }));
    stamp(fresh.filter(function (key) { return waiting.indexOf(key) < 0; }));
  }

  document.addEventListener("DOMContentLoaded", look);
  document.addEventListener("htmx:afterSettle", look);
  document.addEventListener("table:landed", function () {
    stamp(waiting);
    waiting = [];
  });

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
