/* Keeps a disclosure open while htmx swaps the table around it (the full log: a poll brings
   a new table about once a second, which would close it under the reader's eyes).
   Works on <details data-keep-open id="...">. */
(function () {
  "use strict";
  var open = {};

  document.addEventListener("toggle", function (event) {
    var d = event.target;
    if (d.matches && d.matches("details[data-keep-open][id]")) { open[d.id] = d.open; }
  }, true);

  document.addEventListener("htmx:afterSwap", function () {
    Object.keys(open).forEach(function (id) {
      var d = document.getElementById(id);
      if (d && open[id] && !d.open) { d.open = true; }
    });
  });
})();
