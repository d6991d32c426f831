/* The card table's only script: Space slaps a mosquito, and open windows count down.
   Everything else is htmx; the server decides every outcome by its own clock. */
(function () {
  "use strict";
  var started = 0;

  function tick() {
    var now = performance.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = Math.max(0, Number(el.dataset.countdown) - (now - started));
      el.textContent = (left / 1000).toLocaleString(document.documentElement.lang || undefined,
        {minimumFractionDigits: 1, maximumFractionDigits: 1});
      var meter = el.closest(".window") && el.closest(".window").querySelector("[data-meter]");
      if (meter) { meter.value = left; }
    });
  }

  function restart() { started = performance.now(); tick(); }

  document.addEventListener("DOMContentLoaded", restart);
  document.addEventListener("htmx:afterSettle", restart);
  setInterval(tick, 100);

  document.addEventListener("keydown", function (event) {
    if (event.key !== " " && event.code !== "Space") { return; }
    if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) { return; }
    // A live button or link keeps its own Space behaviour; a disabled card does not.
    var control = target && target.closest && target.closest("button, a");
    if (control && control.getAttribute("aria-disabled") !== "true") { return; }
    var slap = document.getElementById("btn-slap");
    if (slap) {
      event.preventDefault();
      slap.click();
    }
  });
})();
