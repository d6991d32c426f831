/* A friends' table's pages on push (docs/friends.md): what they show comes down the page's
   stream; an element marked data-fallback (the waiting room's #room, the game's #seats) keeps
   its own poll (its hx-trigger "every …") for while the stream is down (not yet open, dropped)
   and never polls beside an open stream. A fragment that asks once (hx-trigger "load", as at
   the start or after "Play again") is no poll: it always goes. */
(function () {
  "use strict";
  var streaming = false;
  document.addEventListener("htmx:sseOpen", function () { streaming = true; });
  document.addEventListener("htmx:sseError", function () { streaming = false; });
  document.addEventListener("htmx:sseClose", function () { streaming = false; });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (streaming && elt && elt.hasAttribute("data-fallback")) { event.preventDefault(); }
  });
}());
