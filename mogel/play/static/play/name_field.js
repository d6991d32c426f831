// A name field's count (templates/play/_name_field.html): "7/20" beside the hint "At most 20
// characters", so a person who types or pastes a long name sees where the limit stops it
// instead of a name cut without a word. Counted in characters, as the server counts them.
(function () {
  "use strict";
  function count(input) {
    var shown = document.getElementById(input.dataset.nameCount);
    if (!shown) return;
    var limit = Number(input.getAttribute("maxlength"));
    var length = Array.from(input.value).length;
    shown.textContent = length + "/" + limit;
    shown.classList.toggle("lobby__count--full", length >= limit);
  }
  function start() {
    document.querySelectorAll("input[data-name-count]").forEach(function (input) {
      count(input);
      input.addEventListener("input", function () { count(input); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
