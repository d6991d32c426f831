/* Motion and sound at the card table: every public move is seen as a move, and heard when the
   player has turned sound on.

   The server puts the public moves since the page's last version into the swapped table
   (<template class="table__moves" data-moves="[{kind, from, to, card}]">, games/mogel_motte/table/motion.py,
   with the faces of the cards it may show). After htmx settles the new table, the moves are
   queued and shown one after the other: the seat that acts lights up, then its card flies
   (seat → discard pile, draw pile → seat, seat → seat, the Guard Bug to its new owner).
   The table itself is already the new one; a card's destination stays hidden until the card
   lands on it.

   One at a time, never overlapping: a move that arrives while another is shown waits its
   turn, and a queue that grows (the player's own move arrives with a bot's) plays faster, so
   the motion never lags far behind the table. The table itself is never held back where time
   matters: the server's "wake" (a bot's next move, a window closing) always goes through, as
   does every poll while a mosquito or cockroach window is open or while the player holds the
   Guard Bug (a tell must show at once). Only the plain regular poll waits while a move is
   shown, briefly (MAX_HOLD), and is asked again the moment the queue is empty. The player's
   own posts are never held. Far behind, the oldest waiting moves are skipped (MAX_QUEUE).

  A window's card lands first. The played card that opens a mosquito or cockroach window
   carries "land" (ms): it flies at once (older waiting moves are dropped, the table already
   shows them) and lands that long after it left, as the server counts it (the window counts
   from the landing, for the bots too). Until it lands the window's countdown stands still
   (table.js) and the player's reaction is timed from the landing (reflex.js): the events
   "mm:landing" and "mm:landed" on document, and window.tableMotion.landing() say where it is.

  prefers-reduced-motion: reduce: nothing flies; the seats concerned get a short highlight
   (class mm-highlight) instead, in the same order; a window's card appears on the pile, highlighted,
   when it would have landed.

   Sound is off until the player presses the toggle ([data-sound-toggle], aria-pressed); the
   choice is kept in localStorage. The files are our own static files (scripts/make_sounds.py). */
(function () {
  "use strict";
  var KEY = "mogel-sound";
  var LEAD = 180;       // the acting seat lights up this long before its card leaves
  var FLY = 420;        // one card's flight
  var SIGN = 320;       // a slap, a mosquito, a Caught! shown at a seat
  var STILL = 650;      // reduced motion: how long a seat stays highlighted
  var MAX_HOLD = 800;   // never hold the regular poll back longer than this
  var MAX_QUEUE = 4;    // moves waiting to be shown, at most
  var SOUNDS = {mosquito: "mosquito", cockroach: "cockroach", slap: "slap", caught: "caught",
                round_end: "round", your_turn: "turn", celebrate: "celebrate"};

  var reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : {matches: false};
  var queue = [];
  var busy = false;
  var busySince = 0;
  var held = false;
  var landing = false;  // a window's card is on its way to the pile
  var before = null;    // the table as it was just before the latest swap
  var lastTop = null;   // the face the discard pile showed before the card now flying there

  function noop() {}
  function landed() {
    if (!landing) { return; }
    landing = false;
    document.dispatchEvent(new CustomEvent("mm:landed"));
  }
  function table() { return document.getElementById("table"); }
  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, Math.max(0, ms)); }); }
  function finished(animation) { return animation.finished.then(noop, noop); }

  /* -- where things are ------------------------------------------------------------------ */

  function seatEl(seat) {
    var t = table();
    return t && seat !== null && seat !== undefined ? t.querySelector('.seat[data-seat="' + seat + '"]') : null;
  }
  function isMe(seat) { var s = seatEl(seat); return !!s && s.classList.contains("seat--me"); }
  function pileEl(which) { var t = table(); return t && t.querySelector(".pile--" + which + " .pile__card"); }
  function handCard(card) {
    var t = table();
    return t && card ? t.querySelector('.hand .card-btn[data-card="' + CSS.escape(card) + '"]') : null;
  }
  function onScreen(r) {
    return r && r.width > 0 && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
  }
  function rectOf(el) { return el ? el.getBoundingClientRect() : null; }

  /* A place as a rectangle on screen (and the element a card lands on, hidden until then).
     My own seat is my hand: the very card when it is known, else the hand, else the seat. */
  function place(where, card, arriving) {
    if (where === "draw" || where === "discard") {
      var pile = pileEl(where);
      return pile ? {rect: rectOf(pile), el: arriving && where === "discard" ? pile : null} : null;
    }
    var seat = seatEl(where);
    if (!seat) { return null; }
    if (isMe(where)) {
      var spot = null;
      if (arriving) {
        var el = handCard(card);
        if (el && onScreen(rectOf(el))) { return {rect: rectOf(el), el: el}; }
      } else if (card && before && before.hand[card]) {
        spot = before.hand[card];
      }
      if (!spot) { var t = table(); var hand = t && t.querySelector(".hand"); spot = rectOf(hand); }
      if (onScreen(spot)) { return {rect: spot, el: null}; }
    }
    return {rect: rectOf(seat), el: null, seat: seat};
  }

  function cardSize() {
    var r = rectOf(pileEl("discard")) || rectOf(pileEl("draw"));
    return r && r.width ? {w: r.width, h: r.height} : {w: 64, h: 90};
  }

  function face(move) {
    var t = table();
    var tpl = move.faces;
    var svg = move.card && tpl ? tpl.querySelector('[data-face="' + CSS.escape(move.card) + '"] svg') : null;
    if (!svg && t) { svg = t.querySelector(".pile--draw .pile__card svg"); }
    return svg ? svg.cloneNode(true) : document.createElement("span");
  }

  /* -- drawing ---------------------------------------------------------------------------- */

  function overlay(className, node, rect) {
    var el = document.createElement("div");
    el.className = className;
    el.setAttribute("aria-hidden", "true");
    el.appendChild(node);
    el.style.left = rect.left + "px";
    el.style.top = rect.top + "px";
    el.style.width = rect.width + "px";
    el.style.height = rect.height + "px";
    document.body.appendChild(el);
    return el;
  }

  function centre(r) { return {x: r.left + r.width / 2, y: r.top + r.height / 2}; }

  // A card from one rectangle to another, in an arc, growing or shrinking to the size there.
  function fly(node, from, to, ms, size) {
    size = size || cardSize();
    var a = centre(from), b = centre(to);
    var el = overlay("mm-fly", node, {left: b.x - size.w / 2, top: b.y - size.h / 2, width: size.w, height: size.h});
    var s0 = Math.max(0.35, Math.min(1.2, from.height / size.h));
    var s1 = Math.max(0.35, Math.min(1.2, to.height / size.h));
    var dx = a.x - b.x, dy = a.y - b.y;
    var lift = Math.min(60, Math.abs(dx) * 0.25 + 20);
    var animation = el.animate([
      {transform: "translate(" + dx + "px," + dy + "px) scale(" + s0 + ") rotate(-12deg)", opacity: 0.7},
      {offset: 0.55, transform: "translate(" + dx * 0.4 + "px," + (dy * 0.4 - lift) + "px) scale(" +
        Math.max(s0, s1, 0.9) + ") rotate(4deg)", opacity: 1},
      {transform: "translate(0,0) scale(" + s1 + ") rotate(0deg)", opacity: 1}
    ], {duration: ms, easing: "cubic-bezier(.3,.7,.4,1)"});
    return finished(animation).then(function () { el.remove(); });
  }

  function light(el, ms, className) {
    if (!el) { return; }
    var name = className || "mm-acting";
    el.classList.add(name);
    setTimeout(function () { el.classList.remove(name); }, ms);
  }

  function pop(el, ms, keyframes) {
    if (!el || !el.animate) { return Promise.resolve(); }
    return finished(el.animate(keyframes || [
      {transform: "scale(1)"}, {transform: "scale(1.12)"}, {transform: "scale(1)"}
    ], {duration: ms, easing: "ease-out"}));
  }

  /* -- one move --------------------------------------------------------------------------- */

  var CARD_KINDS = {play: 1, race: 1, draw: 1, ant: 1, gift: 1, hand: 1, penalty: 1, reshuffle: 1};
  var SHAKE = [{transform: "translateX(0)"}, {transform: "translateX(-5px)"}, {transform: "translateX(5px)"},
               {transform: "translateX(-3px)"}, {transform: "translateX(0)"}];
  var SLAP = [{transform: "scale(1)"}, {transform: "scale(0.94)"}, {transform: "scale(1.03)"}, {transform: "scale(1)"}];

  function moveCard(move, speed) {
    // The window's card: its lead and flight take exactly "land" ms, as the server counts it.
    if (move.land) { speed = move.land / (LEAD + FLY); }
    var actor = typeof move.from === "number" ? seatEl(move.from) : seatEl(move.to);
    light(actor, (LEAD + FLY) * speed);
    var from = place(move.from, move.card, false);
    var to = place(move.to, move.card, true);
    if (!from || !to || !onScreen(from.rect) && !onScreen(to.rect)) {
      return wait(move.land ? move.land : LEAD * speed);
    }
    var node = face(move);
    var under = null;
    if (to.el) {
      to.el.classList.add("mm-incoming");
      if (move.to === "discard" && lastTop) { under = overlay("mm-under", lastTop.cloneNode(true), to.rect); }
    }
    if (move.to === "discard") { lastTop = node.cloneNode(true); }
    return wait(LEAD * speed).then(function () {
      return fly(node, from.rect, to.rect, FLY * speed);
    }).then(function () {
      if (move.land) { landed(); }
      if (under) { under.remove(); }
      if (to.el) { to.el.classList.remove("mm-incoming"); pop(to.el, 160 * speed); }
      else if (to.seat) { pop(to.seat, 160 * speed); }
    });
  }

  function moveGuard(move, speed) {
    var t = table();
    var bug = t && t.querySelector('.seat[data-seat="' + move.to + '"] .seat__guard');
    var fromSeat = seatEl(move.from);
    var from = fromSeat ? rectOf(fromSeat) : before && before.guard;
    if (!bug || !from) { return wait(0); }
    var svg = bug.querySelector("svg");
    var to = rectOf(bug);
    bug.classList.add("mm-incoming");
    var box = {left: to.left, top: to.top, width: to.width, height: to.height};
    var el = overlay("mm-fly mm-fly--bug", svg ? svg.cloneNode(true) : document.createElement("span"), box);
    var a = centre(from), b = centre(to);
    var animation = el.animate([
      {transform: "translate(" + (a.x - b.x) + "px," + (a.y - b.y) + "px) scale(1.6) rotate(-20deg)"},
      {offset: 0.5, transform: "translate(" + (a.x - b.x) / 2 + "px," + ((a.y - b.y) / 2 - 50) + "px) scale(2.2) rotate(15deg)"},
      {transform: "translate(0,0) scale(1) rotate(0deg)"}
    ], {duration: (FLY + 300) * speed, easing: "ease-in-out"});
    light(seatEl(move.to), (FLY + 400) * speed);
    return finished(animation).then(function () {
      el.remove();
      bug.classList.remove("mm-incoming");
      return pop(bug, 200 * speed);
    });
  }

  function sign(move, speed) {
    var seat = seatEl(move.from);
    var ms = SIGN * speed;
    if (move.kind === "slap") { light(seat, ms); return pop(seat, ms, SLAP); }
    if (move.kind === "mosquito" || move.kind === "cockroach") {
      light(seat, ms);
      return pop(pileEl("discard"), ms, [{transform: "rotate(0)"}, {transform: "rotate(-6deg) scale(1.1)"},
                                         {transform: "rotate(5deg) scale(1.1)"}, {transform: "rotate(0)"}]);
    }
    if (move.kind === "caught" || move.kind === "wrong") {
      light(seat, ms * 2);
      var accused = seatEl(move.to);
      light(accused, ms * 2, move.kind === "caught" ? "mm-accused" : "mm-acting");
      return pop(move.kind === "caught" ? accused : seat, ms * 1.5, SHAKE);
    }
    if (move.kind === "slowest" || move.kind === "keep") { light(seat, ms * 1.5); return pop(seat, ms); }
    if (move.kind === "your_turn" || move.kind === "round_end") { return wait(0); }
    // Another game's move (GameKind.moves) this script has no picture for: its seat lights up.
    if (seat) { light(seat, ms); return pop(seat, ms); }
    return wait(ms);
  }

  // Reduced motion: the same order, but only a short highlight of the seats concerned.
  function still(move, speed) {
    var ms = STILL * speed;
    if (move.land) {
      // No flight: the window's card simply appears on the pile when it would have landed.
      var pile = pileEl("discard");
      if (pile) { pile.classList.add("mm-incoming"); }
      return wait(move.land).then(function () {
        if (pile) { pile.classList.remove("mm-incoming"); light(pile, ms, "mm-highlight"); }
        landed();
      });
    }
    [move.from, move.to].forEach(function (where) {
      if (typeof where === "number") { light(seatEl(where), ms, "mm-highlight"); }
    });
    if (move.to === "discard" || move.from === "discard") { light(pileEl("discard"), ms, "mm-highlight"); }
    if (move.to === "draw" || move.from === "draw") { light(pileEl("draw"), ms, "mm-highlight"); }
    return wait(move.kind === "your_turn" || move.kind === "round_end" ? 0 : ms);
  }

  function show(move, speed) {
    // Mogel Motte's moves by their own names; any kind's move names its sound ("sound"), or its
    // kind names one of the toggle's sounds (data-sound-<kind>, GameKind.sounds).
    sound(move.sound || SOUNDS[move.kind] || move.kind);
    if (kinds[move.kind]) { return Promise.resolve(kinds[move.kind](move, speed, reduce.matches)); }
    if (reduce.matches) { return still(move, speed); }
    if (CARD_KINDS[move.kind]) { return moveCard(move, speed); }
    if (move.kind === "guard") { return moveGuard(move, speed); }
    return sign(move, speed);
  }

  /* -- the hook for another game's moves ---------------------------------------------------
     A game whose moves are not these registers its own kinds: window.tableMotion.register({kind:
     function (move, speed, reduced) -> Promise}). The queue, the held poll, "your turn", the
     sounds (a move's own "sound", else the kind's) and reduced motion stay shared. */
  var kinds = {};
  window.tableMotion = {
    register: function (more) { Object.keys(more).forEach(function (k) { kinds[k] = more[k]; }); },
    landing: function () { return landing; },
    fly: fly, light: light, pop: pop, wait: wait, rectOf: rectOf, onScreen: onScreen, STILL: STILL, FLY: FLY, LEAD: LEAD
  };

  /* -- the queue -------------------------------------------------------------------------- */

  function next() {
    var move = queue.shift();
    if (!move) {
      busy = false;
      var t = table();
      document.documentElement.classList.remove("mm-busy");
      if (held && t && window.htmx) { held = false; window.htmx.trigger(t, "wake"); }
      held = false;
      return;
    }
    busy = true;
    busySince = performance.now();
    document.documentElement.classList.add("mm-busy");
    // Behind (more moves waiting)? Then each is shown faster, so the table never lags far.
    var speed = queue.length <= 1 ? 1 : Math.max(0.3, 2 / (1 + queue.length));
    var safety = wait((LEAD + FLY + 400) * 2);
    Promise.race([show(move, speed).then(noop, noop), safety]).then(function () {
      if (move.land) { landed(); }   // whatever happened to its flight, the card is there now
      next();
    });
  }

  function enqueue(moves) {
    if (!moves.length) { return; }
    queue.push.apply(queue, moves);
    // Far behind (a very quick table, a tab that slept): the oldest moves are skipped, so
    // what moves on screen is never more than a moment older than the table it moves on.
    if (queue.length > MAX_QUEUE) { queue.splice(0, queue.length - MAX_QUEUE); }
    if (landing && !queue.some(function (m) { return m.land; })) { landed(); }  // its flight was skipped
    if (!busy) { next(); }
  }

  // Hold the table's regular poll while a move is shown, unless something there is urgent.
  function holdable(t, detail) {
    var verb = detail.requestConfig && detail.requestConfig.verb;
    var trigger = detail.requestConfig && detail.requestConfig.triggeringEvent;
    if (!busy || detail.elt !== t || (verb && verb.toLowerCase() !== "get")) { return false; }
    if (trigger && trigger.type === "wake") { return false; }
    if (t.matches(".table--mosquito, .table--cockroach") || t.querySelector(".btn--catch, #btn-slap, #btn-race")) {
      return false;
    }
    return performance.now() - busySince <= MAX_HOLD;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var t = table();
    if (t && holdable(t, event.detail || {})) {
      event.preventDefault();
      held = true;
    }
  });

  function yourTurn(root) {
    return !!root && !!root.querySelector(".table__prompt--you, .seat--me.seat--turn, .seat--me.seat--owes");
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var t = table();
    if (!t || event.detail.target !== t) { return; }
    var hand = {};
    t.querySelectorAll(".hand .card-btn[data-card]").forEach(function (b) { hand[b.dataset.card] = rectOf(b); });
    var guard = t.querySelector(".seat__guard");
    var top = t.querySelector(".pile--discard .pile__card svg");
    if (!busy && top) { lastTop = top.cloneNode(true); }
    before = {hand: hand, guard: guard ? rectOf(guard.closest(".seat") || guard) : null,
              turn: yourTurn(t), done: !!document.querySelector(".step-panel__done"), fresh: true};
  });

  document.addEventListener("htmx:afterSettle", function () {
    var t = table();
    var was = before;
    // htmx settles each swapped element (the table, the live region…): act once per swap.
    if (!t || !was || !was.fresh) { return; }
    was.fresh = false;
    var tpl = t.querySelector("template.table__moves:not([data-shown])");
    var moves = [];
    if (tpl) {
      tpl.setAttribute("data-shown", "");
      try { moves = JSON.parse(tpl.dataset.moves || "[]"); } catch (e) { moves = []; }
      moves.forEach(function (m) { m.faces = tpl.content; });
    }
    var windowOpens = moves.some(function (m) { return m.kind === "mosquito" || m.kind === "cockroach"; });
    var lands = -1;
    moves.forEach(function (m, i) { if (m.land) { lands = i; } });
    if (lands >= 0) {
      // The window counts from its card on the pile: that card flies now, behind nothing older.
      moves = moves.slice(lands);
      queue = [];
      landing = true;
      document.dispatchEvent(new CustomEvent("mm:landing"));
    }
    if (!was.turn && yourTurn(t) && !windowOpens) { moves.push({kind: "your_turn", from: null, to: null}); }
    enqueue(moves);
    var done = document.querySelector(".step-panel__done");
    if (done && !was.done) { celebrate(done); }
  });

  /* -- a lesson completed ----------------------------------------------------------------- */

  function celebrate(el) {
    sound("celebrate");
    el.classList.add("mm-celebrate");
    if (reduce.matches || !el.animate) { return; }
    el.animate([{transform: "scale(0.6)", opacity: 0}, {transform: "scale(1.15)", opacity: 1, offset: 0.6},
                {transform: "scale(1)"}], {duration: 600, easing: "ease-out"});
    var r = rectOf(el);
    var c = centre(r);
    for (var i = 0; i < 16; i++) {
      var bit = document.createElement("span");
      bit.className = "mm-confetti mm-confetti--" + (i % 4);
      bit.setAttribute("aria-hidden", "true");
      bit.style.left = c.x + "px";
      bit.style.top = c.y + "px";
      document.body.appendChild(bit);
      var angle = (i / 16) * 2 * Math.PI;
      var reach = 60 + (i % 3) * 30;
      var dx = Math.cos(angle) * reach, dy = Math.sin(angle) * reach * 0.7 - 20;
      finished(bit.animate([
        {transform: "translate(0,0) rotate(0deg) scale(0.4)", opacity: 1},
        {transform: "translate(" + dx + "px," + dy + "px) rotate(" + (i * 47) + "deg) scale(1)", opacity: 1, offset: 0.6},
        {transform: "translate(" + dx * 1.2 + "px," + (dy + 50) + "px) rotate(" + (i * 90) + "deg) scale(0.8)", opacity: 0}
      ], {duration: 1100 + (i % 4) * 100, easing: "cubic-bezier(.2,.8,.4,1)"})).then(bit.remove.bind(bit));
    }
  }

  /* -- sound ------------------------------------------------------------------------------ */

  var audio = {};
  var choice = null;  // where localStorage is refused (a private window): this page only

  function soundOn() {
    try { return (window.localStorage.getItem(KEY) || choice) === "on"; } catch (e) { return choice === "on"; }
  }

  function sound(name) {
    if (!soundOn()) { return; }
    var toggle = document.querySelector("[data-sound-toggle]");
    var url = toggle && toggle.getAttribute("data-sound-" + name);
    if (!url) { return; }
    var a = audio[name] || (audio[name] = new Audio(url));
    a.volume = 0.7;
    try { a.currentTime = 0; } catch (e) { /* not loaded yet */ }
    var playing = a.play();
    // Before the player's first tap the browser may refuse to play: silence, not an error.
    if (playing && playing.catch) { playing.catch(noop); }
  }

  function showToggles() {
    var on = soundOn();
    document.querySelectorAll("[data-sound-toggle]").forEach(function (b) {
      b.hidden = false;
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  document.addEventListener("click", function (event) {
    var b = event.target && event.target.closest && event.target.closest("[data-sound-toggle]");
    if (!b) { return; }
    var on = !soundOn();
    choice = on ? "on" : "off";
    try { window.localStorage.setItem(KEY, choice); } catch (e) { /* kept in `choice` */ }
    showToggles();
    if (on) { sound("turn"); }  // a sample, and this tap lets the browser play sounds later
  });

  function init() {
    document.documentElement.classList.add("mm-motion");
    showToggles();
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
