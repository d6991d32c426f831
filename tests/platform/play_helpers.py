"""Helpers shared by the practice-game tests: a fake server clock and small readers of the table."""

import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync
from django.db import connections

from mogel.play import service
from mogel.play.models import PracticeEvent, PracticeGame

LOBBY = {"de": "/de/spielen/", "en": "/en/play/", "fr": "/fr/jouer/", "nl": "/nl/spelen/", "it": "/it/gioca/"}


class Clock:
    def __init__(self):
        self.ms = 1_700_000_000_000

    def __call__(self):
        return self.ms

    def tick(self, ms):
        self.ms += ms


@pytest.fixture
def clock(monkeypatch, settings):
    """The fake server clock. A test that lets it run without a request plays a page that stays
    at the table meanwhile (its polls are not simulated): the game does not pause for it. The
    tests of the pause (test_pause.py) set the grace they mean."""
    c = Clock()
    monkeypatch.setattr(service, "wall_ms", c)
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9
    return c


def version_of(html):
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def row_of(url):
    return PracticeGame.objects.get(pk=url.rstrip("/").split("/")[-1])


def post(client, url, action, version, **extra):
    return client.post(url + "act/", {"action": action, "version": version, **extra}, HTTP_HX_REQUEST="true")


def state(url):
    row = row_of(url)
    return row.version, row.state


def log_of(url):
    """The game's whole event log (the row keeps only its end)."""
    return row_of(url).stored_log()


def events_after(url, version, upto=None):
    """The events after the page version ``version`` (up to page version ``upto``), hidden ones included."""
    events = PracticeEvent.objects.filter(game=row_of(url)).order_by("index")
    seen = events.filter(public__lte=version).values_list("index", flat=True).last()
    later = events.filter(index__gt=-1 if seen is None else seen)
    if upto is not None:
        last = events.filter(public__lte=upto).values_list("index", flat=True).last()
        later = later.filter(index__lte=last)
    return [json.loads(text) for text in later.values_list("event", flat=True)]


def run_async(scenario):
    """``scenario()`` awaited in a thread of its own, as a server's event loop would run it. Not
    in the test's thread: where a browser test ran before in the same worker, Playwright's sync
    API keeps an event loop there, and asgiref refuses to start another beside it."""
    def run():
        try:
            return async_to_sync(scenario)()
        finally:
            connections.close_all()   # the thread's own connection: the test database is dropped after
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def sse_events(text: str) -> list[dict]:
    """Server-sent events parsed as a browser does: {"event", "id", "data"} (comments left out)."""
    found = []
    for block in text.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            if line.startswith(":") or ":" not in line:
                continue
            name, _colon, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            fields[name] = fields[name] + "\n" + value if name == "data" and name in fields else value
        if "data" in fields:
            found.append({"event": fields.get("event", "message"), "id": fields.get("id"), "data": fields["data"]})
    return found


@pytest.fixture
def timed_stream(monkeypatch, clock, settings):
    """Streams read under the fake clock: a stream's wait lets its whole timeout pass on the
    clock at once (nothing else moves the game meanwhile), so a test reads in a moment what a
    page would receive over seconds; ``read(response)`` gives each chunk with its game time."""
    from mogel.push import broker
    from mogel.push import stream as push_stream

    monkeypatch.setattr(push_stream, "_now", lambda: clock.ms / 1000)
    monkeypatch.setattr(broker.SyncWaiter, "wait",
                        lambda self, channel, version, timeout_s: clock.tick(max(1, round(timeout_s * 1000))))
    settings.MOGEL_PUSH_TICK_MS = 100

    def read(response, since):
        return [(clock.ms - since, chunk.decode()) for chunk in response.streaming_content]
    return read
