"""A table page never shows an older table, and never stalls (docs/push.md, "Order"), whatever
order answers, polls and pushed events come in: both games, on a phone and a desktop.

Requests of the page are answered by the server when they go out and delivered to the page later
(Playwright's routes: tests/browser/order.py), while the stream goes on. Every version the page
shows is recorded (a MutationObserver on #table's data-version) and must never go down, and the
page must end at the game's own version as the server's row has it."""

import pytest
from django.utils import translation

from mogel import games

from .htmx import ready, settled
from .order import Held, game_row, never_back, reaches, still, version, watch
from .test_mogelei_play import my_move
from .test_play import PICK, fast, start  # noqa: F401  (fast: a fixture)

VIEWPORTS = [(375, 812), (1280, 800)]
GAMES = ["mogel-motte", "mogelei"]

# A table the stream never drew: one more lasting region than any patch knows, so every patch is
# refused until a whole table comes (as a patch made against another table than the page's was).
SPOIL = """() => document.getElementById('table')
  .insertAdjacentHTML('beforeend', '<div data-k="spoilt" hidden></div>')"""
# The page comes back into view: it asks for the whole table once (its wake poll), even while streaming.
BACK_IN_VIEW = "() => document.dispatchEvent(new Event('visibilitychange'))"


def open_game(page, site_url, kind, viewport, players=3):
    """A practice game of ``kind`` with bots, its stream open, standing still on the player."""
    watch(page)
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    if kind == "mogel-motte":
        start(page, site_url, "en", players=players)
    else:
        with translation.override("en"):
            page.goto(site_url + games.get("mogelei").play_url("lobby"))
        page.fill("input[name=name]", "Lena")
        page.check(f"input[name=players][value='{players}']")
        page.check("input[name=games][value='1']")
        page.click(".btn--start")
        page.wait_for_selector("#table")
        ready(page)
    page.wait_for_function("() => window.order.events.length > 0")   # the stream's first event came
    row = still(page)
    reaches(page, row.public_version)


def move(page, kind):
    """The player's move, as a person would make it (the page stands still on the player), once
    htmx swapped the table in (a request of the page may be out: held)."""
    page.wait_for_function("() => !document.querySelector('.htmx-swapping, .htmx-settling')")
    if kind == "mogel-motte":
        selector, _where = page.evaluate(PICK)
        assert selector, "the player has a move"
        page.locator("#table " + selector).first.click()
    else:
        button = my_move(page, 0)
        assert button is not None, "the player has a move"
        button.click()


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_answers_that_come_after_newer_tables_never_take_the_table_back(page, site_url, fast, kind, viewport):
    fast.MOGEL_BOT_PACE_MS = 600
    open_game(page, site_url, kind, viewport)
    # A poll and the move are sent from the table the page shows; the server answers both once it
    # has made the move, and they come late. Sent without the page's id, their tables are pushed
    # too, as patches of the table the page shows meanwhile (the element htmx swaps them into).
    polled = Held(page, "poll", page_id=False, answer_now=False)
    moved = Held(page, "act", page_id=False)
    shown = version(page)
    page.evaluate(BACK_IN_VIEW)
    polled.wait(page)
    move(page, kind)
    moved.wait(page)
    polled.answer()
    row = still(page)
    reaches(page, row.public_version)
    late = moved.versions() + polled.versions()
    assert all(found is not None and shown < found < row.public_version for found in late), (
        shown, late, row.public_version)
    answers = page.evaluate("window.order.answers.length")
    moved.release()
    polled.release()
    page.wait_for_function(f"() => window.order.answers.length >= {answers + 2}")
    settled(page)
    assert version(page) == game_row(page).public_version
    never_back(page)


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_patch_refused_while_a_slow_poll_is_out_is_recovered(page, site_url, fast, kind, viewport):
    """The stall of issue 31: a patch refused, the page's poll for the whole table slow; a bot
    moves meanwhile and its patch is refused too; the poll then answers an older table than the
    last refused patch, and the game waits for the player. The page still gets there."""
    fast.MOGEL_BOT_PACE_MS = 2500   # each bot's move well apart from the poll that goes out
    open_game(page, site_url, kind, viewport, players=4)
    polled = Held(page, "poll")
    move(page, kind)
    page.wait_for_function("() => window.order.answers.some(a => a[0] === 'post')")
    answered = page.evaluate("Math.max(...window.order.answers.map(a => a[2] || 0))")
    # The first bot's move: after the page's own move the stream sends the whole table.
    reaches_past(page, answered)
    page.evaluate(SPOIL)
    polled.wait(page)   # the next bot's patch was refused: the poll went out, answered now
    row = still(page)   # the last bot moved, and its patch was refused too
    older = polled.versions()[0]
    assert older is not None and older < row.public_version, (older, row.public_version)
    assert page.evaluate(f"() => window.order.events.some(e => e[0] === 'patch' && e[1] > {older})")
    polled.release()
    reaches(page, row.public_version, timeout_ms=20_000)
    never_back(page)


def reaches_past(page, known: int):
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.version) > {known}"
                           " && !document.querySelector('.htmx-swapping, .htmx-settling')")
