// A replay's keys and focus (templates/play/replay.html). The step links are plain links that
// htmx swaps in place (each step its own address); this only adds the keyboard: ← and → step,
// Home and End jump to the first and last step, and focus stays on the link that was pressed.
(function () {
  "use strict";
  var KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  var wanted = null;

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  document.addEventListener("keydown", function (event) {
    var key = KEYS[event.key];
    if (!key || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typing(event.target)) return;
    var replay = document.getElementById("replay");
    if (!replay) return;
    event.preventDefault();
    var link = replay.querySelector('[data-replay="' + key + '"]');
    if (link) {
      wanted = key;
      link.click();
    }
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#replay [data-replay]");
    if (link) wanted = link.getAttribute("data-replay");
  });

  // A language chosen after stepping keeps the step shown (the header is not swapped: its
  // switcher would otherwise lead back to the step the page was loaded at).
  document.addEventListener("htmx:pushedIntoHistory", function () {
    document.querySelectorAll("form.language-switcher input[name=next]").forEach(function (next) {
      next.value = location.pathname + location.search;
    });
  });

  // The swapped step replaces the links: give focus back to the one last pressed, or, when that
  // step has none (the last step has no "next"), to the step counter. The key is kept, not
  // cleared: a key pressed before the previous step settled must still find its focus when its
  // own step settles.
  document.addEventListener("htmx:afterSettle", function () {
    var replay = document.getElementById("replay");
    if (!wanted || !replay) return;
    var focus = replay.querySelector('[data-replay="' + wanted + '"]') || document.getElementById("replay-count");
    if (focus) focus.focus({ preventScroll: true });
  });
})();
