"""Motion and sound at the table in Chromium: moves fly (or, under reduced motion, only light
up), the sound toggle is off by default and remembered, a finished lesson is celebrated.

What the page did is recorded as it happens (an init script counts calls of
``Element.animate`` and ``HTMLMediaElement.play`` and watches for flying cards, highlights
and confetti), so no assertion depends on catching an animation at the right moment."""

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from .htmx import ready
from .test_play import start as start_game

LEARN = {"de": "/de/lernen/", "en": "/en/learn/"}

RECORD = """
window.__seen = {animate: 0, fly: 0, highlight: 0, confetti: 0, played: []};
const animate = Element.prototype.animate;
Element.prototype.animate = function () { window.__seen.animate += 1; return animate.apply(this, arguments); };
HTMLMediaElement.prototype.play = function () {
  window.__seen.played.push(this.src.split("/").pop());
  return Promise.resolve();  // headless: nothing to hear
};
new MutationObserver(function (records) {
  records.forEach(function (r) {
    r.addedNodes.forEach(function (n) {
      if (!n.classList) { return; }
      if (n.classList.contains("motion-fly")) { window.__seen.fly += 1; }
      if (n.classList.contains("motion-confetti")) { window.__seen.confetti += 1; }
    });
    if (r.type === "attributes" && r.target.classList.contains("motion-highlight")) { window.__seen.highlight += 1; }
  });
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
"""

# I play the 3; then Lucy (seat 1) plays her 4 on it, a pace later; Oscar has nothing on a 4 and draws.
LUCY_PLAYS = {"players": 3, "hands": [["3", "5", "5", "1"], ["4", "5", "1", "1"], ["2", "2", "1", "1"]],
              "discard": ["2"], "draw": ["1", "2", "3", "4", "5"], "guard": 0, "turn": 0}


@pytest.fixture
def table(settings):
    settings.MOGEL_PLAY_SCENARIO = LUCY_PLAYS
    settings.MOGEL_BOT_PROFILE = {"cheat_rate": 0.0, "false_alarm": 0.0}
    settings.MOGEL_BOT_PACE_MS = 600
    settings.MOGEL_POLL_MS = 100
    return settings


def start(page, site_url):
    page.add_init_script(RECORD)
    start_game(page, site_url, "en")


def play_and_watch_lucy(page):
    """I play the 3, Lucy answers with her 4; returns once both moves have been shown."""
    page.locator('#table .hand button[value="play 3"]').click()
    expect(page.locator("#table .log__list")).to_contain_text("Lucy played")
    page.wait_for_function("() => !document.documentElement.classList.contains('motion-busy')")
    return page.evaluate("window.__seen")


def test_a_played_card_flies_from_the_seat_to_the_discard_pile(page, site_url, table, screenshot):
    page.set_viewport_size({"width": 375, "height": 812})
    start(page, site_url)
    page.locator('#table .hand button[value="play 3"]').click()
    page.wait_for_selector(".motion-fly", state="attached")
    screenshot("my-card-in-flight", full_page=False)
    expect(page.locator("#table .log__list")).to_contain_text("Lucy played")
    page.wait_for_function("() => window.__seen.fly >= 2")  # mine, then Lucy's
    screenshot("lucy-card", full_page=False)
    expect(page.locator("#table .log__list")).to_contain_text("Oscar drew")
    # Oscar's draw is queued after the swap that shows it: wait for its flight, then for the queue.
    page.wait_for_function("() => window.__seen.fly >= 3 && !document.documentElement.classList.contains('motion-busy')")
    seen = page.evaluate("window.__seen")
    assert seen["fly"] == 3 and seen["highlight"] == 0  # my 3, Lucy's 4, Oscar's card from the draw pile
    # Landed: nothing left flying, the pile shows Lucy's 4, nothing on the table hidden.
    assert page.locator(".motion-fly, .motion-under, .motion-incoming").count() == 0
    expect(page.locator("#table .pile--discard .pile__card")).to_have_attribute("aria-label", "Top of the discard pile: the number card 4")


def test_under_reduced_motion_moves_only_light_up_and_nothing_is_animated(page, site_url, table):
    page.emulate_media(reduced_motion="reduce")
    start(page, site_url)
    seen = play_and_watch_lucy(page)
    assert seen["fly"] == 0 and seen["animate"] == 0
    assert seen["highlight"] >= 2  # my seat and Lucy's, each in turn
    assert page.evaluate("document.getAnimations().length") == 0


def test_sound_is_off_by_default_remembered_across_reloads_and_heard_once_on(page, site_url, table):
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    start(page, site_url)
    toggle = page.locator("#sound-toggle")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('mogel-sound')") is None
    seen = play_and_watch_lucy(page)
    assert seen["played"] == []  # moves, but off means silent
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.__seen.played") == ["turn.mp3"]  # a sample of what is on
    page.reload()
    ready(page)
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    page.goto(site_url + LEARN["en"] + "your-turn/")  # the lesson page shares the choice
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    page.locator("#sound-toggle").click()
    page.reload()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    # The files are ours, small, and served as MP3.
    for name in ("turn", "mosquito", "cockroach", "slap", "caught", "round", "celebrate"):
        url = page.locator("#sound-toggle").get_attribute(f"data-sound-{name}")
        response = page.request.get(site_url + url)
        assert response.ok and response.headers["content-type"] == "audio/mpeg", name
        assert 0 < len(response.body()) < 10_000, name


@pytest.mark.parametrize("motion", ["full", "reduce"])
def test_a_finished_lesson_is_celebrated_with_sound_when_on(page, site_url, motion, screenshot):
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    if motion == "reduce":
        page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 375, "height": 812})
    page.add_init_script(RECORD)
    page.goto(site_url + LEARN["en"] + "your-turn/")
    page.locator("#sound-toggle").click()
    page.locator('#table .hand button[value="play 3"]').click()
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()
    assert page.evaluate("window.__seen.confetti") == 0  # a step, not yet the lesson
    page.locator("#btn-next").click()
    page.locator('#table .hand button[value="play 5"]').click()
    done = page.locator(".step-panel__done.motion-celebrate")
    expect(done).to_be_visible()
    screenshot(f"lesson-complete-{motion}", full_page=False)
    seen = page.evaluate("window.__seen")
    assert "celebrate.mp3" in seen["played"]
    if motion == "full":
        assert seen["confetti"] > 0
    else:
        assert seen["confetti"] == 0 and seen["animate"] == 0
