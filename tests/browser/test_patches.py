"""Patches in Chromium (mogel.table.regions, table/patch.js): a whole game of each kind, on a phone
and a desktop, played with the stream on. After every patch the page draws, it asks the server
for the whole table of the same version (a poll from the patch's base: the same news) and checks
that the page's table holds the same regions in the same order, each with the hash the whole
table has, and the same text, and the same markup outside them; at the end the page shows what
a fresh page shows."""

import pytest

from mogel.play.models import PracticeGame

from . import test_mogelei_play as mogelei_play
from .test_mogelei_play import mogelei  # noqa: F401  (a fixture)
from .test_play import fast, play_to_the_end, start  # noqa: F401  (fast: a fixture)
from .test_push import STATE

# Region markup that differs between two renders of one version: a countdown's time left, a
# tell's, a count-in's; the CSRF token; the fresh regions (the moves: news since the page's own version).
CHECK = """
window.pushed = {patches: 0, checks: []};
(function () {
  var TIMED = "[data-countdown],[data-meter],[data-tell-ms],[data-count-in],[data-fresh],input[name=csrfmiddlewaretoken]";
  // Every region (data-k) in order, its markup with what tells the time set aside, and the
  // table's markup outside the regions.
  function markup(el) {
    var copy = el.cloneNode(true);
    if (copy.matches(TIMED)) { return copy.tagName; }
    Array.prototype.forEach.call(copy.querySelectorAll(TIMED), function (kid) { kid.replaceWith(kid.tagName); });
    Array.prototype.forEach.call(copy.querySelectorAll("[data-k]"), function (kid) { kid.remove(); });
    copy.removeAttribute("data-h");
    // Styles the motion scripts set for a moment (a card flying) are no part of the markup.
    [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("[style]"))).forEach(function (kid) {
      kid.removeAttribute("style");
    });
    return copy.outerHTML.replace(/\\s+/g, " ").replace(/> </g, "><").trim();
  }
  function regions(root) {
    var out = [];
    Array.prototype.forEach.call(root.querySelectorAll("[data-k]:not([data-fresh])"), function (kid) {
      out.push(["", kid.dataset.k, "", markup(kid)]);
    });
    var frame = root.cloneNode(true);
    out.push(["", "frame", "", markup(frame).replace(/^<section[^>]*>/, "")]);
    return out;
  }
  // htmx's own marker classes (a request or a swap under way) are no part of the table.
  function classes(t) { return t.className.split(/\\s+/).filter(function (c) { return c && c.indexOf("htmx-") !== 0; }); }
  // Every patch the page applies (table.js calls tablePatch.apply; patch.js defines it before
  // DOMContentLoaded): its table then, and the whole table of that version from the server.
  document.addEventListener("DOMContentLoaded", function () {
    var apply = window.tablePatch.apply;
    window.tablePatch.apply = function (t, data) {
      var poll = t.getAttribute("hx-get");
      var box = document.createElement("template");
      box.innerHTML = data;
      var base = box.content.querySelector("template[data-patch]").dataset.base;
      if (!apply(t, data)) { return false; }
      window.pushed.patches += 1;
      if (poll) { check(t.dataset.version, base, poll, {classes: classes(t), regions: regions(t)}); }
      return true;
    };
  });
  function check(id, base, poll, live) {
    fetch(poll + "?version=" + base, {headers: {"HX-Request": "true"}}).then(function (r) {
      return r.status === 200 ? r.text() : "";
    }).then(function (html) {
      var box = document.createElement("template");
      box.innerHTML = html;
      var whole = box.content.getElementById("table");
      if (!whole || whole.dataset.version !== id) { return; }   // the game moved on meanwhile
      window.pushed.checks.push({id: id, live: live, fresh: {classes: classes(whole), regions: regions(whole)}});
    });
  }
})();
"""


def same(live, fresh):
    """The same regions in the same order, each with the same markup (but for what tells the
    time: a countdown, a meter, a tell fading), and the same markup around them."""
    if live["classes"] != fresh["classes"] or len(live["regions"]) != len(fresh["regions"]):
        return False
    for (path, key, digest, text), (path2, key2, digest2, text2) in zip(live["regions"], fresh["regions"]):
        if (path, key) != (path2, key2) or (digest and digest2 and (digest, text) != (digest2, text2)):
            return False
    return True


def checked(page, enough=5):
    page.wait_for_timeout(300)   # the last check's poll
    pushed = page.evaluate("window.pushed")
    differ = [c for c in pushed["checks"] if not same(c["live"], c["fresh"])]
    assert not differ, [(c["id"], c["live"]["classes"], c["fresh"]["classes"],
                         [r for r in c["live"]["regions"] if r not in c["fresh"]["regions"]],
                         [r for r in c["fresh"]["regions"] if r not in c["live"]["regions"]]) for c in differ[:2]]
    assert pushed["patches"] >= 10 and len(pushed["checks"]) >= enough, (pushed["patches"], len(pushed["checks"]))


def same_as_fresh(page, context):
    live = page.evaluate(STATE)
    fresh = context.new_page()
    fresh.goto(page.url)
    assert fresh.evaluate(STATE) == live


@pytest.mark.parametrize("viewport", [(375, 812), (1280, 800)])
def test_a_mogel_motte_game_on_patches_shows_what_whole_tables_show(page, context, site_url, fast, viewport):
    page.add_init_script(CHECK)
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    start(page, site_url, "en", rounds="single")
    play_to_the_end(page)
    row = PracticeGame.objects.get(pk=page.url.rstrip("/").split("/")[-1])
    page.wait_for_function(f"() => document.getElementById('table').dataset.version === '{row.public_version}'")
    checked(page)
    same_as_fresh(page, context)


@pytest.mark.parametrize("viewport,players", [(mogelei_play.PHONE, 5), (mogelei_play.DESKTOP, 3)])
def test_a_mogelei_game_on_patches_shows_what_whole_tables_show(page, context, mogelei, screenshot, viewport,  # noqa: F811
                                                              players):
    page.add_init_script(CHECK)
    mogelei(viewport, "en", players, 6)
    mogelei_play.play_to_the_end(page, lambda *args, **kwargs: None, "patches", players)
    checked(page)
    same_as_fresh(page, context)
