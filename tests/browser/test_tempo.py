"""The tempo in Chromium: at an unhurried table (×10) a mosquito a bot played counts down on the
page from ten times its usual length, the table names its tempo, and the person's slap counts
(the engine's and the bots' scaling: tests/games/mogel_motte/engine/test_tempo.py)."""

from .htmx import ready
from .test_play import LOBBY, bots_open_a_window

COUNTDOWN = ".window__time [data-countdown]"
SECONDS_LEFT = f"() => parseFloat(document.querySelector('{COUNTDOWN}').textContent.replace(',', '.'))"


def test_an_unhurried_table_counts_a_window_down_from_ten_times_its_length(page, site_url, settings):
    bots_open_a_window(settings, "mosquito")      # a 4 s window, bots slapping after 3.5-3.9 s
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(site_url + LOBBY["en"])
    page.fill("input[name=name]", "Ann")
    page.check("input[name=players][value='3']")
    page.check("input[name=rounds][value='single']")
    page.check("input[name=tempo][value='10']")
    page.click(".btn--start")
    page.wait_for_selector("#table")
    ready(page)
    assert page.inner_text("#table-tempo").endswith("Unhurried (×10)")
    page.locator("#btn-slap").wait_for(timeout=60_000)   # the bot's pace is ten times longer too
    left = page.evaluate(SECONDS_LEFT)
    assert left > 3 * 4.0, left      # not the usual 4 s, nor three times it: 40 s, less the way here
    page.wait_for_function(f"() => ({SECONDS_LEFT})() < {left}")   # and it runs down
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('.log__list').textContent.includes('You slapped')")
    # The bots' slaps are ten times as slow as well: nobody slapped faster than the person.
    assert "slapped" not in page.text_content(".log__list").replace("You slapped", "")
