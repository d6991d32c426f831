/* A phone held upright opens a lesson at its steps: the step dots at the top of the screen,
   then the step's goal, the table and the hand, all on the first screen. Above them sit only
   the header and the lesson's title (a swipe up); the introduction follows the table
   (tutorial.css). Not when the address names a place (#step after a move without script) or
   the page was already scrolled (Back, a reload). */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    if (location.hash || window.scrollY > 0 || !matchMedia("(max-width: 30rem)").matches) { return; }
    var dots = document.querySelector(".step-dots");
    if (dots) { window.scrollTo(0, dots.getBoundingClientRect().top + window.scrollY - 4); }
  });
})();
