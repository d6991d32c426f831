"""Fair reflexes in Chromium: the page times the player from the window's card on the pile to the tap.

The played mosquito or cockroach flies onto the pile first (motion.js); the window's countdown
stands still meanwhile and the reaction is timed from the landing. An init script records the
page's "table:landing" / "table:landed" moments and what the countdown showed then."""

from urllib.parse import parse_qs

import pytest

from mogel.play.models import PracticeGame

from .test_play import bots_open_a_window, start

WAIT_MS = 700

LANDING = """
window.__landing = {};
function countdown() { var c = document.querySelector('#table .window [data-countdown]'); return c && c.textContent; }
document.addEventListener('table:landing', function () {
  window.__landing.started = performance.now(); window.__landing.shownAtStart = countdown();
});
document.addEventListener('table:landed', function () {
  window.__landing.landed = performance.now(); window.__landing.shownAtLanding = countdown();
});
"""


def window_after_a_while(settings, kind):
    """The bot plays its card well after the page is there, so the page sees it fly onto the pile."""
    bots_open_a_window(settings, kind)
    # The game's clock starts with the lobby's answer: on a busy machine the page can take
    # seconds to show, and a card played before it shows is on the pile already, never flying.
    settings.MOGEL_BOT_PACE_MS = 3000
    # Timing, not presence, is tested here: a poll held up on a busy machine must not pause
    # the game and start a count-in mid-window (tests/browser/test_pause.py tests that).
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9


def landed(page):
    page.wait_for_function("() => window.__landing.landed !== undefined")
    return page.evaluate("window.__landing")


@pytest.mark.parametrize("kind,action", [("mosquito", "slap"), ("cockroach", "race 3")])
@pytest.mark.parametrize("reduced", [False, True])
def test_a_slap_or_race_carries_the_reaction_time_from_the_card_on_the_pile(page, site_url, settings, kind, action,
                                                                           reduced):
    window_after_a_while(settings, kind)
    page.add_init_script(LANDING)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    start(page, site_url, "en", rounds="single")
    button = page.locator("#btn-slap" if kind == "mosquito" else "#btn-race")
    button.wait_for()
    landing = landed(page)
    # While the card flew onto the pile, the window's countdown stood still at its whole length.
    assert landing["shownAtStart"] == landing["shownAtLanding"] == "4.0"
    page.wait_for_timeout(WAIT_MS)    # the player looks at the card, then taps
    with page.expect_request(lambda r: r.method == "POST" and "/act/" in r.url) as posted:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("Space")
    after = page.evaluate("performance.now()")
    sent = parse_qs(posted.value.post_data)
    assert sent["action"] == [action]
    reaction = int(sent["reaction_ms"][0])
    # From the frame after the card landed to the key: at least the wait, never the flight before it.
    assert WAIT_MS - 100 <= reaction <= after - landing["landed"]
    page.wait_for_function("() => !document.querySelector('#btn-slap, #btn-race')")
    log = PracticeGame.objects.get().stored_log()
    assert any(e["code"] in ("slapped", "raced") and e["seat"] == 0 for e in log)


@pytest.mark.parametrize("width,height", [(375, 812), (1280, 800)])
def test_the_countdown_runs_once_the_card_is_on_the_pile(page, site_url, settings, screenshot, width, height):
    window_after_a_while(settings, "mosquito")
    # A long window the bots slap late in: a screenshot on a busy machine can take seconds, and
    # the window must still be open when the test looks at its countdown.
    settings.MOGEL_MOSQUITO_MS = 8000
    settings.MOGEL_BOT_PROFILE = {**settings.MOGEL_BOT_PROFILE, "slap_ms": (7500, 7900)}
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(LANDING)
    start(page, site_url, "en", rounds="single")
    # The landing's start, recorded by the page itself: a flight of 600 ms is easy to miss when
    # the test looks for it on a busy machine; the events are not.
    page.wait_for_function("() => window.__landing.started !== undefined")
    if page.locator(".motion-fly").count():
        screenshot("card-flying-countdown-still", full_page=False)
    landing = landed(page)
    assert landing["shownAtStart"] == landing["shownAtLanding"] == "8.0"
    countdown = page.locator("#table .window [data-countdown]")
    page.wait_for_function("() => document.querySelector('#table .window [data-countdown]').textContent !== '8.0'")
    assert float(countdown.text_content()) < 8.0
    screenshot("card-on-the-pile-countdown-running", full_page=False)


def test_an_ordinary_move_carries_no_reaction_time(page, site_url, settings):
    settings.MOGEL_PLAY_SEED = 424242
    settings.MOGEL_BOT_PACE_MS = 60_000
    settings.MOGEL_PLAY_SCENARIO = {"players": 3, "hands": [["1", "3", "4", "5"], ["5", "5", "1"], ["1", "5", "4"]],
                                    "discard": ["2"], "draw": ["1", "4"], "guard": 1, "turn": 0}
    start(page, site_url, "en")
    with page.expect_request(lambda r: r.method == "POST" and "/act/" in r.url) as posted:
        page.locator('#table button[value="play 1"]').click()
    assert "reaction_ms" not in parse_qs(posted.value.post_data)
