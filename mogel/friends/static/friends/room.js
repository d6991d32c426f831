/* The waiting room on push (docs/friends.md): its seats come down the room's stream; the room's
   own poll (#room's hx-trigger) runs only while the stream is down (not yet open, dropped). */
(function () {
  "use strict";
  var streaming = false;
  document.addEventListener("htmx:sseOpen", function () { streaming = true; });
  document.addEventListener("htmx:sseError", function () { streaming = false; });
  document.addEventListener("htmx:sseClose", function () { streaming = false; });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var polled = elt && elt.id === "room" && elt.hasAttribute("hx-trigger") &&
      elt.getAttribute("hx-trigger").indexOf("every") === 0;
    if (streaming && polled) { event.preventDefault(); }
  });
}());
