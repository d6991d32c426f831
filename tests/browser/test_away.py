"""The server stopped and started again under a live table, in Chromium: the table says (in the
page's language) that it is reconnecting, keeps its hand, and comes back by itself at the game's
version; a move made while the server was away is either made once or said not to be made.

The site runs here as its own process (runserver, a SQLite file), so it can really be stopped
and started again on the same port; one test drops only a move's answer, on the test server."""

import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import translation

from mogel import games
from mogel.play.models import PracticeGame

from .htmx import ready

ROOT = Path(__file__).resolve().parents[2]
VIEWPORTS = [(375, 812), (1280, 800)]
# Each game in another language: the line is the page's language's.
GAMES = [("mogel-motte", "fr"), ("mogelei", "de")]
HAND = ("() => Array.from(document.querySelectorAll('#table .hand__item, #table .mz-hand__item'))"
        ".map(e => e.textContent.replace(/\\s+/g, ' ').trim())")
VERSION = "() => Number(document.getElementById('table').dataset.version)"
LINE = "() => document.getElementById('away').textContent"
# Does the line lie over any card of the hand?
COVERED = """() => { const a = document.getElementById('away').getBoundingClientRect();
  return Array.from(document.querySelectorAll('#table .hand__item, #table .mz-hand__item')).some(e => {
    const r = e.getBoundingClientRect();
    return r.left < a.right && a.left < r.right && r.top < a.bottom && a.top < r.bottom; }); }"""
# The person's next move, as a person would make it: a playable card, else drawing (Mogel Motte), a call (Mogelei).
MOVE = "#table .hand__item--live .card-btn, #table #btn-draw, #table .mz-hand__item--live .mz-card-btn, #table #call-red"


def said(lang, msgid):
    with translation.override(lang):
        return translation.gettext(msgid)


def free_port() -> int:
    # MOGEL_TEST_PORTS="8200-8299" keeps the server within a range; any free port otherwise.
    # In random order: two test workers that look at once rarely pick the same one.
    low, _, high = os.environ.get("MOGEL_TEST_PORTS", "0-0").partition("-")
    for port in random.sample(range(int(low), int(high) + 1), int(high) - int(low) + 1):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise RuntimeError("no free port")


class Site:
    """The site as a process of its own, on one port, against a SQLite file."""

    def __init__(self, tmp):
        self.port, self.db, self.log = free_port(), tmp / "db.sqlite3", tmp / "server.log"
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith("DJANGO_") and key != "DATABASE_URL"}
        self.env.update(DJANGO_SETTINGS_MODULE="mogel.settings", DJANGO_DEBUG="1", DATABASE_URL=f"sqlite:///{self.db}",
                        PYTHONUNBUFFERED="1")
        done = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=self.env,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        self.process = None

    def start(self):
        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "runserver", f"127.0.0.1:{self.port}", "--noreload"],
                cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        for _ in range(300):   # a server starting up, not the page: the test waits on the page's state
            assert self.process.poll() is None, self.log.read_text()
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start: " + self.log.read_text())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)

    def version(self, game_id: str) -> int:
        with sqlite3.connect(self.db) as db:
            return db.execute(f"SELECT public_version FROM {PracticeGame._meta.db_table} WHERE id = ?",
                              (game_id,)).fetchone()[0]

    def seen(self, game_id: str) -> list:
        """The game's events the person may see (a bot's secret cheat is not one), as the server stored them."""
        with sqlite3.connect(self.db) as db:
            rows = db.execute("SELECT event FROM play_practiceevent WHERE game_id = ? ORDER BY \"index\"", (game_id,))
            return [e for e in (json.loads(text) for (text,) in rows) if 0 in e.get("only", [0])]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    running = Site(tmp_path_factory.mktemp("away"))
    running.start()
    yield running
    if running.process.poll() is None:
        running.stop()


def start(page, url, key, lang, viewport):
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    with translation.override(lang):
        page.goto(url + games.get(key).play_url("lobby"))
    page.fill("input[name=name]", "Ann")
    page.check("input[name=players][value='3']")
    page.click(".btn--start")
    page.wait_for_selector("#table")
    ready(page)
    return page.url.rstrip("/").split("/")[-1]


def at_the_games_version(page, stored, limit_s=60):
    """Wait until the page shows the game's version, ``stored()`` (the bots may still be moving):
    the page's state against the server's game row, read again after each of the page's changes."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        version, shown = stored(), page.evaluate(VERSION)
        if shown == version:
            return version
        page.wait_for_function(f"{VERSION} !== {shown}", timeout=limit_s * 1000)
    raise AssertionError("the page never showed the game's version")


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("key, lang", GAMES)
def test_the_table_says_it_is_reconnecting_keeps_its_hand_and_comes_back_by_itself(page, site, key, lang, viewport):
    game_id = start(page, site.url, key, lang, viewport)
    hand = page.evaluate(HAND)
    assert hand
    site.stop()
    try:
        page.wait_for_function(f"() => document.getElementById('away').textContent === "
                               f"{said(lang, 'No connection to the server. Reconnecting…')!r}")
        assert page.locator("#away").is_visible()
        assert page.evaluate(HAND) == hand and page.locator("#table").count() == 1
        assert not page.evaluate(COVERED), "the line covers the hand"
        results = Axe().run(page)   # readable contrast, a live region axe accepts
        assert results.violations_count == 0, results.generate_report()
        shown = page.evaluate(VERSION)
    finally:
        site.start()
    page.wait_for_function(f"{LINE} === ''")
    assert not page.locator("#away").is_visible()
    version = at_the_games_version(page, lambda: site.version(game_id))
    assert version >= shown


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_move_made_while_the_server_is_away_is_said_not_made_and_then_made_once(page, site, viewport):
    game_id = start(page, site.url, "mogel-motte", "en", viewport)
    # The person's turn: the bots wait for them, so the game stands still meanwhile.
    page.wait_for_selector(MOVE)
    before = page.evaluate(VERSION)
    assert at_the_games_version(page, lambda: site.version(game_id)) == before
    events = site.seen(game_id)
    site.stop()
    try:
        page.locator(MOVE).first.click()
        unsure = said("en", "No connection to the server: your move may not have been made. Reconnecting…")
        page.wait_for_function(f"{LINE} === {unsure!r}")
    finally:
        site.start()
    not_made = said("en", "Connected again. Your move was not made: the table is as it was.")
    moved_on = said("en", "Connected again. The table shows whether your move was made.")
    page.wait_for_function(f"() => [{not_made!r}, {moved_on!r}].includes(({LINE})())")
    # A bot may cheat on the person's turn, in secret (no event the person sees, a new version of
    # the table): then the page cannot tell from the version and says so. Either way the move was
    # not made, and the page shows the game's version.
    now = site.version(game_id)
    assert page.evaluate(LINE) == (not_made if now == before else moved_on)
    assert page.evaluate(VERSION) == now
    assert site.seen(game_id) == events
    before = now
    # Made again, it is made once: the line goes with the person's next move.
    page.locator(MOVE).first.click()
    page.wait_for_function(f"{VERSION} > {before}")
    assert page.evaluate(LINE) == ""
    assert site.version(game_id) > before
    made = site.seen(game_id)[len(events):]
    assert made and made[0].get("seat") == 0, made   # the person's move first: the bots waited for it


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("key, lang", GAMES)
def test_a_move_whose_answer_is_lost_is_made_once_and_the_table_shows_it(page, site_url, key, lang, viewport):
    # The server applies the move, the answer never reaches the page (a network that drops then).
    page.route("**/act/", lambda route: (route.fetch(), route.abort("connectionreset")))
    game_id = start(page, site_url, key, lang, viewport)
    page.wait_for_selector(MOVE)
    before = page.evaluate(VERSION)
    page.locator(MOVE).first.click()
    page.wait_for_function(f"{LINE} === {said(lang, 'Connected again. The table shows whether your move was made.')!r}")
    # Made: the table moved on, to the game's version. Once: the same post again, with the version it
    # was made on, is refused as stale (test_database_down.py).
    assert page.evaluate(VERSION) > before
    assert at_the_games_version(page, lambda: PracticeGame.objects.get(pk=game_id).public_version) > before
