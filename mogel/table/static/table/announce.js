/* What the table's live regions say (docs/accessibility.md, "Announcements").

   Every table the page gets (a move's answer, a poll, a pushed table, a stream's patch) carries
   the lines of its news, each with the public version it is news of (data-news) and a mark on
   what needs the person first (data-urgent, as the game decides: a moment they may act in, an
   accusation of them, their turn). This script says each line once, in order: a line of a version already said is not
   said again, however many ways the same news reached the page. The urgent ones go to the
   assertive region (#announcer-urgent), the rest to the polite one (#announcer). Lines are added
   one by one (a screen reader says each addition) and the oldest dropped, so news that comes
   quickly after other news does not replace it before it was said.

   When the player's turn begins (the prompt turns to "you", table.html's status line) the
   prompt is said assertively too. window.tableNews.say(text, urgent) is for the query keys
   (table/queries.js). */
(function () {
  "use strict";
  var KEPT = 6;        // lines kept in a region: enough for a screen reader still speaking
  var heard = null;    // the newest news version said
  var mine = false;    // the prompt spoke to the player on the last table said
  var seenVersion = null;

  function table() { return document.getElementById("table"); }
  function region(urgent) { return document.getElementById(urgent ? "announcer-urgent" : "announcer"); }
  function versionShown() { var t = table(); return t ? Number(t.dataset.version) : null; }

  function say(text, urgent) {
    var box = region(urgent);
    text = (text || "").replace(/\s+/g, " ").trim();
    if (!box || !text) { return; }
    var line = document.createElement("p");
    line.textContent = text;
    box.appendChild(line);
    while (box.children.length > KEPT) { box.removeChild(box.firstElementChild); }
  }

  // The lines of one table's news that were not said yet, urgent ones first.
  function hear(box) {
    var lines = Array.prototype.slice.call(box.querySelectorAll("[data-news]"));
    var fresh = lines.filter(function (line) { return heard === null || Number(line.dataset.news) > heard; });
    fresh.forEach(function (line) { heard = Math.max(heard || 0, Number(line.dataset.news)); });
    fresh.filter(function (line) { return line.hasAttribute("data-urgent"); })
      .forEach(function (line) { say(line.textContent, true); });
    fresh.filter(function (line) { return !line.hasAttribute("data-urgent"); })
      .forEach(function (line) { say(line.textContent, false); });
  }

  // The player's turn begins: the prompt says what to do, before anything polite.
  function turn() {
    var t = table(), prompt = document.getElementById("table-prompt");
    var now = !!(prompt && prompt.classList.contains("table__prompt--you"));
    var version = versionShown();
    if (now && !mine && t && version !== seenVersion) { say(prompt.textContent, true); }
    mine = now;
    seenVersion = version;
  }

  function start() {
    var t = table();
    if (!t || !t.hasAttribute("data-ordered")) { return; }
    // What the page showed at its load was news to nobody: only what comes after it is said.
    heard = Number(t.dataset.version);
    var prompt = document.getElementById("table-prompt");
    mine = !!(prompt && prompt.classList.contains("table__prompt--you"));
    seenVersion = heard;
    var polite = region(false);
    if (polite) { polite.setAttribute("aria-atomic", "false"); }
  }

  // A table's news, swapped out-of-band by htmx (an answer, a poll, a pushed table): said here instead.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var detail = event.detail || {};
    var box = detail.fragment;
    if (!detail.target || detail.target.id !== "announcer" || !box || !box.querySelector) { return; }
    if (!box.querySelector("[data-news]")) { return; }
    detail.shouldSwap = false;
    hear(box);
  });
  document.addEventListener("htmx:afterSettle", function () { if (heard !== null) { turn(); } });
  document.addEventListener("DOMContentLoaded", start);

  window.tableNews = {hear: hear, say: say};
}());
