"""What an open page of a friends' table costs its server while nothing happens, per minute,
beside what the same page cost before who is at the table was pushed.

    .venv/bin/python bench/friends_stream.py [--steps 300]

One 3-seat Mogelei table (Ann, Ben, a bot) in a throw-away SQLite database. Ann's page is
measured in two moments, each printed side by side with its baseline from the same run:

- the game waits at somebody's turn: now one stream step a second (the game's small row, the
  seats, the presence compared, no render); before, the same stream step plus the seats poll
  every 3 s (``seats/`` through Django's test client: session, table, seats, the panel rendered);
- the game is over, nobody has pressed "Play again" yet: now one stream step a second (the
  table's rematch and the seats: no game row, no render); before, the stream had closed and
  the page polled ``seats/`` every 3 s.

Medians of the time per step or request and the queries it makes, then the page's cost per
minute (60 steps, 20 polls). The seats poll measured is today's view (it now checks the asker's
seat as every page of the table does), as the page would still poll it. The clock is the server's own: a page's contact is written at most
every 3 s, so back-to-back steps write nothing (a minute of a real page writes 20 times).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import replay  # noqa: E402  (its throw-away database; it puts the project on the path)


def _setup(db: str) -> None:
    """A throw-away SQLite database, migrated (as bench/replay.py makes it), and quick bots."""
    from django.conf import settings

    replay._setup(db)
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_PLAY_SEED = 7


def _table():
    """Ann's and Ben's clients at a started 3-seat Mogelei table with a bot."""
    from django.test import Client

    from mogel.friends.models import Table

    ann, ben = Client(), Client()
    answer = ann.post("/en/friends/new/mogelei/", {"name": "Ann", "players": 3, "level": "normal",
                                                   "pace": "quick", "games": 1, "dealer": "right"})
    table = Table.objects.get(code=answer.url.rstrip("/").split("/")[-1])
    ben.post(f"/en/friends/{table.code}/sit/", {"name": "Ben"})
    ann.post(f"/en/friends/{table.code}/host/", {"op": "bot", "seat": "all"})
    ann.post(f"/en/friends/{table.code}/host/", {"op": "start"})
    table.refresh_from_db()
    return table, ann, ben


def _source(client, table):
    from django.test import RequestFactory
    from django.utils import translation

    from mogel.friends import views

    request = RequestFactory().get(f"/en/friends/{table.code}/stream/", {"version": 0})
    request.session, request.htmx = client.session, False
    with translation.override("en"):
        source = views._source(request, table.code)
    source.first()
    return source


def _play_out(table, clients):
    """Ann and Ben play their first offered move until the game is over (bots at their pace)."""
    from mogel.play.models import PracticeGame

    url = f"/en/friends/{table.code}/"
    pages = {c: c.get(url).content.decode() for c in clients}
    for _ in range(5000):
        if PracticeGame.objects.get(pk=table.game_id).over:
            return
        for c in clients:
            version = re.search(r'data-version="(\d+)"', pages[c]).group(1)
            offered = re.findall(r'name="action" value="([^"]+)"', pages[c])
            answer = (c.post(url + "act/", {"action": offered[0], "version": version}, HTTP_HX_REQUEST="true")
                      if offered else c.get(url + "poll/", {"version": version}, HTTP_HX_REQUEST="true"))
            if answer.status_code not in (204, 286) or offered:
                pages[c] = c.get(url).content.decode()
        time.sleep(0.06)
    raise RuntimeError("the game did not end")


def _measure(call, steps: int) -> tuple[float, float]:
    """Median ms and median queries of ``call()``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, queries = [], []
    for _ in range(steps):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            call()
            times.append((time.perf_counter() - start) * 1000)
        queries.append(len(captured.captured_queries))
    return statistics.median(times), statistics.median(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup(str(Path(folder) / "bench.sqlite3"))
        table, ann, ben = _table()
        seats = f"/en/friends/{table.code}/seats/"
        poll = lambda: ann.get(seats, HTTP_HX_REQUEST="true")  # noqa: E731
        rows = []
        source = _source(ann, table)
        step = _measure(source.later, args.steps)
        polled = _measure(poll, args.steps)
        rows.append(("waiting at a turn", "stream + seats poll / 3 s", step, polled, step[0] * 60 + polled[0] * 20,
                     "stream only", step, step[0] * 60))
        _play_out(table, (ann, ben))
        source = _source(ann, table)
        step = _measure(source.later, args.steps)
        polled = _measure(poll, args.steps)
        rows.append(("game over", "closed, seats poll / 3 s", polled, polled, polled[0] * 20,
                     "stream open", step, step[0] * 60))
    print(f"{'moment':<18} {'before':<26} {'ms/poll':>8} {'q/poll':>7} {'ms/min':>7}   "
          f"{'now':<12} {'ms/step':>8} {'q/step':>7} {'ms/min':>7}")
    for moment, before, step_then, poll_then, per_min_then, now, step_now, per_min_now in rows:
        print(f"{moment:<18} {before:<26} {poll_then[0]:8.2f} {poll_then[1]:7.0f} {per_min_then:7.0f}   "
              f"{now:<12} {step_now[0]:8.2f} {step_now[1]:7.0f} {per_min_now:7.0f}")


if __name__ == "__main__":
    main()
