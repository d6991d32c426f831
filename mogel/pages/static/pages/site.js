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
