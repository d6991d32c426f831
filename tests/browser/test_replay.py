"""A finished game's replay in Chromium, on a phone and on a desktop, stepped with the keyboard.

The game is a seeded Mogelei match played through HTTP (the site tests' player); the replay is
opened through its shared link, as a friend would. ← and → step, Home and End jump; each step
is its own address (Back returns to the step before), the live region reads the step, the
focus stays on the link pressed, nothing scrolls sideways and axe-core finds no violation.
Screenshots: test-artifacts/test_stepping_a_replay_with_the_keyboard*.png.
"""

from __future__ import annotations

import random
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.test import Client

from mogel import games
from mogel.play import replay as replays
from tests.games.mogelei.site.test_play import play_out
from tests.platform.play_helpers import clock, row_of  # noqa: F401  (a fixture)

from .htmx import ready, settled

PHONE, DESKTOP = (375, 812), (1280, 800)


@pytest.fixture
def shared_replay(site_url, settings, clock):
    """The shared link of a finished 4-player Mogelei match (one game)."""
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_PLAY_SEED = 424242
    kind = games.get("mogelei")
    client = Client()
    response = client.post("/en/mogelei/play/", {"name": "Ann", "players": 4, "level": "normal", "pace": "quick",
                                                 "games": 1, "dealer": "right"})
    url = response.url
    play_out(client, url, clock, random.Random(7))
    row = row_of(url)
    assert row.over
    return site_url + kind.url("play", "replay-shared-start", token=replays.token_of(row))


def step_of(page):
    return int(page.get_attribute("#replay", "data-step"))


def focused(page):
    return page.evaluate("() => document.activeElement.getAttribute('data-replay') || document.activeElement.id")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_stepping_a_replay_with_the_keyboard(page, shared_replay, screenshot, viewport):
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.goto(shared_replay)
    ready(page)
    last = int(page.get_attribute("#replay", "data-last-step"))
    assert step_of(page) == 0 and last > 10
    assert page.locator(".replay-hands__seat").count() == 4
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#replay[data-step="1"]')
    settled(page)
    assert re.search(r"/1/$", page.url)
    assert page.inner_text("#announcer").startswith("Step 1 of")
    assert focused(page) == "next"
    # The language switcher leads to the step shown, not to the one the page was loaded at.
    assert page.get_attribute("form.language-switcher input[name=next]", "value").endswith("/1/")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#replay[data-step="2"]')
    settled(page)
    screenshot("step-2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('#replay[data-step="1"]')
    page.keyboard.press("End")
    page.wait_for_selector(f'#replay[data-step="{last}"]')
    settled(page)
    # The last step has no "next" nor "last": the focus waits on the step counter.
    assert page.locator('[data-replay="next"]').count() == 0 and focused(page) == "replay-count"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    screenshot("last")
    # Each step is its own address: Back goes to the step shown before.
    page.go_back()
    page.wait_for_selector('#replay[data-step="1"]')
    ready(page)
    page.keyboard.press("Home")
    page.wait_for_selector('#replay[data-step="0"]')
    settled(page)
    page.keyboard.press("ArrowLeft")  # nothing before the deal
    settled(page)
    assert step_of(page) == 0
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
