"""The table on push in Chromium: a stream that drops again and again mid-game, and reconnects
that are refused for a while, lose no move and double none; the page never shows an older table
than it showed (docs/push.md, "Order") and ends as a full redraw draws it."""

import pytest

from .order import game_row, never_back, reaches, watch
from .test_play import fast, play_to_the_end, start  # noqa: F401  (fast: a fixture)

# How often the stream opened and failed (a refused reconnect).
STREAMS = """
window.pushed = {opened: 0, errors: 0};
document.addEventListener("htmx:sseOpen", function () { window.pushed.opened += 1; });
document.addEventListener("htmx:sseError", function () { window.pushed.errors += 1; });
"""

# What a full redraw and the pushed page must agree on: the log, the seats, the hand, the prompt.
STATE = """() => {
  const text = s => Array.from(document.querySelectorAll('#table ' + s)).map(e => e.textContent.replace(/\\s+/g, ' ').trim());
  return {version: document.getElementById('table').dataset.version, log: text('.log__list li'),
          seats: text('.seat'), hand: text('.hand .card-btn'), prompt: text('#table-prompt')};
}"""


@pytest.mark.parametrize("viewport", [(375, 812), (1280, 800)])
def test_a_stream_that_drops_mid_game_loses_and_doubles_no_move(page, context, site_url, fast, viewport):
    # Every stream ends after 1.5 s (the page reconnects with its Last-Event-ID), and every third
    # attempt to reconnect is refused outright, so the page also falls back to polling for a while.
    fast.MOGEL_PUSH_LIFETIME_S = 1.5
    attempts = []

    def maybe_refuse(route):
        attempts.append(route.request.url)
        if len(attempts) % 3 == 0:
            route.abort()
        else:
            route.continue_()
    page.route("**/stream/**", maybe_refuse)
    watch(page)
    page.add_init_script(STREAMS)
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    start(page, site_url, "en")
    # Until the table stands still, not for a fast machine's time (tests/browser/progress.py).
    play_to_the_end(page)

    row = game_row(page)
    assert row.over
    # The last events may still be on their way when the ranking shows.
    reaches(page, row.public_version)
    pushed = page.evaluate("window.pushed")
    assert pushed["opened"] >= 3 and pushed["errors"] >= 2, pushed
    assert sum(1 for name, _id in page.evaluate("window.order.events") if name == "redraw") >= 3
    assert len(attempts) >= 4
    # The table never went back to an older version (every version it showed, in order), and it
    # ends at the game's own.
    never_back(page)
    # No move lost or doubled: the page shows what a fresh page of the same game shows.
    live = page.evaluate(STATE)
    fresh = context.new_page()
    fresh.goto(page.url)
    assert fresh.evaluate(STATE) == live
