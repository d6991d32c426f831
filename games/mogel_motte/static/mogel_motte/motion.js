/* Mogel Motte's moves at the table, through the shared motion queue (table/motion.js:
   window.tableMotion).

   The server sends the public moves since the page's last version (games/mogel_motte/table/motion.py):
   the seat that acts lights up, then its card flies (seat → discard pile, draw pile → seat,
   seat → seat), the Guard Bug flies to its new owner, and a slap, a mosquito or cockroach, a
   Caught! shows at its seat. The swapped table stays hidden where a card lands until it lands.

   A window's card lands first: the played card that opens a mosquito or cockroach window
   carries "land" (ms), and its lead and flight take exactly that long, as the server counts it
   (the window counts from the landing, for the bots too); the shared queue says when it lands
   ("table:landed"). While a window is open or the player holds the Guard Bug, the regular poll is
   never held (a tell must show at once), and a window's opening is no "your turn" cue.
   Reduced motion: the shared short highlight (tableMotion.still) instead. */
(function () {
  "use strict";
  var M = window.tableMotion;
  if (!M) { return; }

  var before = null;    // the hand and the Guard Bug as they were just before the latest swap
  var lastTop = null;   // the face the discard pile showed before the card now flying there

  /* -- where things are ------------------------------------------------------------------ */

  function isMe(seat) { var s = M.seat(seat); return !!s && s.classList.contains("seat--me"); }
  function handCard(card) {
    var t = M.table();
    return t && card ? t.querySelector('.hand .card-btn[data-card="' + CSS.escape(card) + '"]') : null;
  }

  /* A place as a rectangle on screen (and the element a card lands on, hidden until then).
     My own seat is my hand: the very card when it is known, else the hand, else the seat. */
  function place(where, card, arriving) {
    if (where === "draw" || where === "discard") {
      var pile = M.pile(where);
      return pile ? {rect: M.rectOf(pile), el: arriving && where === "discard" ? pile : null} : null;
    }
    var seat = M.seat(where);
    if (!seat) { return null; }
    if (isMe(where)) {
      var spot = null;
      if (arriving) {
        var el = handCard(card);
        if (el && M.onScreen(M.rectOf(el))) { return {rect: M.rectOf(el), el: el}; }
      } else if (card && before && before.hand[card]) {
        spot = before.hand[card];
      }
      if (!spot) { var t = M.table(); var hand = t && t.querySelector(".hand"); spot = M.rectOf(hand); }
      if (M.onScreen(spot)) { return {rect: spot, el: null}; }
    }
    return {rect: M.rectOf(seat), el: null, seat: seat};
  }

  function face(move) {
    var t = M.table();
    var tpl = move.faces;
    var svg = move.card && tpl ? tpl.querySelector('[data-face="' + CSS.escape(move.card) + '"] svg') : null;
    if (!svg && t) { svg = t.querySelector(".pile--draw .pile__card svg"); }
    return svg ? svg.cloneNode(true) : document.createElement("span");
  }

  /* -- one move --------------------------------------------------------------------------- */

  var SHAKE = [{transform: "translateX(0)"}, {transform: "translateX(-5px)"}, {transform: "translateX(5px)"},
               {transform: "translateX(-3px)"}, {transform: "translateX(0)"}];
  var SLAP = [{transform: "scale(1)"}, {transform: "scale(0.94)"}, {transform: "scale(1.03)"}, {transform: "scale(1)"}];

  function moveCard(move, speed) {
    // The window's card: its lead and flight take exactly "land" ms, as the server counts it.
    if (move.land) { speed = move.land / (M.LEAD + M.FLY); }
    var actor = typeof move.from === "number" ? M.seat(move.from) : M.seat(move.to);
    M.light(actor, (M.LEAD + M.FLY) * speed);
    var from = place(move.from, move.card, false);
    var to = place(move.to, move.card, true);
    if (!from || !to || !M.onScreen(from.rect) && !M.onScreen(to.rect)) {
      return M.wait(move.land ? move.land : M.LEAD * speed);
    }
    var node = face(move);
    var under = null;
    if (to.el) {
      to.el.classList.add("motion-incoming");
      if (move.to === "discard" && lastTop) { under = M.overlay("motion-under", lastTop.cloneNode(true), to.rect); }
    }
    if (move.to === "discard") { lastTop = node.cloneNode(true); }
    return M.wait(M.LEAD * speed).then(function () {
      return M.fly(node, from.rect, to.rect, M.FLY * speed);
    }).then(function () {
      if (move.land) { M.landed(); }
      if (under) { under.remove(); }
      if (to.el) { to.el.classList.remove("motion-incoming"); M.pop(to.el, 160 * speed); }
      else if (to.seat) { M.pop(to.seat, 160 * speed); }
    });
  }

  function moveGuard(move, speed) {
    var t = M.table();
    var bug = t && t.querySelector('.seat[data-seat="' + move.to + '"] .seat__guard');
    var fromSeat = M.seat(move.from);
    var from = fromSeat ? M.rectOf(fromSeat) : before && before.guard;
    if (!bug || !from) { return M.wait(0); }
    var svg = bug.querySelector("svg");
    var to = M.rectOf(bug);
    bug.classList.add("motion-incoming");
    var box = {left: to.left, top: to.top, width: to.width, height: to.height};
    var el = M.overlay("motion-fly motion-fly--bug", svg ? svg.cloneNode(true) : document.createElement("span"), box);
    var a = M.centre(from), b = M.centre(to);
    var animation = el.animate([
      {transform: "translate(" + (a.x - b.x) + "px," + (a.y - b.y) + "px) scale(1.6) rotate(-20deg)"},
      {offset: 0.5, transform: "translate(" + (a.x - b.x) / 2 + "px," + ((a.y - b.y) / 2 - 50) + "px) scale(2.2) rotate(15deg)"},
      {transform: "translate(0,0) scale(1) rotate(0deg)"}
    ], {duration: (M.FLY + 300) * speed, easing: "ease-in-out"});
    M.light(M.seat(move.to), (M.FLY + 400) * speed);
    return M.finished(animation).then(function () {
      el.remove();
      bug.classList.remove("motion-incoming");
      return M.pop(bug, 200 * speed);
    });
  }

  function sign(move, speed) {
    var seat = M.seat(move.from);
    var ms = M.SIGN * speed;
    if (move.kind === "slap") { M.light(seat, ms); return M.pop(seat, ms, SLAP); }
    if (move.kind === "mosquito" || move.kind === "cockroach") {
      M.light(seat, ms);
      return M.pop(M.pile("discard"), ms, [{transform: "rotate(0)"}, {transform: "rotate(-6deg) scale(1.1)"},
                                           {transform: "rotate(5deg) scale(1.1)"}, {transform: "rotate(0)"}]);
    }
    if (move.kind === "caught" || move.kind === "wrong") {
      M.light(seat, ms * 2);
      var accused = M.seat(move.to);
      M.light(accused, ms * 2, move.kind === "caught" ? "motion-alarm" : "motion-acting");
      return M.pop(move.kind === "caught" ? accused : seat, ms * 1.5, SHAKE);
    }
    M.light(seat, ms * 1.5);   // the slowest, keep
    return M.pop(seat, ms);
  }

  // Each picture, or the shared highlight when the player asks for reduced motion.
  function moving(picture) {
    return function (move, speed, reduced) { return reduced ? M.still(move, speed) : picture(move, speed); };
  }

  var kinds = {guard: moving(moveGuard)};
  ["play", "race", "draw", "ant", "gift", "hand", "penalty", "reshuffle"].forEach(function (k) { kinds[k] = moving(moveCard); });
  ["slap", "mosquito", "cockroach", "caught", "wrong", "slowest", "keep"].forEach(function (k) { kinds[k] = moving(sign); });
  M.register(kinds);
  M.withoutTurnCue(["mosquito", "cockroach"]);
  M.urgent(function (t) {
    return t.matches(".table--mosquito, .table--cockroach") || !!t.querySelector(".btn--catch, #btn-slap, #btn-race");
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var t = M.table();
    if (!t || event.detail.target !== t) { return; }
    var hand = {};
    t.querySelectorAll(".hand .card-btn[data-card]").forEach(function (b) { hand[b.dataset.card] = M.rectOf(b); });
    var guard = t.querySelector(".seat__guard");
    var top = t.querySelector(".pile--discard .pile__card svg");
    if (!M.busy() && top) { lastTop = top.cloneNode(true); }
    before = {hand: hand, guard: guard ? M.rectOf(guard.closest(".seat") || guard) : null};
  });
})();
