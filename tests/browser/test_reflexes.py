"""Fair reflexes in Chromium: the page times the player from the window on screen to the tap."""

from urllib.parse import parse_qs

import pytest

from mogel.play.models import PracticeGame

from .test_play import bots_open_a_window, start

WAIT_MS = 700


@pytest.mark.parametrize("kind,action", [("mosquito", "slap"), ("cockroach", "race 3")])
def test_a_slap_or_race_carries_the_reaction_time_the_page_measured(page, site_url, settings, kind, action):
    bots_open_a_window(settings, kind)
    start(page, site_url, "en", rounds="single")
    before = page.evaluate("performance.now()")
    button = page.locator("#btn-slap" if kind == "mosquito" else "#btn-race")
    button.wait_for(timeout=10_000)
    page.wait_for_timeout(WAIT_MS)    # the player looks, then taps
    with page.expect_request(lambda r: r.method == "POST" and "/act/" in r.url) as posted:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("Space")
    after = page.evaluate("performance.now()")
    sent = parse_qs(posted.value.post_data)
    assert sent["action"] == [action]
    reaction = int(sent["reaction_ms"][0])
    # From the frame that painted the window to the key: at least the wait, at most the whole time.
    assert WAIT_MS - 100 <= reaction <= after - before
    page.wait_for_function("() => !document.querySelector('#btn-slap, #btn-race')", timeout=5000)
    log = PracticeGame.objects.get().stored_log()
    assert any(e["code"] in ("slapped", "raced") and e["seat"] == 0 for e in log)


def test_an_ordinary_move_carries_no_reaction_time(page, site_url, settings):
    settings.MOGEL_PLAY_SEED = 424242
    settings.MOGEL_BOT_PACE_MS = 60_000
    settings.MOGEL_PLAY_SCENARIO = {"players": 3, "hands": [["1", "3", "4", "5"], ["5", "5", "1"], ["1", "5", "4"]],
                                    "discard": ["2"], "draw": ["1", "4"], "guard": 1, "turn": 0}
    start(page, site_url, "en")
    with page.expect_request(lambda r: r.method == "POST" and "/act/" in r.url) as posted:
        page.locator('#table button[value="play 1"]').click()
    assert "reaction_ms" not in parse_qs(posted.value.post_data)
