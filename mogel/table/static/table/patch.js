/* A stream's patch of the table (mogel.table.regions, docs/push.md): only the regions that changed.

   The patch is a <template data-patch> holding the table's new start tag (an empty <section>),
   then every region of the new table in order: rendered when it changed, else a stub
   <template data-keep="key" data-h="hash">. It applies only to a table that shows the very same
   regions (same keys, in the same order; fresh ones, data-fresh, aside: the moves to animate,
   a flash, a count-in) and, for each stub, that very region (same hash). Anything else and
   nothing is touched: apply() says false and the page asks for the whole table.

   Unchanged regions stay the same elements (focus, an open <details>, a running countdown stay
   as they are); changed ones are replaced; the page's fresh ones go, the patch's come in before
   the region that follows them. The scripts that follow the table hear what an htmx swap says:
   htmx:beforeSwap before, htmx:afterSwap and htmx:afterSettle after. */
(function () {
  "use strict";

  function key(el) { return el.dataset.keep || el.dataset.k; }
  function fresh(el) { return el.hasAttribute("data-fresh"); }

  // The changes to make, or null when the patch does not fit the table.
  function plan(table, parts) {
    var live = {}, lasting = [];
    Array.prototype.forEach.call(table.querySelectorAll("[data-k]"), function (el) {
      live[el.dataset.k] = el;
      if (!fresh(el)) { lasting.push(el.dataset.k); }
    });
    var wanted = parts.filter(function (el) { return !fresh(el); }).map(key);
    if (wanted.join(" ") !== lasting.join(" ")) { return null; }
    var fits = parts.every(function (el) {
      return !el.hasAttribute("data-keep") || live[el.dataset.keep].dataset.h === el.dataset.h;
    });
    return fits ? live : null;
  }

  function attributes(live, next) {
    Array.prototype.slice.call(live.attributes).forEach(function (a) {
      if (!next.hasAttribute(a.name)) { live.removeAttribute(a.name); }
    });
    Array.prototype.forEach.call(next.attributes, function (a) {
      if (live.getAttribute(a.name) !== a.value) { live.setAttribute(a.name, a.value); }
    });
  }

  function change(table, parts, live) {
    Array.prototype.forEach.call(table.querySelectorAll("[data-fresh]"), function (el) { el.remove(); });
    var waiting = [];
    parts.forEach(function (el) {
      if (fresh(el)) { waiting.push(document.importNode(el, true)); return; }
      var was = live[key(el)];
      waiting.forEach(function (node) { was.parentNode.insertBefore(node, was); });
      waiting = [];
      if (!el.hasAttribute("data-keep")) { was.replaceWith(document.importNode(el, true)); }
    });
  }

  function apply(table, data) {
    var box = document.createElement("template");
    box.innerHTML = data;
    var patch = box.content.querySelector("template[data-patch]");
    var parts = patch ? Array.prototype.slice.call(patch.content.children) : [];
    var head = parts.shift();
    if (!head || head.id !== table.id || head.tagName !== table.tagName) { return false; }
    var live = plan(table, parts);
    // A fresh region last has no region after it to stand before (none does so today).
    if (!live || (parts.length && fresh(parts[parts.length - 1]))) { return false; }
    var detail = {target: table, elt: table, shouldSwap: true};
    window.htmx.trigger(table, "htmx:beforeSwap", detail);
    var focused = document.activeElement;
    var focusId = focused && focused !== document.body && table.contains(focused) ? focused.id : "";
    attributes(table, head);
    change(table, parts, live);
    var news = box.content.getElementById("announcer");
    var announcer = document.getElementById("announcer");
    // Its news is said by table/announce.js, once whichever way it came (docs/accessibility.md).
    if (news && window.tableNews && news.querySelector("[data-news]")) { window.tableNews.hear(news); }
    else if (news && announcer) { announcer.innerHTML = news.innerHTML; }
    if (focusId && document.activeElement !== focused) {
      var again = document.getElementById(focusId);
      if (again) { again.focus({preventScroll: true}); }
    }
    window.htmx.process(table);
    window.htmx.trigger(table, "htmx:afterSwap", detail);
    setTimeout(function () { window.htmx.trigger(table, "htmx:afterSettle", detail); },
               window.htmx.config.defaultSettleDelay || 0);
    return true;
  }

  window.tablePatch = {apply: apply};
}());
