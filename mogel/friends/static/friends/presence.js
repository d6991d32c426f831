/* Who is at a friends' table, said in words (docs/friends.md, "Stepping away"): an away
   person's line and seat badge carry the seconds left before a bot plays for them as the server
   counted them when it sent the panel (data-left-ms); the page ticks them down on its own clock,
   and each pushed panel brings a fresh count, so a page's clock never has to agree with the
   server's. A change of someone's presence is said once in #presence-news (polite), never the
   count's every second: a swapped-in #seats is a new element a screen reader would not read. */
(function () {
  "use strict";
  var said = null;   // seat → presence state last seen, null before the first panel

  function tick(now) {
    document.querySelectorAll("[data-left-ms]").forEach(function (el) {
      if (el.presenceUntil === undefined) {
        el.presenceUntil = now + Number(el.getAttribute("data-left-ms"));
      }
      var left = String(Math.max(0, Math.ceil((el.presenceUntil - now) / 1000)));
      if (el.textContent !== left) { el.textContent = left; }
    });
  }

  function announce() {
    var news = document.getElementById("presence-news");
    var rows = document.querySelectorAll("#seats [data-presence-state]");
    if (!news || !rows.length) { return; }
    var seen = {}, lines = [];
    rows.forEach(function (row) {
      var seat = row.getAttribute("data-seat"), state = row.getAttribute("data-presence-state");
      seen[seat] = state;
      if (said && said[seat] !== undefined && said[seat] !== state) {
        var words = row.querySelector(".friends__said");
        lines.push((words ? words.textContent : "").replace(/\s+/g, " ").trim());
      }
    });
    if (lines.length) { news.textContent = lines.join(" "); }
    said = seen;
  }

  function step() {
    tick(performance.now());
    announce();
  }
  step();
  setInterval(step, 250);
}());
