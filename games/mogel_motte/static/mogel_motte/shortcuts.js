/* Mogel Motte's own keys and gesture on the practice table, through the shared table's
   window.tableKeys (table/table.js says when a key belongs to the table):
     x           on a focused card: make it disappear up your sleeve;
     1 … 9       the Caught! buttons with that data-key, in table order (while there are any);
     drag a card off the table (out of your hand) to make it disappear. */
(function () {
  "use strict";
  var K = window.tableKeys;
  if (!K) { return; }
  var dragging = null;

  /* Hide a card: its sleeve button when the rules allow it, else ask the server anyway,
     which answers with the reason (a refusal the server words). */
  function cheat(card) {
    var t = K.shortcuts();
    if (!t || !card) { return; }
    var button = t.querySelector('.sleeve-btn[value="cheat ' + card + '"]');
    if (button) { button.click(); return; }
    K.act("cheat " + card);
  }

  K.register(function (event, t) {
    var target = event.target;
    if (event.key === "x" || event.key === "X") {
      var card = target && target.closest && target.closest("[data-card]");
      if (card && t.contains(card)) {
        event.preventDefault();
        cheat(card.dataset.card);
      }
      return;
    }
    if (/^[1-9]$/.test(event.key)) {
      var catcher = t.querySelector('.btn--catch[data-key="' + event.key + '"]');
      if (catcher) {
        event.preventDefault();
        catcher.click();
      }
    }
  });

  /* Drag a card out of your hand and let go anywhere off it: the card is gone. */
  function stop() {
    dragging = null;
    document.body.classList.remove("mogel-motte-dragging");
  }
  document.addEventListener("dragstart", function (event) {
    var card = event.target && event.target.closest && event.target.closest("[data-card][draggable=true]");
    if (!card || !K.shortcuts()) { return; }
    dragging = card.dataset.card;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", "mogel:" + dragging);
    document.body.classList.add("mogel-motte-dragging");
  });
  document.addEventListener("dragover", function (event) {
    if (dragging) { event.preventDefault(); event.dataTransfer.dropEffect = "move"; }
  });
  document.addEventListener("drop", function (event) {
    if (!dragging) { return; }
    event.preventDefault();
    var card = dragging;
    stop();
    var hand = event.target && event.target.closest && event.target.closest(".hand");
    if (!hand) { cheat(card); }
  });
  document.addEventListener("dragend", stop);
})();
