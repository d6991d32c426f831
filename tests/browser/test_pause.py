"""The practice game waits for its player, in Chromium: Back mid-round, a wait, Forward again.

The page says it left (pagehide: a beacon), so nothing happens meanwhile; coming back shows
the same table under a count-in ("3, 2, 1", read out), then the bots go on. Screenshots of
the count-in (test-artifacts/) at 375×812 and 1280×800.
"""

import pytest

from games.mogel_motte.engine import Game
from mogel.play.models import PracticeGame
from tests.games.mogel_motte.site.test_cheating import SNEAKY, YOU_GUARD

from .htmx import ready
from .test_cheating import DESKTOP, PHONE, table  # noqa: F401 (table: a fixture)


def hand(page):
    return page.locator("#table .hand__item [data-card], #table .hand__item[data-card]").evaluate_all(
        "items => items.map(e => e.dataset.card)")


def row():
    return PracticeGame.objects.get()


def left_the_table(page):
    """The row once the page's beacon has arrived (a busy machine may take a moment to serve it;
    the page's own polls and stream stop at once, so nothing can move meanwhile)."""
    for _ in range(50):
        if row().away:
            break
        page.wait_for_timeout(100)
    return row()


def mid_round(page, settings):
    """Wait until a bot has moved since the deal, with the next bot's move seconds away: the
    player leaves while something is pending (a slow pace makes that certain)."""
    settings.MOGEL_BOT_PACE_MS = 4000
    page.wait_for_function("v => Number(document.getElementById('table').dataset.version) > v",
                           arg=row().public_version)


@pytest.mark.parametrize("lang,viewport", [("de", PHONE), ("en", DESKTOP)])
def test_back_mid_round_then_forward_finds_the_same_table_after_a_count_in(page, table, screenshot, lang, viewport,
                                                                            settings):
    table(YOU_GUARD, SNEAKY, lang, viewport)
    mid_round(page, settings)
    ready(page)
    cards = hand(page)
    page.go_back()
    page.wait_for_function("() => !document.getElementById('table')")
    left = left_the_table(page)
    assert left.away, "the page said it left"
    page.wait_for_timeout(4000)
    assert (row().version, row().state) == (left.version, left.state), "nothing happened meanwhile"

    page.go_forward()
    count_in = page.locator(".count-in")
    count_in.wait_for()
    assert hand(page) == cards
    assert page.locator(".count-in [role=status][aria-live]").inner_text().strip() in ("3", "2", "1")
    screenshot(f"count-in-{viewport[0]}", full_page=False)
    count_in.wait_for(state="detached")
    game = Game.from_json(row().state)
    log = row().stored_log()
    assert not [e for e in log if e["code"] in ("wrong_accusation", "penalty", "mosquito_slowest")
                and e.get("seat") == 0], "no penalty"
    # No stale tell: a seat that shows one is still in the act.
    for seat in page.locator("#table .seat--tell").evaluate_all("s => s.map(e => Number(e.dataset.seat))"):
        assert seat in game.acts


HIDE = """hidden => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_hidden_page_stops_the_game_and_asks_again_when_shown(page, table, settings):
    # Another tab or app: the page says it left and stops polling; shown again, it asks at once.
    table(YOU_GUARD, SNEAKY, "en", PHONE)
    mid_round(page, settings)
    ready(page)
    page.evaluate(HIDE, True)
    left = left_the_table(page)
    assert left.away
    page.wait_for_timeout(3000)
    assert (row().seen_ms, row().version) == (left.seen_ms, left.version), "no contact, no move while hidden"
    page.evaluate(HIDE, False)
    page.locator(".count-in").wait_for()
    assert not row().away
    page.locator(".count-in").wait_for(state="detached")
    page.wait_for_function("v => Number(document.getElementById('table').dataset.version) > v",
                           arg=left.public_version)
