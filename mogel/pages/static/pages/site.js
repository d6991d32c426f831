// Every page. A file, not an inline script: the Content-Security-Policy runs no inline code.

// The server never sees the #fragment, so add it to `next` on submit:
// switching language on a rules page then keeps the reader's place.
document.querySelectorAll("form.language-switcher").forEach(function (form) {
  form.addEventListener("submit", function () {
    var next = form.elements.next;
    if (location.hash && next.value.indexOf("#") === -1) {
      next.value += location.hash;
    }
  });
});

// A touch screen has no keys, so its pages show no key hints (site.css, table.css: the media
// queries on hover and pointer). Some phones claim a mouse (a pen, a browser's desktop mode) and
// match neither: the first touch on the page then says it, and the hints go (html.touched).
// Remembered for the visit, so the next page of the same phone starts without them.
(function () {
  var root = document.documentElement;
  function touched() {
    root.classList.add("touched");
    try { sessionStorage.setItem("mogel-touched", "1"); } catch (e) { /* storage off: this page only */ }
  }
  try { if (sessionStorage.getItem("mogel-touched")) root.classList.add("touched"); } catch (e) { /* ditto */ }
  window.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "touch") touched();
  }, { capture: true, passive: true });
})();
