"""A whole short game of each kind in Chromium leaves the console without a single error: no
"[object Event]" from the stream's normal ends and reconnects, no uncaught exception
(docs/push.md, "Caps and time-outs")."""

import pytest

from .test_mogelei_play import DESKTOP, mogelei  # noqa: F401  (a fixture)
from .test_mogelei_play import play_to_the_end as play_mogelei
from .test_play import fast, start  # noqa: F401  (fast: a fixture)
from .test_play import play_to_the_end as play_mogel_motte


# Chromium's own line for an answer of 409: a move that crossed a bot's (a loaded machine makes
# them), which the table answers with its message and the current table. Not a script's error.
STALE_MOVE = "Failed to load resource: the server responded with a status of 409"


@pytest.fixture
def errors(page):
    """Every console error and uncaught exception of the page, as it comes."""
    found = []
    page.on("console", lambda message: found.append(message.text)
            if message.type == "error" and not message.text.startswith(STALE_MOVE) else None)
    page.on("pageerror", lambda error: found.append(f"uncaught: {error}"))
    return found


def test_a_game_of_mogel_motte_logs_no_error(page, site_url, fast, errors):
    fast.MOGEL_PUSH_LIFETIME_S = 2   # the stream ends and reconnects several times meanwhile
    start(page, site_url, "en", rounds="single")
    play_mogel_motte(page)
    assert page.locator(".ranking").count()
    assert errors == []


def test_a_game_of_mogelei_logs_no_error(page, mogelei, settings, screenshot, errors):
    settings.MOGEL_PUSH_LIFETIME_S = 2
    mogelei(DESKTOP, "en", 3, 6)
    play_mogelei(page, screenshot, "console", 3)
    assert errors == []
