"""Server-side cost of one change pushed to one seat, beside a trivial Django view, in one process.

    .venv/bin/python bench/change.py [--changes 300] [--players 4] [--json]

What a table's stream does when the broker says the game moved (``later`` of
``mogel.play.stream.TableSource`` for a practice table, of ``mogel.friends.stream.GameSource`` for
Ann's page at a friends' table): read the row, run the game (load, catch up, save with the version
check), build the seat's context (with ``note_sent``) and render its table. Timed per change that
sent the page a table, for both games, with its breakdown, against the trivial view of
bench/web.py (``/bench/trivial/``: "ok" through the same middleware) called through Django's own
WSGI handler in the same process, interleaved with the changes so both see the same machine.

The streams are the real ones: the stream view builds its source (its request went through every
middleware), only ``respond`` is held back so the steps can be called one by one. The people's
moves are posted through the act views between the steps (not timed; at a friends' table Ann's
or Ben's, two bots on the other seats); the bots' moves fall due on a fake server clock and are
applied by the stream itself or by the next request. A throw-away SQLite database, persistent
connections (CONN_MAX_AGE 60, the project's default), DEBUG off.

The breakdown is in means over the same changes (they add up to the mean of the whole change;
a part's median is often 0, e.g. no save when another request saved the change):
``reads+load`` everything read and parsed (the small row, the full row and its game; at a
friends' table also its seats and the panel of who is there); ``catch-up`` the presence, the
bots' and windows' catch-up and the save (0 when somebody else's request saved the change);
``context`` the seat's context with ``note_sent`` (``recent_log``, the log's last lines read
from the event table, shown apart); ``render`` the template.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FORMS = {"mogel-motte": {"rounds": "full", "ant_pile": "discard", "first_guard": "me"},
         "mogelei": {"games": 5, "dealer": "right"}}
# A pushed table (not only who is at a friends' table, which no change of the game sends).
NEWS = re.compile(r"^event: (table|resume|patch)$", re.M)
PARTS = ("reads+load", "catch-up", "context", "  recent_log", "hashes", "render")


def _django(db: str):
    """bench/web.py's app (the site's URLs plus the trivial view), on a throw-away database."""
    os.environ.update(MOGEL_BENCH_SERVER="1", MOGEL_BENCH_DB=db, DJANGO_SETTINGS_MODULE="mogel.settings")
    import bench.web as web  # noqa: E402  (configures and sets Django up)
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10 ** 6
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9   # the page stays at the table: the fake clock runs
    call_command("migrate", verbosity=0)
    return web


class Parts:
    """Time spent in named functions during one step (wrapped in place, restored after the run)."""

    def __init__(self):
        self.now: dict[str, float] = {}
        self.undo = []

    def wrap(self, module, name: str, part: str):
        original = getattr(module, name)

        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.now[part] = self.now.get(part, 0.0) + (time.perf_counter() - started) * 1000
        setattr(module, name, timed)
        self.undo.append((module, name, original))

    def wrap_all(self, friends: bool = False):
        """The practice table's steps, or (``friends``) a friends' table's: its own run, context and render."""
        from mogel.friends import service as friends_service, views as friends_views
        from mogel.play import service, views

        for name in ("load", "contact", "catch_up", "save", "recent_log"):
            self.wrap(service, name, name)
        try:   # a stream that sends patches: its hashes, and its renders of single regions
            from mogel.table import regions
        except ImportError:
            pass
        else:
            self.wrap(regions.Painter, "_shown", "hashes")
            self.wrap(regions, "_render", "render")
        if friends:
            self.wrap(friends_service, "run", "run")
            self.wrap(friends_views, "_seat", "context")
            self.wrap(friends_views, "render_to_string", "render")
            return
        self.wrap(service, "run", "run")
        self.wrap(views, "_sent", "context")
        self.wrap(views, "render_to_string", "render")

    def restore(self):
        for module, name, original in reversed(self.undo):
            setattr(module, name, original)
        self.undo = []


def breakdown(total: float, t: dict) -> dict:
    run = t.get("run", 0.0)
    catching = t.get("contact", 0.0) + t.get("catch_up", 0.0) + t.get("save", 0.0)
    outside = total - run - t.get("context", 0.0) - t.get("render", 0.0) - t.get("hashes", 0.0)
    return {"total": total, "reads+load": outside + run - catching, "catch-up": catching,
            "context": t.get("context", 0.0), "  recent_log": t.get("recent_log", 0.0),
            "hashes": t.get("hashes", 0.0), "render": t.get("render", 0.0)}


def trivial_ms(web, environ, cpu: list | None = None) -> float:
    started, used = time.perf_counter(), time.thread_time()
    body = web.application(dict(environ), lambda status, headers, exc_info=None: None)
    b"".join(body)
    body.close()
    if cpu is not None:
        cpu.append((time.thread_time() - used) * 1000)
    return (time.perf_counter() - started) * 1000


class Queries:
    """How many queries the database ran during a step (Django's execute wrapper: no debug cursor)."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


class Page:
    """One player's game page: its test client (cookies), the game's URL and the stream's source."""

    def __init__(self, kind, players: int, seed: int):
        from django.conf import settings
        from django.test import Client
        from django.utils import translation
        from mogel.play import views

        self.client, self.kind = Client(), kind
        settings.MOGEL_PLAY_SEED = 1000 + seed   # the same deals in every run (before and after a change)
        with translation.override("en"):
            lobby = kind.play_url("lobby")
        self.client.get(lobby)
        response = self.client.post(lobby, {"name": "Ann", "players": players, "level": "normal",
                                            "pace": "normal", **FORMS[kind.key]})
        assert response.status_code == 302, response.content[:500]
        self.url = response.url
        self.source = caught_source(views, self.client, self.url)
        self.table = None
        self.show(self.source.first().message)
        self.rng = random.Random(seed)

    def move(self) -> bool:
        return post_move(self.client, self.url, self.html, self.rng)

    def show(self, message: str) -> None:
        """The page after a pushed event (untimed): a whole table, or a patch applied as
        table/patch.js applies it (tests/platform/dom.py)."""
        from tests.platform import dom
        from tests.platform.play_helpers import sse_events

        for pushed in sse_events(message):
            if pushed["event"] == "patch" and not dom.apply(self.table, pushed["data"]):
                raise AssertionError("a patch the page could not apply")
            if pushed["event"] in ("redraw", "table", "resume"):
                self.table = dom.table_of(pushed["data"])
        self.html = dom.write(self.table)


def post_move(client, url: str, html: str | None, rng) -> bool:
    """Maybe a move offered on ``html``, as the page posts it (untimed): a change for the next step.
    True when one was posted (the broker then tells the stream of it)."""
    version = re.search(r'data-version="(\d+)"', html or "")
    acts = [a for a in re.findall(r'name="action" value="([^"]+)"', html or "")
            if not a.startswith(("catch", "cheat", "slap"))]
    if not version or not acts or rng.random() < 0.4:
        return False
    action = rng.choice(acts)
    form = {"action": action, "version": version.group(1)}
    if action.startswith("give "):
        form["to"] = re.search(r'name="to" value="(\d)"', html).group(1)
    client.post(url + "act/", form, HTTP_HX_REQUEST="true")
    return True


def caught_source(views, client, url: str, **params):
    """The stream's source the page's stream view builds (its request through every middleware);
    ``params``: more of the stream's address (``page``: the page's id)."""
    caught = []
    real = views.serve

    async def catch(request, source):
        caught.append(source)
        return await real(request, _Idle())
    views.serve = catch
    try:
        client.get(url + "stream/", {"version": 0, **params})
    finally:
        views.serve = real
    return caught[0]


class Table(Page):
    """A friends' table of ``players`` seats: Ann (measured) and Ben (moves), bots on the others."""

    def __init__(self, kind, players: int, seed: int):
        from django.conf import settings
        from django.test import Client
        from mogel.friends import views

        self.client, self.ben, self.kind, self.rng = Client(), Client(), kind, random.Random(seed)
        settings.MOGEL_PLAY_SEED = 2000 + seed
        answer = self.client.post(f"/en/friends/new/{kind.key}/", {"name": "Ann", "players": players,
                                                                  "level": "normal", "pace": "normal",
                                                                  **FORMS[kind.key]})
        assert answer.status_code == 302, answer.content[:500]
        self.url = answer.url
        self.ben.post(self.url + "sit/", {"name": "Ben"})
        self.client.post(self.url + "host/", {"op": "bot", "seat": "all"})
        self.client.post(self.url + "host/", {"op": "start"})
        self.source = caught_source(views, self.client, self.url)
        self.table = None
        self.show(self.source.first().message)
        self.ben_html = ""

    def move(self) -> bool:
        """Ann's or Ben's move (untimed); Ben's page reads his table first."""
        if self.rng.random() < 0.5:
            html = self.ben.get(self.url, HTTP_HX_REQUEST="true").content.decode()
            return post_move(self.ben, self.url, html, self.rng)
        return post_move(self.client, self.url, self.html, self.rng)


class _Idle:
    """The stream's source the view's response runs in this bench: nothing (the real one is driven here)."""

    def first(self):
        from mogel.push.stream import Update
        return Update("bench", 0, done=True)

    later = first


def measure(kind_key: str, changes: int, players: int, web, environ, clock, friends: bool = False):
    """``changes`` changes pushed to Ann's page (and the trivial view between them): their breakdowns."""
    from mogel import games

    from django.db import connection

    kind, opened = games.get(kind_key), Table if friends else Page
    samples, trivial, trivial_cpu, seed, queries = [], [], [], 0, Queries()
    page, parts, steps = opened(kind, players, seed), Parts(), 0
    parts.wrap_all(friends)
    try:
        while len(samples) < changes and steps < changes * 40:
            steps += 1
            clock.tick(page.rng.randint(150, 600))
            moved = page.move()
            trivial.append(trivial_ms(web, environ, trivial_cpu))
            parts.now, queries.count = {}, 0
            started, used = time.perf_counter(), time.thread_time()
            with connection.execute_wrapper(queries):
                # As the push loop asks: the broker heard a posted move; else a wake (a bot's
                # move or a window falling due), with nothing missed since the last step.
                update = page.source.later(heard=1 if moved else None, sure=True)
            total, cpu = (time.perf_counter() - started) * 1000, (time.thread_time() - used) * 1000
            if update.message and NEWS.search(update.message):
                samples.append({**breakdown(total, parts.now), "cpu": cpu, "queries": queries.count,
                                "bytes": len(update.message.encode())})
                page.show(update.message)
            if update.done or getattr(page.source, "over", False):   # a new game, set up outside the timing
                seed += 1
                parts.restore()
                page = opened(kind, players, seed)
                parts.wrap_all(friends)
    finally:
        parts.restore()
    return samples, trivial, trivial_cpu


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run(changes: int, players: int) -> dict:
    tmp = tempfile.mkdtemp(prefix="mogel-change-")
    web = _django(os.path.join(tmp, "bench.sqlite3"))
    from django.test import RequestFactory
    from mogel.play import service
    from tests.platform.play_helpers import Clock   # the tests' fake server clock

    environ = RequestFactory()._base_environ(PATH_INFO="/bench/trivial/", REQUEST_METHOD="GET")
    clock = Clock()
    service.wall_ms = clock
    for _ in range(200):   # warm up: imports, the URL resolver, the template loaders
        trivial_ms(web, environ)
    results = {}
    for friends in (False, True):
        for key in ("mogel-motte", "mogelei"):
            samples, trivial, cpu = measure(key, changes, players, web, environ, clock, friends)
            results[f"{'friends' if friends else 'practice'} {key}"] = {"samples": samples, "trivial": trivial,
                                                                         "trivial_cpu": cpu}
    return results


def summary(results: dict) -> dict:
    """Median and p95 per game of the whole change and its parts, and the trivial view's."""
    out = {}
    for key, found in results.items():
        samples, trivial = found["samples"], found["trivial"]
        row = {"n": len(samples), "trivial": (statistics.median(trivial), percentile(trivial, 95)),
               "trivial_cpu": statistics.median(found["trivial_cpu"])}
        for part in ("total", "cpu", "queries", "bytes", *PARTS):
            values = [s[part] for s in samples]
            row[part] = (statistics.median(values), percentile(values, 95), statistics.mean(values))
        out[key] = row
    return out


def report(figures: dict, players: int) -> None:
    print(f"One change pushed to one seat (the stream's later step), {players}-seat tables (friends': "
          "2 people, the rest bots), in-process, server-side ms")
    print(f"{'table':<21}{'n':>5}{'trivial':>9}{'change':>9}{'p95':>8}{'x triv':>8}{'cpu':>7}{'x triv':>8}"
          f"{'queries':>8}{'bytes':>7}  |{'mean':>7}  = " + "".join(f"{p.strip():>11}" for p in PARTS))
    for key, row in figures.items():
        base, cpu = row["trivial"][0], row["trivial_cpu"]
        print(f"{key:<21}{row['n']:>5}{base:>9.2f}{row['total'][0]:>9.2f}{row['total'][1]:>8.2f}"
              f"{row['total'][0] / base:>8.1f}{row['cpu'][0]:>7.2f}{row['cpu'][0] / cpu:>8.1f}"
              f"{row['queries'][2]:>8.2f}{row['bytes'][2]:>7.0f}  |{row['total'][2]:>7.2f}  = "
              + "".join(f"{row[p][2]:>11.2f}" for p in PARTS))
    print("trivial, change: medians; p95 of the change; x triv: median against median; cpu: the change's "
          "median CPU time (its thread's) and its ratio to the trivial view's; queries: their mean per change; "
          "bytes: the pushed event's mean size (before the stream's gzip); "
          "mean = the parts' means (recent_log is part of context)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON (for bench/web.py)")
    args = parser.parse_args()
    figures = summary(run(args.changes, args.players))
    if args.json:
        print(json.dumps(figures))
    else:
        report(figures, args.players)


if __name__ == "__main__":
    main()
