/* Mogelei's moves at the table, through the shared motion hook (table/motion.js: window.tableMotion).

   The server sends the public moves since the page's last version (games/mogelei/table/motion.py):
   lay (a card flies face down from the seat to its stack), reveal / accuse / turn_up (a card
   flips face up where it lies), reward (the fattest egg's reward card flies to its seat),
   collect (the round's cards fly to the seat that collects them), turn (another seat is on turn).
   The swapped-in table already shows where everything ends; the motion shows how it got there.
   Reduced motion: the seats concerned get the shared short highlight instead. */
(function () {
  "use strict";
  var M = window.tableMotion;
  if (!M) { return; }

  function table() { return document.getElementById("table"); }
  function seat(n) { var t = table(); return t && n !== null && n !== undefined ? t.querySelector('.mz-seat[data-seat="' + n + '"]') : null; }
  function top(n) {
    var s = seat(n);
    var items = s ? s.querySelectorAll(".mz-stack__item") : [];
    return items.length ? items[items.length - 1] : null;
  }
  function cardSize(el) { var r = M.rectOf(el); return r && r.width ? {w: r.width, h: r.height} : {w: 24, h: 34}; }
  function back() {
    var t = table();
    var svg = t && t.querySelector(".mz-stack__item--down svg, .mz-hand svg");
    return svg ? svg.cloneNode(true) : document.createElement("span");
  }
  function still(seats, speed) {
    seats.forEach(function (n) { M.light(seat(n), M.STILL * speed, "motion-highlight"); });
    return M.wait(M.STILL * speed * 0.6);
  }

  function flip(el, ms) {
    var card = el && el.querySelector("svg");
    if (!card || !card.animate) { return M.wait(0); }
    return card.animate([{transform: "perspective(300px) rotateY(90deg)"}, {transform: "perspective(300px) rotateY(0deg)"}],
                        {duration: ms, easing: "ease-out"}).finished.then(null, function () {});
  }

  function lay(move, speed, reduced) {
    if (reduced) { return still([move.seat], speed); }
    var s = seat(move.seat);
    var target = top(move.seat);
    if (!s || !target) { return M.wait(0); }
    var from = s.classList.contains("mz-seat--me") ? M.rectOf(table().querySelector(".mz-hand")) : M.rectOf(s.querySelector(".mz-seat__head"));
    M.light(s, M.LEAD + M.FLY * speed);
    target.style.visibility = "hidden";
    return M.fly(back(), from, M.rectOf(target), M.FLY * speed * 0.8, cardSize(target)).then(function () {
      target.style.visibility = "";
    });
  }

  function reveal(move, speed, reduced) {
    if (reduced) { return still([move.seat], speed); }
    M.light(seat(move.seat), M.FLY * speed);
    return flip(top(move.seat), M.FLY * speed);
  }

  function accuse(move, speed, reduced) {
    if (reduced) { return still([move.seat, move.target], speed); }
    M.light(seat(move.seat), M.FLY * 2 * speed);
    M.light(seat(move.target), M.FLY * 2 * speed, move.right ? "motion-alarm" : "motion-acting");
    return M.pop(seat(move.target), M.FLY * speed).then(function () { return flip(top(move.target), M.FLY * speed); });
  }

  function turnUp(move, speed, reduced) {
    var seats = Object.keys(move.cards || {}).map(Number);
    if (reduced) { return still(seats, speed); }
    return Promise.all(seats.map(function (n) { return flip(top(n), M.FLY * speed); }));
  }

  function reward(move, speed, reduced) {
    if (reduced) { return still([move.seat], speed); }
    var s = seat(move.seat);
    var from = M.rectOf(table().querySelector(".mz-status"));
    var to = M.rectOf((s && s.querySelector(".mz-fact--egg")) || s);
    if (!from || !to) { return M.wait(0); }
    var egg = document.createElement("span");
    egg.className = "mz-egg mz-fly-egg";
    return M.fly(egg, {left: from.left + from.width / 2 - 12, top: from.top, width: 24, height: 24}, to, M.FLY * 1.5 * speed, {w: 24, h: 24});
  }

  function collect(move, speed, reduced) {
    if (reduced) { return still([move.seat], speed); }
    var s = seat(move.seat);
    var t = table();
    if (!s || !t) { return M.wait(0); }
    var to = M.rectOf(s.querySelector(".mz-fact--pile") || s);
    var flights = Array.prototype.slice.call(t.querySelectorAll(".mz-stack--done .mz-stack__item")).map(function (item, i) {
      return M.wait(i * 25 * speed).then(function () {
        return M.fly(back(), M.rectOf(item), to, M.FLY * speed, cardSize(item));
      });
    });
    return Promise.all(flights).then(function () { t.querySelectorAll(".mz-stack--done").forEach(function (el) { el.classList.add("mz-stack--gone"); }); });
  }

  function turn(move, speed, reduced) {
    M.light(seat(move.seat), M.STILL * speed, reduced ? "motion-highlight" : "motion-acting");
    return M.wait(reduced ? 0 : M.LEAD * speed);
  }

  M.register({lay: lay, reveal: reveal, accuse: accuse, turn_up: turnUp, reward: reward, collect: collect, turn: turn});
})();
