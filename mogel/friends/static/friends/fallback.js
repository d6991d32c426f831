/* A friends' table's pages on push (docs/friends.md): what they show comes down the page's
   stream; an element marked data-fallback (the waiting room's #room, the game's #seats) keeps
   its own poll (its hx-trigger "every …") for while the stream is down (not yet open, dropped)
   and never polls beside an open stream.
   The stream's "go" (at the start: the game; after "Play again": the rematch) carries the address
   the page goes to now: no swap, and no further ask of the server first (before, a fragment that
   asked room/ or seats/ once, whose answer then moved the page: a round trip more). */
(function () {
  "use strict";
  var streaming = false;
  var going = false;   // the stream said where the page goes now: it polls nothing more here
  document.addEventListener("htmx:sseOpen", function () { streaming = true; });
  document.addEventListener("htmx:sseError", function () { streaming = false; });
  document.addEventListener("htmx:sseClose", function () { streaming = false; });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if ((streaming || going) && elt && elt.hasAttribute("data-fallback")) { event.preventDefault(); }
  });
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    var message = event.detail || {};
    if (message.type !== "go") { return; }
    event.preventDefault();
    // Only an address of this site (a path): the stream is ours, but a page opens nothing else.
    if (/^\/[^\/\\]/.test(message.data || "")) {
      going = true;
      window.location.assign(message.data);
    }
  });
}());
