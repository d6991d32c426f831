/* A form marked data-working (the host's Start, "Play again") says at once that it is working:
   its line, a polite live region (the element data-working-line names, else the form's own
   [data-working-line]), says data-working's text, and its buttons are disabled, so a double
   press posts once. What follows (a new page, the waiting room redrawn) can take a moment on a
   busy server or a phone's network; without this the page looked as if the press was lost.
   An htmx form (hx-post, with hx-disabled-elt) is told by htmx's events, and gets its line
   cleared when the request failed (htmx gives its buttons back); a plain form's page is being
   left, and the line and buttons are reset if the browser shows the page again from its cache. */
(function () {
  "use strict";
  function line(form) {
    var id = form.getAttribute("data-working-line");
    return (id && document.getElementById(id)) || form.querySelector("[data-working-line]");
  }
  function say(form, text) {
    var where = line(form);
    if (where) { where.textContent = text; }
    if (text) { form.setAttribute("aria-busy", "true"); } else { form.removeAttribute("aria-busy"); }
  }
  function buttons(form, disabled) {
    form.querySelectorAll("button").forEach(function (button) { button.disabled = disabled; });
  }
  function working(elt) { return elt && elt.closest ? elt.closest("form[data-working]") : null; }

  document.addEventListener("submit", function (event) {
    var form = working(event.target);
    if (!form || form.hasAttribute("hx-post")) { return; }
    if (form.hasAttribute("data-sent")) { event.preventDefault(); return; }
    form.setAttribute("data-sent", "");
    say(form, form.getAttribute("data-working"));
    // After the submission took the pressed button's name and value: a disabled one sends none.
    setTimeout(function () { buttons(form, true); }, 0);
  });
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) { return; }
    document.querySelectorAll("form[data-working][data-sent]").forEach(function (form) {
      form.removeAttribute("data-sent");
      say(form, "");
      buttons(form, false);
    });
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = working(event.detail && event.detail.elt);
    if (form) { say(form, form.getAttribute("data-working")); }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = working(event.detail && event.detail.elt);
    if (form && !event.detail.successful) { say(form, ""); }
  });
}());
