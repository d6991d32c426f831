"""How many practice players one small server holds: pushed tables against polled ones, in one run.

    .venv/bin/python bench/load.py                      # 200, 500, 1,000 players, both transports (about 10 minutes)
    .venv/bin/python bench/load.py --quick              # a smoke run: 20 players, about a minute
    .venv/bin/python bench/load.py --players 100,200 --seconds 20 --modes push

The production stack on loopback: a throw-away PostgreSQL cluster (``scripts/postgres.py``, its
``max_connections`` raised to what the workers' pools may open), gunicorn with uvicorn workers as
gunicorn.conf.py starts it (2 per core + 1), the production settings, PostgreSQL's LISTEN/NOTIFY
as the broker. For each player count, each transport on a fresh server and an emptied database:

- ``push``: each player's page holds the game's stream (``…/stream/``, gzip, as a browser asks);
  an event's table is what the page shows next. A stream that ends or drops is followed by one
  poll at once (the page's fallback) and, a second later, a new stream that sends the id of the
  last event it got (Last-Event-ID), as the browser's EventSource does;
- ``poll``: today's polling page (``DJANGO_PUSH=0``): a poll every 400 ms and when the table's
  ``data-wake-in`` says something falls due.

Every player (one asyncio task, its own cookies and client address) starts a Mogel Motte game
with three bots in the lobby and plays it: whenever its table offers a move (not a cheat, not
Caught!) it makes one after a human pause of 0.3–0.8 s, as an htmx POST (a spider's gift with its
"to"); a finished game is followed by a new one.

Players arrive 20 a second (``--ramp``); measured per run, in a window of ``--seconds`` after
``--warmup``: players with a game; requests per second the players sent (a stream opened counts
as one); changes: new tables the pages showed (a move's answer, a pushed or polled table); server
CPU (gunicorn's processes and PostgreSQL's, from /proc) per change; p50/p95/p99 of:

- a move's POST, as the client sees it;
- **push arrival** (push only, pages without their own id: ``--no-page-ids``): from a move's
  answer reaching the player (its transaction has committed, so its NOTIFY is out) until the
  stream's event of that version or a newer one: the broker, the stream's step and its render,
  the way to the page. Negative when the event came first. Late: over 200 ms (the target);
  missed: not there 5 s after the answer. By default each page sends its own id, as table.js
  does, and its stream then never sends it its own move's table (mogel/play/echo.py): there is
  nothing to time, and the stream's latency shows in **due**;
- **due**, either transport: a change the table announced (``data-wake-in``: a bot's next move,
  a window closing) from its announced moment (counted from when that table arrived, so a few ms
  late) until a newer table reaches the page (a stream's event, a poll's answer). The game may
  put an announced move off (a bot's secret move first: in a smoke run of 20 players, 94 of 261
  polls at an announced moment found nothing new), so this compares the transports on the same
  moments; it is not a push's own latency. A change more than 100 ms before its moment was
  another one (a bot's reflex) and is not timed.

Errors (5xx, failed connections, refused streams; target 0) and what the servers logged as errors
(a stream whose step fails after its answer began ends, and the page reconnects), refusals (4xx:
a move on a table a bot had just changed). The load generator runs on the same cores: its CPU
and its event loop's lag are printed, with the machine's load average. Every loop is bounded
in time. With ``DATABASE_URL`` unset it starts its own PostgreSQL (``max_connections``: every
worker's pool and listening connection, and 20 more); the open-file limit is raised to its maximum.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import friends_push  # noqa: E402  (the spider's gift's "to", the event loop's lag)
import push  # noqa: E402  (a page's requests, its stream and its events, the servers)
import stack  # noqa: E402  (the production environment, CPU from /proc, percentiles)

ROOT, PY = stack.ROOT, stack.PY
MOVES = re.compile(r'name="action" value="([^"]+)"')
WAKE = re.compile(r'data-wake-in="(\d+)"')
OVER = "table--over"
POLL_S, RETRY_S = 0.4, 1.0   # MOGEL_POLL_MS; the stream's retry (the page polls once meanwhile)
PAUSE_S = (0.3, 0.8)       # a person sees the table and chooses
ARRIVAL_TARGET_MS, MOVE_TARGET_MS = 200, 100   # issue 21's targets (p95)
MISSED_S = 5.0             # a move's event not there this long after its answer: missed
EARLY_S = 0.1              # a change this much before its announced moment was another one
RAMP_S_PER_PLAYER = 0.05   # players arrive 20 a second: starting a game costs more than playing one
WORKERS = os.cpu_count() * 2 + 1   # as gunicorn.conf.py
# In the servers' log: an error line (Django's format, gunicorn's) and an exception's last line.
SERVER_ERROR = re.compile(r"^\S+ \S+ ERROR |\[ERROR\]", re.M)
EXCEPTION = re.compile(r"^([\w.]+(?:Error|Exception|Timeout))(?::|$)", re.M)


class Run:
    """Everything measured in one run, with the time it happened, so the window counts its own."""

    def __init__(self, mode: str, port: int, log: Path):
        self.mode, self.port, self.log = mode, port, log
        # "push-idle", "poll-idle": the same pages, but nobody moves (the tables wait on them).
        self.transport, self.idle = mode.split("-")[0], mode.endswith("-idle")
        self.moves: list[tuple[float, float, int]] = []       # when, ms, status
        self.arrivals: list[tuple[float, float]] = []         # when, ms after it fell due
        self.changes: list[float] = []
        self.requests: list[float] = []
        self.errors: list[tuple[float, str]] = []
        self.missed: list[float] = []
        self.early: list[float] = []
        self.reconnects: list[float] = []
        self.lags: list[tuple[float, float]] = []            # friends_push.lag writes here
        self.echoes: list[tuple[float, float]] = []          # when, ms from a move's answer to its event
        self.open_streams = 0
        self.page_ids = True   # the pages send their own ids, as table.js does (--no-page-ids: not)

    def error(self, what: str) -> None:
        self.errors.append((time.monotonic(), what[:300]))


class Player(push.Page):
    """One browser at a practice table: what it shows, and when the next change is due."""

    def __init__(self, number: int, run: Run):
        super().__init__(number)
        self.run = run
        self.due: float | None = None      # monotonic time the table said something falls due
        self.last_id: str | None = None    # the stream's last event id (Last-Event-ID)
        self.posting = False               # a move's POST is on its way
        self.echo: tuple[int, float] | None = None   # push: a move's answer's version, and when it came
        self.pushed: tuple[int, float] = (-1, 0.0)    # push: the newest version the stream brought, and when

    def saw(self, html: str) -> None:   # the game's page as push.start_game loads it
        self.show(html, "load")

    def show(self, html: str, how: str) -> None:
        """A table reached the page: the game's page loaded, the player's own move's answer, a
        poll's or the stream's."""
        now, before = time.monotonic(), self.version
        found = push.VERSION.search(html)
        if found is None:
            return
        version = int(found.group(1))
        if how == "push":
            self.streamed(version, now)
        if version < before:
            return
        if version > before and how != "load":
            self.run.changes.append(now)
            if how != "move" and self.due is not None and not self.posting:
                self.arrived(now - self.due)
        self.html, self.version = html, version
        wake = WAKE.search(html)
        self.due = now + int(wake.group(1)) / 1000 if wake and OVER not in html else None
        self.shown.set()

    def streamed(self, version: int, now: float) -> None:
        """Push arrival: the stream's event of a version the player's own move's answer showed."""
        if version > self.pushed[0]:
            self.pushed = (version, now)
        if self.echo is not None and version >= self.echo[0]:
            self.run.echoes.append((now, (now - self.echo[1]) * 1000))
            self.echo = None

    def answered(self, body: str, sent: float, before: int) -> None:
        """A move's answer showed a version newer than ``before`` (what the page showed when the POST
        left): its commit is past; the stream should bring it (it may have come first: a negative arrival)."""
        found, now = push.VERSION.search(body), time.monotonic()
        # A page with an id is not sent its own move's table again (code that knows page ids):
        # nothing to time then.
        if self.run.transport != "push" or found is None or int(found.group(1)) <= before or self.page_id:
            return
        if self.echo is not None and now - self.echo[1] > MISSED_S:
            self.run.missed.append(now)
        version, self.echo = int(found.group(1)), None
        if self.pushed[0] >= version and self.pushed[1] >= sent:
            self.run.echoes.append((now, (self.pushed[1] - now) * 1000))
        else:
            self.echo = (version, now)

    def arrived(self, late_s: float) -> None:
        now = time.monotonic()
        if late_s < -EARLY_S:
            self.run.early.append(now)
        else:
            self.run.arrivals.append((now, late_s * 1000))

    async def ask(self, method: str, path: str, form: dict | None = None) -> tuple[int | None, str]:
        """One htmx request, counted; (None, "") when the connection failed."""
        self.run.requests.append(time.monotonic())
        try:
            status, _headers, body = await self.request(self.run.port, method, path, form, htmx=True)
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as failed:
            self.run.error(f"{method} {path.rsplit('/', 2)[-2]}: {failed!r}")
            return None, ""
        if status >= 500:
            self.run.error(f"{method} {path.rsplit('/', 2)[-2]}: {status} {body[:200]}")
        return status, body


async def live(player: Player) -> None:
    """A player's session: a game, played to its end, then the next one."""
    run = player.run
    while True:
        try:
            run.requests.extend([time.monotonic()] * 3)
            player.version, player.due, player.last_id = -1, None, None
            # Each game's page is a new page load: a new id (table.js), unless --no-page-ids.
            player.page_id = secrets.token_hex(12) if run.page_ids else None
            await push.start_game(player, run.port, players=4)
        except (AssertionError, OSError, ValueError, IndexError, asyncio.IncompleteReadError) as failed:
            run.error(f"lobby: {failed!r}")
            await asyncio.sleep(2)
            continue
        watch = asyncio.ensure_future(stream(player) if run.transport == "push" else poll(player))
        try:
            await (watch if run.idle else play(player))
        finally:
            watch.cancel()


async def play(player: Player) -> None:
    """Moves whenever the table offers one, after a human pause, until the game is over."""
    while OVER not in player.html:
        if not offered(player.html):
            player.shown.clear()
            await asyncio.wait([asyncio.ensure_future(player.shown.wait())], timeout=1.0)
            continue
        await asyncio.sleep(random.uniform(*PAUSE_S))
        moves = offered(player.html)
        if not moves:
            continue
        action = random.choice(moves)
        form = {"action": action, "version": player.version}
        if action.startswith("give "):
            form["to"] = random.choice(friends_push.GIVE_TO.findall(player.html) or ["1"])
        sent, before, player.posting = time.monotonic(), player.version, True
        try:
            status, body = await player.ask("POST", player.url + "act/", form)
        finally:
            player.posting = False
        if status is not None:
            player.run.moves.append((sent, (time.monotonic() - sent) * 1000, status))
        if status is not None and status < 500 and body:
            player.answered(body, sent, before)
            player.show(body, "move")


def offered(html: str) -> list[str]:
    return [a for a in MOVES.findall(html) if not a.startswith(("catch", "cheat"))]


async def stream(player: Player) -> None:
    """The page's stream, reopened a second after it ended or dropped (one poll at once meanwhile)."""
    run = player.run
    while OVER not in player.html:
        try:
            page = f"&page={player.page_id}" if player.page_id else ""
            reader, writer, status, headers = await push.open_stream(
                player, run.port, f"{player.url}stream/?version={player.version}{page}", gzip=True,
                last_event_id=player.last_id)
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as failed:
            run.error(f"stream: {failed!r}")
            await asyncio.sleep(RETRY_S)
            continue
        run.requests.append(time.monotonic())
        if status != 200:
            run.error(f"stream: {status}")
            writer.close()
            await asyncio.sleep(RETRY_S)
            continue
        run.open_streams += 1
        try:
            async for name, data, id in push.events(reader, headers, ids=True):
                if name == "close":
                    return
                player.last_id = id or player.last_id
                shown = player.took(name, data) if data else None
                if data and shown is None:
                    await fallback_poll(player)   # a patch that does not fit: table.js asks the same
                elif data:
                    player.show(shown, "push")
        finally:
            run.open_streams -= 1
            writer.close()
        run.reconnects.append(time.monotonic())
        await fallback_poll(player)
        await asyncio.sleep(RETRY_S)


async def fallback_poll(player: Player) -> None:
    status, body = await player.ask("GET", f"{player.url}poll/?version={player.version}")
    if status in (200, 286) and body:
        player.show(body, "poll")


async def poll(player: Player) -> None:
    """Today's page: a poll every 400 ms, and once at the moment the table said something falls due
    (its wake timer; a wake that finds nothing new leaves the page to its regular polls)."""
    next_poll, woken = time.monotonic() + POLL_S, None
    while OVER not in player.html:
        due = player.due if player.due != woken else None
        at = next_poll if due is None else min(next_poll, due)
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        woken = due if at == due else woken
        next_poll = time.monotonic() + POLL_S
        await fallback_poll(player)


async def one_run(mode: str, port: int, pids: list[list[int]], log: Path, args) -> dict:
    run = Run(mode, port, log)
    run.page_ids = not args.no_page_ids
    players = [Player(n, run) for n in range(args.players_now)]
    tasks = [asyncio.ensure_future(friends_push.lag(run))]
    started = time.monotonic()
    try:
        ramp = args.ramp if args.ramp is not None else len(players) * RAMP_S_PER_PLAYER
        for player in players:   # arrivals spread over the set-up, not one burst
            tasks.append(asyncio.ensure_future(live(player)))
            await asyncio.sleep(ramp / len(players))
        await asyncio.sleep(args.warmup)
        return await measured(run, players, pids, args.seconds, time.monotonic() - started)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=10)


async def measured(run: Run, players: list[Player], pids: list[list[int]], seconds: float, set_up_s: float) -> dict:
    cpu = [stack.cpu_seconds(p) for p in pids]
    statements = stack.statements(os.environ["DATABASE_URL"])
    own, start = time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    end = time.monotonic()
    statements = stack.statements(os.environ["DATABASE_URL"]) - statements - 1   # less its own
    logged = run.log.stat().st_size if run.log.exists() else 0   # the stop's own noise comes later
    wall = end - start
    server, db = [(stack.cpu_seconds(p) - c) for p, c in zip(pids, cpu)]
    inside = lambda rows: [r for r in rows if start <= (r[0] if isinstance(r, tuple) else r) < end]  # noqa: E731
    moves, arrivals, changes = inside(run.moves), inside(run.arrivals), len(inside(run.changes))
    echoes = inside(run.echoes)
    # A move's event, or a change announced in the window, still not there 5 s later.
    unpushed = sum(1 for p in players if p.echo is not None and start <= p.echo[1] < end - MISSED_S)
    overdue = sum(1 for p in players if p.due is not None and start <= p.due < end - MISSED_S)
    errors = inside(run.errors)
    return {
        "mode": run.mode, "players": len(players), "playing": sum(1 for p in players if p.version >= 0),
        "seconds": round(wall, 1), "set_up_s": round(set_up_s, 1),
        "rps": len(inside(run.requests)) / wall, "changes_per_s": changes / wall,
        "server_cpu": 100 * server / wall, "db_cpu": 100 * db / wall,
        "cpu_ms_per_change": 1000 * (server + db) / max(1, changes),
        "db_statements_per_s": statements / wall,
        "own_cpu": 100 * (time.process_time() - own) / wall,
        "lag95": stack.percentile([lag * 1000 for at, lag in run.lags if start <= at < end] or [0], 95),
        "load": os.getloadavg()[0],
        "moves": quantiles([ms for _at, ms, _status in moves]),
        "refused": sum(1 for _at, _ms, status in moves if 400 <= status < 500),
        "push": quantiles([ms for _at, ms in echoes]),
        "late": sum(1 for _at, ms in echoes if ms > ARRIVAL_TARGET_MS),
        "missed": len(inside(run.missed)) + unpushed,
        "due": quantiles([ms for _at, ms in arrivals]),
        "due_late": sum(1 for _at, ms in arrivals if ms > ARRIVAL_TARGET_MS),
        "due_missed": overdue + sum(1 for _at, ms in arrivals if ms > MISSED_S * 1000),
        "early": len(inside(run.early)),
        "errors": len(errors), "first_errors": [what for _at, what in errors[:3]],
        "streams": run.open_streams, "reconnects": len(inside(run.reconnects)), "logged": logged,
    }


def quantiles(values: list[float]) -> dict:
    return {"n": len(values), **{f"p{q}": stack.percentile(values, q) for q in (50, 95, 99)}}


def serve_and_run(mode: str, players: int, args, code: str | None = None) -> dict:
    """One transport at one player count on a fresh server and an emptied database; ``code``:
    the server runs another checkout's code (``--baseline``), else this one's."""
    env = {**stack.production_env(os.environ["DATABASE_URL"]), "DJANGO_ASGI": "1",
           "DJANGO_PUSH": "1" if mode.startswith("push") else "0", "DJANGO_DB_POOL_SIZE": str(args.pool)}
    stack.manage(env, "prunegames", "--finished-days", "0", "--idle-days", "0")
    label = f"{mode}{BASE if code else ''}"
    print(f"  {label}: {players} players …", file=sys.stderr, flush=True)
    log = Path(args.logs) / f"{mode}{'-base' if code else ''}-{players}.log"
    # Started in the checkout: its gunicorn.conf.py imports mogel before anything could chdir.
    started = push.servers(env, count=1, workers=args.workers, log=str(log), root=Path(code) if code else ROOT)
    (port, process), = started
    try:
        pids = [[process.pid], stack.postmaster_pid(os.environ["DATABASE_URL"])]
        args.players_now = players
        result = asyncio.run(one_run(mode, port, pids, log, args))
    finally:
        push.stop(started)
    result = {**result, **server_errors(log, result["logged"]), "label": label}
    print(HEAD + "\n" + row(result), file=sys.stderr, flush=True)
    return result


def server_errors(log: Path, size: int) -> dict:
    """What the servers logged as errors until the window's end (set-up included; not the stop's
    cancelled requests): a stream's step that fails after its answer began is no 5xx the player
    sees, only a stream that ends."""
    text = log.read_bytes()[:size].decode(errors="replace") if log.exists() else ""
    return {"server_errors": len(SERVER_ERROR.findall(text)),
            "server_why": Counter(EXCEPTION.findall(text)).most_common(2)}


# Marks a row of the baseline's code (--baseline).
BASE = "@base"
HEAD = (f"{'mode':<14}{'players':>8}{'playing':>8}{'req/s':>7}{'chg/s':>7}{'server':>7}{'db':>5}{'cpu/chg':>8}"
        f"{'moves':>7}{'p50':>6}{'p95':>6}{'p99':>6}{'push':>7}{'p50':>6}{'p95':>6}{'p99':>6}{'late':>5}{'miss':>5}"
        f"{'due':>7}{'p50':>6}{'p95':>6}{'p99':>6}{'err':>5}{'srv':>5}{'refus':>6}{'strm':>5}{'recon':>6}{'bench':>6}"
        f"{'lag95':>6}{'load':>5}")


def row(r: dict) -> str:
    m, e, d = r["moves"], r["push"], r["due"]
    return (f"{r['label']:<14}{r['players']:>8}{r['playing']:>8}{r['rps']:>7.0f}{r['changes_per_s']:>7.0f}"
            f"{r['server_cpu']:>6.0f}%{r['db_cpu']:>4.0f}%{r['cpu_ms_per_change']:>8.1f}{m['n']:>7}{m['p50']:>6.0f}"
            f"{m['p95']:>6.0f}{m['p99']:>6.0f}{e['n']:>7}{e['p50']:>6.0f}{e['p95']:>6.0f}{e['p99']:>6.0f}{r['late']:>5}"
            f"{r['missed']:>5}{d['n']:>7}{d['p50']:>6.0f}{d['p95']:>6.0f}{d['p99']:>6.0f}{r['errors']:>5}"
            f"{r['server_errors']:>5}{r['refused']:>6}{r['streams']:>5}{r['reconnects']:>6}{r['own_cpu']:>5.0f}%"
            f"{r['lag95']:>6.0f}{r['load']:>5.1f}")


def report(results: list[dict], args) -> None:
    print(f"\nPractice players (Mogel Motte, 3 bots each), gunicorn with {args.workers} uvicorn workers "
          f"(pool {args.pool} connections each), PostgreSQL; the load generator on the same {os.cpu_count()} cores.")
    print("ms as the client sees it. playing: players with a game at the end (the rest still in the lobby). push: a "
          f"move's answer until the stream's event of its version\n(late: over {ARRIVAL_TARGET_MS} ms, miss: none in "
          f"{MISSED_S:.0f} s); due: a change the table announced (a bot's move, a window closing) from its announced "
          "moment until the page\nshows it, either transport (the game may put an announced move off: a bot's secret "
          "move first). CPU in % of one core; cpu/chg: server + database CPU ms\nper new table shown; err: 5xx, "
          "failed connections, refused streams; srv: errors the servers logged (a stream's failed step ends it: a "
          "reconnect);\nstrm: streams open at the end; recon: streams reopened; bench: the load generator's CPU; "
          "lag95: its event loop's; load: 1-minute load average.")
    print(HEAD)
    for r in results:
        print(row(r))
    for r in results:
        for what in r["first_errors"]:
            print(f"{r['label']} at {r['players']}:", what.replace("\n", " ")[:200])
        for what, count in r["server_why"]:
            print(f"{r['label']} at {r['players']}, the servers logged {count} times:", what)
    for label in dict.fromkeys(r["label"] for r in results):
        runs = [r for r in results if r["label"] == label]
        print(idle_cost(label, runs) if runs[0]["mode"].endswith("-idle") else verdict(label, runs))
    if args.baseline:
        print(f"{BASE}: the servers ran the code in {args.baseline}, each run just before this checkout's.")


def arrival(r: dict) -> float:
    """The p95 a page waits for news: push, its stream's event of the page's own move (pages
    without an id); else an announced change."""
    return r["push"]["p95"] if r["mode"] == "push" and r["push"]["n"] else r["due"]["p95"]


def idle_cost(mode: str, runs: list[dict]) -> str:
    """What open pages cost while their tables wait on them: CPU ms per page and second, and the
    statements the database ran per page and second (which a starved server's CPU may hide)."""
    return f"{mode}: " + ", ".join(
        f"{r['playing']} waiting pages cost {r['server_cpu'] + r['db_cpu']:.0f} % of a core "
        f"({10 * (r['server_cpu'] + r['db_cpu']) / max(1, r['playing']):.2f} ms per page and second, "
        f"{r['db_statements_per_s'] / max(1, r['playing']):.2f} statements per page and second)" for r in runs) + "."


def holds(r: dict) -> bool:
    """Issue 21's targets: move p95 under 100 ms, arrival p95 under 200 ms, no error (the servers' own
    included), none missed."""
    return (r["moves"]["p95"] < MOVE_TARGET_MS and arrival(r) < ARRIVAL_TARGET_MS
            and not r["errors"] and not r["server_errors"] and not r["missed"])


def verdict(mode: str, runs: list[dict]) -> str:
    held = [r["players"] for r in runs if holds(r)]
    failed = [r for r in runs if not holds(r)]
    said = f"{mode}: within the targets at {', '.join(map(str, held)) or 'no'} players"
    if failed:
        r = failed[0]
        said += (f"; not at {r['players']} (move p95 {r['moves']['p95']:.0f} ms, "
                 f"{'push' if r['mode'] == 'push' and r['push']['n'] else 'due'} p95 {arrival(r):.0f} ms, "
                 f"{r['errors']} errors, "
                 f"{r['missed']} missed)")
    return said + "."


def raise_open_files() -> None:
    """1,000 streams and their players' requests need more descriptors than a shell's usual 1,024;
    the servers started from here inherit the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    numbers = lambda s: [int(x) for x in s.split(",")]  # noqa: E731
    parser.add_argument("--players", type=numbers, default=[200, 500, 1000])
    parser.add_argument("--seconds", type=float, default=30, help="measured per run")
    parser.add_argument("--warmup", type=float, default=10, help="after the last player started")
    parser.add_argument("--ramp", type=float, help="seconds over which the players arrive (default: 20 a second)")
    parser.add_argument("--modes", type=lambda s: s.split(","), default=["push", "poll"],
                        help="push, poll; push-idle, poll-idle: pages open on tables that wait on them")
    parser.add_argument("--workers", type=int, default=WORKERS, help="uvicorn workers (gunicorn.conf.py's count)")
    parser.add_argument("--pool", type=int, default=16, help="database connections per worker (DJANGO_DB_POOL_SIZE)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 20 players, about a minute")
    parser.add_argument("--no-page-ids", action="store_true", help="pages without their own id (before the mover's "
                        "echo was cut): the stream sends a page its own move's table too, and push arrival times it")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--baseline", help="another checkout's code (e.g. main's, from git archive): every run "
                        "is made with it too, just before this checkout's, in the same run and database")
    args = parser.parse_args(argv)
    if args.quick:
        args.players, args.seconds, args.warmup, args.ramp = [20], 10, 5, 3
    return args


def max_connections(args) -> int:
    """What the server must accept: every worker's pool full, its listening connection, some to spare."""
    return args.workers * (args.pool + 1) + 20


def main() -> None:
    args = parse(sys.argv[1:])
    if "DATABASE_URL" not in os.environ:
        env = {**os.environ, "MOGEL_POSTGRES_SETTINGS": f"max_connections={max_connections(args)}"}
        sys.exit(subprocess.run([PY, "scripts/postgres.py", "run", "--", PY, __file__, *sys.argv[1:]],
                                cwd=ROOT, env=env).returncode)
    raise_open_files()
    # One static root for every server of the run (production_env makes a new one otherwise).
    os.environ.setdefault("DJANGO_STATIC_ROOT", tempfile.mkdtemp(prefix="mogel-load-static-"))
    env = stack.production_env(os.environ["DATABASE_URL"])
    stack.manage(env, "migrate", "--noinput")
    stack.manage(env, "loadcontent")
    stack.manage(env, "collectstatic", "--noinput")
    args.logs = tempfile.mkdtemp(prefix="mogel-load-logs-")
    codes = [str(Path(args.baseline).resolve()), None] if args.baseline else [None]
    results = [serve_and_run(mode, players, args, code)
               for players in args.players for mode in args.modes for code in codes]
    report(results, args)
    print(f"The servers' logs: {args.logs}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
