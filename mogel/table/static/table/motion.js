/* Motion and sound at the card table, shared by every game: every public move is seen as a
   move, and heard when the player has turned sound on.

   The server puts the public moves since the page's last version into the swapped table
   (<template class="table__moves" data-moves="[{kind, from, to, card}]">, the kind's ``moves``
   hook, with the faces of the cards it may show). After htmx settles the new table, the moves
   are queued and shown one after the other. How a move looks is the game's: its own script
   registers its move kinds (window.tableMotion.register, below); a move nobody registered
   lights up its seat. The table itself is already the new one; the motion shows how it got there.

   One at a time, never overlapping: a move that arrives while another is shown waits its
   turn, and a queue that grows (the player's own move arrives with a bot's) plays faster, so
   the motion never lags far behind the table. The table itself is never held back where time
   matters: the server's "wake" (a bot's next move, a countdown ending) always goes through, as
   does every poll while the game says something urgent is on the table (tableMotion.urgent).
   Only the plain regular poll waits while a move is shown, briefly (MAX_HOLD), and is asked
   again the moment the queue is empty. The player's own posts are never held. Far behind, the
   oldest waiting moves are skipped (MAX_QUEUE).

   A landing card goes first. A move that carries "land" (ms) flies at once (older waiting
   moves are dropped, the table already shows them) and lands that long after it left, as the
   server counts it. Until it lands a countdown on the table stands still (table.js) and a
   game may time the player's reaction from the landing: the events "table:landing" and
   "table:landed" on document, and window.tableMotion.landing() say where it is.

   prefers-reduced-motion: reduce: nothing flies; the seats concerned get a short highlight
   (class motion-highlight) instead, in the same order; a landing card appears on the pile,
   highlighted, when it would have landed.

   Sound is off until the player presses the toggle ([data-sound-toggle], aria-pressed); the
   choice is kept in localStorage. The files are our own static files (scripts/make_sounds.py). */
(function () {
  "use strict";
  var KEY = "mogel-sound";
  var LEAD = 180;       // the acting seat lights up this long before its card leaves
  var FLY = 420;        // one card's flight
  var SIGN = 320;       // a sign shown at a seat
  var STILL = 650;      // reduced motion: how long a seat stays highlighted
  var MAX_HOLD = 800;   // never hold the regular poll back longer than this
  var MAX_QUEUE = 4;    // moves waiting to be shown, at most
  var SOUNDS = {round_end: "round", your_turn: "turn"};  // the shared cues' sound files

  var reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : {matches: false};
  var queue = [];
  var busy = false;
  var busySince = 0;
  var held = false;
  var landing = false;  // a card that carries "land" is on its way to the pile
  var before = null;    // the table as it was just before the latest swap

  function noop() {}
  function landed() {
    if (!landing) { return; }
    landing = false;
    document.dispatchEvent(new CustomEvent("table:landed"));
  }
  function table() { return document.getElementById("table"); }
  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, Math.max(0, ms)); }); }
  function finished(animation) { return animation.finished.then(noop, noop); }

  /* -- where things are ------------------------------------------------------------------ */

  function seatEl(seat) {
    var t = table();
    return t && seat !== null && seat !== undefined ? t.querySelector('.seat[data-seat="' + seat + '"]') : null;
  }
  function pileEl(which) { var t = table(); return t && t.querySelector(".pile--" + which + " .pile__card"); }
  function onScreen(r) {
    return r && r.width > 0 && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
  }
  function rectOf(el) { return el ? el.getBoundingClientRect() : null; }

  function cardSize() {
    var r = rectOf(pileEl("discard")) || rectOf(pileEl("draw"));
    return r && r.width ? {w: r.width, h: r.height} : {w: 64, h: 90};
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
    var el = overlay("motion-fly", node, {left: b.x - size.w / 2, top: b.y - size.h / 2, width: size.w, height: size.h});
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
    var name = className || "motion-acting";
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

  // A move no game registered a picture for: its seat lights up ("your turn" and a round's end
  // are only heard).
  function sign(move, speed) {
    var seat = seatEl(move.from);
    var ms = SIGN * speed;
    if (move.kind === "your_turn" || move.kind === "round_end") { return wait(0); }
    if (seat) { light(seat, ms); return pop(seat, ms); }
    return wait(ms);
  }

  // Reduced motion: the same order, but only a short highlight of the seats concerned.
  function still(move, speed) {
    var ms = STILL * speed;
    if (move.land) {
      // No flight: the landing card simply appears on the pile when it would have landed.
      var pile = pileEl("discard");
      if (pile) { pile.classList.add("motion-incoming"); }
      return wait(move.land).then(function () {
        if (pile) { pile.classList.remove("motion-incoming"); light(pile, ms, "motion-highlight"); }
        landed();
      });
    }
    [move.from, move.to].forEach(function (where) {
      if (typeof where === "number") { light(seatEl(where), ms, "motion-highlight"); }
    });
    if (move.to === "discard" || move.from === "discard") { light(pileEl("discard"), ms, "motion-highlight"); }
    if (move.to === "draw" || move.from === "draw") { light(pileEl("draw"), ms, "motion-highlight"); }
    return wait(move.kind === "your_turn" || move.kind === "round_end" ? 0 : ms);
  }

  function show(move, speed) {
    // A move names its sound ("sound"), or its kind names one of the toggle's sounds
    // (data-sound-<kind>, GameKind.sounds).
    sound(move.sound || SOUNDS[move.kind] || move.kind);
    if (kinds[move.kind]) { return Promise.resolve(kinds[move.kind](move, speed, reduce.matches)); }
    if (reduce.matches) { return still(move, speed); }
    return sign(move, speed);
  }

  /* -- a game's own moves ------------------------------------------------------------------
     Each game registers its move kinds from its own script (loaded after this one):
     register({kind: function (move, speed, reduced) -> Promise}); a handler that has no
     reduced picture of its own returns still(move, speed). urgent(function (table) -> bool):
     while it says so, the regular poll is never held (something there must show at once).
     withoutTurnCue([kind, …]): a batch holding such a move gets no "your turn" cue. The queue,
     the held poll, "your turn", the sounds, reduced motion and the landing stay shared. */
  var kinds = {};
  var urgent = [];
  var noCue = {};
  window.tableMotion = {
    register: function (more) { Object.keys(more).forEach(function (k) { kinds[k] = more[k]; }); },
    urgent: function (test) { urgent.push(test); },
    withoutTurnCue: function (list) { list.forEach(function (k) { noCue[k] = true; }); },
    landing: function () { return landing; },
    landed: landed,
    busy: function () { return busy; },
    table: table, seat: seatEl, pile: pileEl, rectOf: rectOf, onScreen: onScreen, centre: centre,
    overlay: overlay, fly: fly, light: light, pop: pop, wait: wait, finished: finished, still: still,
    STILL: STILL, FLY: FLY, LEAD: LEAD, SIGN: SIGN
  };

  /* -- the queue -------------------------------------------------------------------------- */

  function next() {
    var move = queue.shift();
    if (!move) {
      busy = false;
      var t = table();
      document.documentElement.classList.remove("motion-busy");
      if (held && t && window.htmx) { held = false; window.htmx.trigger(t, "wake"); }
      held = false;
      return;
    }
    busy = true;
    busySince = performance.now();
    document.documentElement.classList.add("motion-busy");
    // Behind (more moves waiting)? Then each is shown faster, so the table never lags far.
    var speed = queue.length <= 1 ? 1 : Math.max(0.3, 2 / (1 + queue.length));
    // Whichever comes first, the move's end or the safety limit, moves the queue on, once.
    var over = false;
    function done() {
      if (over) { return; }
      over = true;
      if (move.land) { landed(); }   // whatever happened to its flight, the card is there now
      next();
    }
    show(move, speed).then(done, done);
    wait((LEAD + FLY + 400) * 2).then(done);
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
    if (urgent.some(function (test) { return test(t); })) { return false; }
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
    before = {turn: yourTurn(t), done: !!document.querySelector(".step-panel__done"), fresh: true};
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
    var hushed = moves.some(function (m) { return noCue[m.kind]; });
    var lands = -1;
    moves.forEach(function (m, i) { if (m.land) { lands = i; } });
    if (lands >= 0) {
      // A countdown counts from this card on the pile: it flies now, behind nothing older.
      moves = moves.slice(lands);
      queue = [];
      landing = true;
      document.dispatchEvent(new CustomEvent("table:landing"));
    }
    if (!was.turn && yourTurn(t) && !hushed) { moves.push({kind: "your_turn", from: null, to: null}); }
    enqueue(moves);
    var done = document.querySelector(".step-panel__done");
    if (done && !was.done) { celebrate(done); }
  });

  /* -- a lesson completed ----------------------------------------------------------------- */

  function celebrate(el) {
    sound("celebrate");
    el.classList.add("motion-celebrate");
    if (reduce.matches || !el.animate) { return; }
    el.animate([{transform: "scale(0.6)", opacity: 0}, {transform: "scale(1.15)", opacity: 1, offset: 0.6},
                {transform: "scale(1)"}], {duration: 600, easing: "ease-out"});
    var r = rectOf(el);
    var c = centre(r);
    for (var i = 0; i < 16; i++) {
      var bit = document.createElement("span");
      bit.className = "motion-confetti motion-confetti--" + (i % 4);
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
    document.documentElement.classList.add("motion-on");
    showToggles();
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
