/* The table's query keys (docs/accessibility.md, "Query keys"): one key, and the assertive live
   region says what the table shows about one thing (your hand, the piles, whose turn …).

   An answer is read from the table on the page, as a screen reader would read it (spoken()):
   the page holds only what this seat may see, so no answer can tell more. The keys a table
   offers are the ones its help lists: an element with data-query="KEY" (its own text says what
   the key does); data-none on it, or on an element around it, is said when the answer is empty.
   This script answers the platform's two (w: whose turn and what to do now, l: the last events);
   a game adds its own with window.tableQueries.add(key, function (table) { return text; }).
   Keys come through window.tableKeys (table.js): not typed into a field, no Alt/Ctrl/Meta. */
(function () {
  "use strict";
  var K = window.tableKeys;
  if (!K) { return; }
  var answers = {};

  // What a screen reader says for an element: hidden and aria-hidden parts left out, an
  // aria-label in place of the content it names, no drawing (an SVG says nothing unless labelled).
  function spoken(el) {
    if (!el || el.nodeType === Node.COMMENT_NODE) { return ""; }
    if (el.nodeType === Node.TEXT_NODE) { return el.textContent; }
    if (el.getAttribute("aria-hidden") === "true" || el.hidden || el.tagName === "TEMPLATE") { return ""; }
    var label = el.getAttribute("aria-label");
    if (label) { return " " + label + " "; }
    if (el.tagName === "svg" || el.tagName === "SVG" || el.tagName === "METER") { return ""; }
    var text = Array.prototype.map.call(el.childNodes, spoken).join("");
    var block = /^(P|LI|DIV|H\d|UL|OL|SECTION|FIELDSET|LEGEND)$/.test(el.tagName);
    return block ? " " + text + " " : text;
  }
  function said(el) { return spoken(el).replace(/\s+/g, " ").trim(); }
  // Several parts, each a sentence of its own.
  function sentences(parts) {
    return parts.map(function (part) { return part.replace(/\s+/g, " ").trim(); })
      .filter(Boolean).map(function (part) { return /[.!?…:]$/.test(part) ? part : part + "."; }).join(" ");
  }

  function add(key, answer) { answers[key] = answer; }

  add("w", function (t) {
    var status = t.querySelector(".table__status");
    var message = t.querySelector(".table__message");
    return sentences([said(status), said(message)]);
  });
  add("l", function (t) {
    return sentences(Array.prototype.map.call(t.querySelectorAll(".log__ticker li"), said).reverse());
  });

  function listed(key) {
    var items = document.querySelectorAll("[data-query]");
    for (var i = 0; i < items.length; i++) {
      if (items[i].dataset.query === key) { return items[i]; }
    }
    return null;
  }

  K.register(function (event, t) {
    var key = (event.key || "").toLowerCase();
    var item = answers[key] && key.length === 1 ? listed(key) : null;
    if (!item || !window.tableNews) { return; }
    event.preventDefault();
    var none = item.closest("[data-none]");
    window.tableNews.say(answers[key](t) || (none ? none.dataset.none : ""), true);
  });

  window.tableQueries = {add: add, said: said, sentences: sentences};
}());
