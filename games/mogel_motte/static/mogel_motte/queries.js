/* Mogel Motte's query keys (table/queries.js; listed in its help, help.html):
     h  your hand: how many cards, each by name, and a card up your sleeve;
     p  the piles: the draw pile, the top card, the discard pile (and an open window);
     s  the scores: each player's cards in hand, minus points, who holds the Guard Bug;
     t  the time left in an open window (mosquito, cockroach) or for your card in the act.
   Each answer is what the table on the page shows this seat, read as a screen reader would. */
(function () {
  "use strict";
  var Q = window.tableQueries;
  if (!Q) { return; }
  function all(t, selector) { return Array.prototype.slice.call(t.querySelectorAll(selector)); }

  Q.add("h", function (t) {
    var title = t.querySelector("#hand-title");
    if (!title) { return ""; }
    var cards = all(t, ".hand .card-btn").map(Q.said);
    return Q.sentences([Q.said(title), cards.join(", "), Q.said(t.querySelector("#sleeve"))]);
  });
  Q.add("p", function (t) {
    return Q.sentences(all(t, ".centre .pile__caption, .centre .pile__card, .centre .window").map(Q.said));
  });
  Q.add("s", function (t) {
    return Q.sentences(all(t, ".seats .seat").map(function (seat) {
      return [".seat__name", ".seat__cards", ".seat__score", ".seat__guard"].map(function (part) {
        return Q.said(seat.querySelector(part));
      }).filter(Boolean).join(", ");
    }));
  });
  Q.add("t", function (t) {
    return Q.sentences(all(t, ".centre .window, #sleeve").map(Q.said));
  });
}());
