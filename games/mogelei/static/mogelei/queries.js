/* Mogelei's query keys (table/queries.js; listed in its help, _help.html):
     h  your hand: how many cards, each by name (and what you may lay);
     p  the table: the called colour and every player's cards of this round, face up or hidden
        (your own hidden ones by name: only you know them);
     s  the scores: each player's cards in hand, cards collected and reward cards.
   Each answer is what the table on the page shows this seat, read as a screen reader would. */
(function () {
  "use strict";
  var Q = window.tableQueries;
  if (!Q) { return; }
  function all(t, selector) { return Array.prototype.slice.call(t.querySelectorAll(selector)); }

  Q.add("h", function (t) {
    var title = t.querySelector("#hand-title");
    if (!title) { return ""; }
    var cards = all(t, ".mz-hand .mz-card-btn").map(Q.said);
    return Q.sentences([Q.said(title), cards.join(", ")]);
  });
  Q.add("p", function (t) {
    var called = Q.said(t.querySelector(".mz-called"));
    return Q.sentences([called].concat(all(t, ".mz-seat .mz-stack").map(Q.said)));
  });
  Q.add("s", function (t) {
    return Q.sentences(all(t, ".mz-seats .mz-seat").map(function (seat) {
      return [Q.said(seat.querySelector(".mz-seat__name"))].concat(all(seat, ".mz-fact").map(Q.said))
        .filter(Boolean).join(", ");
    }));
  });
}());
