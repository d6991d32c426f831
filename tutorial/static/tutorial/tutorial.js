/* The lesson page's script: where keyboard focus goes after htmx swaps the lesson table.

   htmx gives focus back to the element with the same id, and ids on the table are per
   position ("card-0"), so after a move focus could land on another card, a card you can't
   play, or nowhere (<body>). After every swap of #table this script decides instead:
     - the step has just ended: the panel's way on ("Next step", "Next lesson", "Try again"),
       scrolled into view together with the result;
     - a hint was revealed: the hint button while there are more, else the button of the
       hinted move (or the hint itself); the live region reads the hint out (the server puts
       it there);
     - focus was on the table: the same card or control if it is still there and still does
       what it did, else the first thing you can do now (in the order the game's lesson
       table gives), else the line that says what happens now;
     - a refused move: focus stays on the card you tried; the explanation (role=alert) is
       scrolled into view if it is not.
   Focus elsewhere on the page (the step dots, a link) is left alone. */
(function () {
  "use strict";
  var before = null;

  /* The first of the game's own selectors that can be used gets focus: its lesson table lists
     them in order (data-focus-order, JSON), never a side move (one that hides a card or accuses
     someone), as an Enter meant for something else must not accuse anyone. Without a list, the
     prompt. */
  function liveOrder() {
    var t = table();
    try {
      return JSON.parse((t && t.dataset.focusOrder) || "null") || ["#table-prompt"];
    } catch (e) {
      return ["#table-prompt"];
    }
  }

  function table() { return document.getElementById("table"); }
  function panel() { return document.getElementById("lesson-panel"); }

  function usable(el) {
    return el && !el.disabled && el.getAttribute("aria-disabled") !== "true" &&
      !el.classList.contains("card-btn--off") && !el.classList.contains("card-btn--done");
  }

  /* What a focused element is, as a selector that finds the same thing after the swap:
     a card's button by the card it shows and its first class (the card itself, or a side
     button under it), as ids go by position in the hand; else by id. */
  function describe(el) {
    if (!el || !el.closest) { return null; }
    var selector = "";
    if (el.dataset && el.dataset.card) {
      selector = '#table .hand [data-card="' + CSS.escape(el.dataset.card) + '"]' +
        (el.classList.length ? "." + CSS.escape(el.classList[0]) : "");
    } else if (el.id) {
      selector = "#" + CSS.escape(el.id);
    } else if (el.classList.contains("log__list")) {
      selector = "#table .log__list";
    }
    return {selector: selector, usable: usable(el)};
  }

  function find(was) {
    return was && was.selector ? document.querySelector(was.selector) : null;
  }

  function firstLive() {
    var live = liveOrder();
    for (var i = 0; i < live.length; i++) {
      var el = document.querySelector(live[i]);
      if (el && usable(el)) { return el; }
    }
    return null;
  }

  function visible(el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }

  function reveal(el) {
    if (el && !visible(el)) {
      var still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({block: "nearest", behavior: still ? "auto" : "smooth"});
    }
  }

  /* Focus without a jump; scroll only to show the outcome of the learner's own move or the
     end of the step (a poll must not pull the page back while someone reads the goal). */
  function focus(el, show) {
    if (!el) { return; }
    el.focus({preventScroll: true});
    if (show !== false) { reveal(show || el); }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var t = table();
    if (!t || event.detail.target !== t || !event.detail.shouldSwap) { return; }
    var active = document.activeElement;
    var mine = event.detail.requestConfig && event.detail.requestConfig.elt;
    var p = panel();
    before = {
      status: t.dataset.status,
      focused: describe(active),
      // Focus on the table or the panel: both are replaced, so focus needs a new home.
      inside: !!active && (t.contains(active) || (!!p && p.contains(active))),
      idle: !active || active === document.body,
      hint: !!mine && mine.id === "btn-hint",
      move: !!mine && mine !== t
    };
  });

  /* The move the second hint names, framed on any kind's table (a game's hand may also mark
     the hinted card itself). */
  function markHint() {
    var t = table();
    var hinted = t && t.dataset.hint ? t.querySelector('button[value="' + CSS.escape(t.dataset.hint) + '"]') : null;
    if (hinted) { hinted.classList.add("is-hinted"); }
  }
  document.addEventListener("DOMContentLoaded", markHint);

  document.addEventListener("htmx:afterSettle", function () {
    markHint();
    var was = before;
    before = null;
    var t = table();
    if (!was || !t) { return; }

    if (was.status === "playing" && t.dataset.status !== "playing") {
      if (!was.inside && !was.idle) { return; }
      var p = panel();
      var next = p && p.querySelector(".step-panel__actions .btn--primary");
      focus(next || document.getElementById("step"), p);
      return;
    }
    if (!was.inside) { return; }
    var show = was.move ? undefined : false;
    if (was.hint) {
      var more = document.getElementById("btn-hint");
      var hinted = t.dataset.hint ? t.querySelector('button[value="' + CSS.escape(t.dataset.hint) + '"]') : null;
      var hints = document.querySelector(".step-panel__hints li:last-child");
      focus(usable(more) ? more : usable(hinted) ? hinted : hints, show);
      return;
    }
    var same = find(was.focused);
    var message = t.querySelector(".table__message");
    if (same && (usable(same) || !was.focused.usable)) {
      // The same card or control, still doing what it did (a refused card stays focused).
      focus(same, was.move ? message || same : false);
      return;
    }
    focus(firstLive() || same || document.getElementById("step"), was.move ? message || undefined : false);
  });
})();
