"""Push latency at 4-person friends' tables, and how many such tables 2 cores hold.

    .venv/bin/python bench/friends_push.py                        # 5,10,20,30,40,60 tables (about 12 minutes)
    .venv/bin/python bench/friends_push.py --tables 2,4 --seconds 10
    .venv/bin/python bench/friends_push.py --parts follow      # only Start, a move, Play again (4 minutes)

Starts the production stack as bench/push.py does (a throw-away PostgreSQL cluster through
``scripts/postgres.py``, gunicorn with uvicorn workers, the production settings; by default as
many workers as gunicorn.conf.py gives this machine) and ramps up friends' tables of Mogel Motte
with four people each, made through the real views, each person a client with cookies of their
own: the host creates the table, three guests sit down, the host starts it. Each person's page
opens its stream (``…/<code>/stream/``, gzip as a browser asks) and polls who is at the table
every 3 s, as the page does. Tables made in one step keep playing in the next ones.

At every table, every ``--pace`` seconds (a random pause in that range: people thinking), one
person whose table offers a move (play, draw, slap, race, go on) makes one, read from their own
page, as an htmx POST. Measured per move: the POST's own time, and for each of the three OTHER
people, from sending the POST until their stream delivers a table of a newer version (the first
newer table each of them sees: at a human pace nothing else moves the table in between, apart
from a window closing). A finished game is followed by "Play again" (the rematch, same seats).

Printed per step and mode: people, tables, moves per second, p50/p95/p99 of the push arrival
and of the move's POST, arrivals missing after 5 s, refused moves (a window that had closed),
errors (5xx and failed connections), the CPU of the server's processes (gunicorn and its
workers) and of PostgreSQL in % of one core, and the load generator's own CPU and event-loop
lag: it runs on the same 2 cores, so what it takes the server does not get; and the machine's
load average, since anything else running shares them too. The baseline, in the
same run on fresh servers and the same ramp: the same people on the polling pages
(``DJANGO_PUSH=0``: the table polls every 400 ms). The last lines say at how many tables push's
p95 crosses 200 ms or errors start. A mode stops ramping after a step whose p95 passed
``--give-up-ms``. PUSH_BENCH_LOG=<file>: the servers' output. Loopback only; every loop ends.

Then, per mode on a fresh server (``--parts``: ``ramp``, ``follow``, both by default),
bench/friends_follow.py: a few tables with a spectator each, every page following by its own
means: how soon Start, a move and "Play again" reach every other page (p50/p95), push beside poll.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stack  # noqa: E402  (the production environment, CPU from /proc, percentiles)
import push  # noqa: E402  (a page's requests and its stream, the servers)

ROOT, PY = stack.ROOT, stack.PY
SEATS = 4
NEW = "/en/friends/new/mogel-motte/"
TABLE_FORM = {"name": "Host", "players": SEATS, "level": "normal", "pace": "normal", "first_guard": "me",
              "ant_pile": "discard"}
OVER = 'id="btn-play-again"'
# Every move the game waits for (a person's turn, the spider's gift, the hand-over, a window, the
# scores' "go on"), never a cheat or Caught!: a cheat shows its owner alone, so the other pages
# rightly get nothing to time.
MOVES = re.compile(r'name="action" value="((?:play|draw|give|keep|hand|slap|race|continue)[^"]*)"')
ARRIVAL_TIMEOUT_S = 5.0
SEATS_POLL_S = 3.0      # the page's poll of who is at the table (mogel.friends.views.SEATS_POLL_MS)
POLL_S = 0.4            # the table's poll without push (MOGEL_POLL_MS)
TARGET_MS = 200
GIVE_TO = re.compile(r'name="to" value="(\d+)"')
ALERT = re.compile(r'role="alert"[^>]*>\s*([^<]+)')


class Person(push.Page):
    """One person's browser at a table: their cookies, address, page, and when each newer table came."""

    def __init__(self, number: int):
        super().__init__(number)
        self.arrived: list[tuple[float, int]] = []
        self.moved = asyncio.Event()    # set when the page shows a (new) game: a stream may open

    def saw(self, html: str) -> None:
        if self.url not in html:    # a late answer about the game before the rematch
            return
        before = self.version
        super().saw(html)
        if self.version > before:
            self.arrived.append((time.monotonic(), self.version))

    async def newer_than(self, version: int, deadline: float) -> float | None:
        """When the page first showed a table newer than ``version``; None if none came in time."""
        while self.version <= version and time.monotonic() < deadline:
            self.shown.clear()
            await asyncio.wait([asyncio.ensure_future(self.shown.wait())], timeout=deadline - time.monotonic())
        return next((at for at, v in self.arrived if v > version), None)

    async def enter(self, port: int, url: str) -> None:
        """Open the table's page (the game) and show it."""
        status, _headers, html = await self.request(port, "GET", url)
        assert status == 200, (status, html[-1500:])
        self.url, self.version, self.arrived = url, -1, []
        self.saw(html)
        self.moved.set()


class Run:
    """Everything measured, with the time it happened, so each step counts its own window."""

    def __init__(self, port: int, mode: str, rounds: str):
        self.port, self.mode, self.rounds = port, mode, rounds
        self.moves: list[tuple[float, int, float, list[float], int]] = []  # sent, status, post s, arrivals, missed
        self.errors: list[tuple[float, str]] = []
        self.lags: list[tuple[float, float]] = []
        self.rematches: list[float] = []
        self.refusals: list[str] = []
        # A move some other page did not show in time: its verb, and which pages (spectator or seat).
        self.late: list[str] = []
        self.streams = 0

    def error(self, what: str) -> None:
        self.errors.append((time.monotonic(), what))


async def set_up(people: list[Person], run: Run, new: str = NEW, form: dict | None = None,
                 seated: int | None = None) -> None:
    """A table through the real views: the host creates it (at ``new``, with ``form``), the guests
    sit down (the first ``seated`` of ``people``, all by default: the others watch), bots take the
    seats left empty, the host starts; everyone opens the game's page."""
    host, port = people[0], run.port
    form = form or {**TABLE_FORM, "rounds": run.rounds}
    await host.request(port, "GET", new)
    status, headers, body = await host.request(port, "POST", new, form)
    assert status == 302, (status, body[-1500:])
    url = push.location(headers, port)
    sitting = people[:seated or len(people)]
    for number, guest in enumerate(sitting[1:], 1):
        await guest.request(port, "GET", url)
        status, _headers, body = await guest.request(port, "POST", url + "sit/", {"name": f"Guest {number}"})
        assert status == 302, (status, body[-1500:])
    bots = [{"op": "bot", "seat": "all"}] if len(sitting) < int(form["players"]) else []
    for op in (*bots, {"op": "start"}):
        status, _headers, body = await host.request(port, "POST", url + "host/", op)
        assert status == 302, (op, status, body[-1500:])
    for person in people:
        await person.enter(port, url)


async def drive(people: list[Person], run: Run, pace: tuple[float, float]) -> None:
    """The table's people at a human pace: one move every few seconds by someone it is offered to."""
    while True:
        await asyncio.sleep(random.uniform(*pace))
        try:
            if any(OVER in p.html for p in people):
                await rematch(people, run)
                continue
            offered = [(p, MOVES.findall(p.html)) for p in people]
            offered = [(p, moves) for p, moves in offered if moves]
            if offered:
                await move(people, run, *random.choice(offered))
        except (AssertionError, OSError, ValueError, IndexError) as failed:
            run.error(f"table: {failed!r}"[:300])


async def move(people: list[Person], run: Run, person: Person, moves: list[str]) -> None:
    others = [p for p in people if p is not person]
    before, mine = [p.version for p in others], person.version
    sent = time.monotonic()
    try:
        action = random.choice(moves)
        form = {"action": action, "version": person.version}
        if action.startswith("give "):     # the spider's gift: the card's button and whom to (a radio)
            form["to"] = random.choice(GIVE_TO.findall(person.html))
        status, _headers, html = await person.request(run.port, "POST", person.url + "act/", form, htmx=True)
    except (OSError, ValueError, IndexError) as failed:
        run.error(f"move: {failed!r}")
        return
    took = time.monotonic() - sent
    if status >= 500:
        run.error(f"move: {status} {html[:200]}")
    elif status >= 400:
        said = ALERT.search(html)
        run.refusals.append(f"{action.split()[0]}: {status} {said.group(1).strip() if said else html[:100]}")
    person.saw(html)
    arrivals, missed = [], 0
    # Only a move that changed the table has news for the others: a "go on" that waits for the
    # others to read the scores does not (the next round starts when the last one goes on).
    if status == 200 and person.version > mine:
        deadline = sent + ARRIVAL_TIMEOUT_S
        for at in await asyncio.gather(*(p.newer_than(v, deadline) for p, v in zip(others, before))):
            if at is None:
                missed += 1
            else:
                arrivals.append(at - sent)
        run.late += [action.split()[0]] * missed
    run.moves.append((sent, status, took, arrivals, missed))


async def rematch(people: list[Person], run: Run) -> None:
    """"Play again" by one of them; everyone follows to the rematch (same seats, new streams)."""
    for p in people:
        p.moved.clear()
    asker = random.choice(people)
    status, headers, body = await asker.request(run.port, "POST", asker.url + "again/",
                                                {"code": asker.url.rstrip("/").rsplit("/", 1)[-1]})
    if status != 302:
        run.error(f"again: {status} {body[:200]}")
        return
    url = push.location(headers, run.port)
    for p in people:
        await p.enter(run.port, url)
    run.rematches.append(time.monotonic())


async def watch_stream(person: Person, run: Run) -> None:
    """The page's stream, reopened as the browser would: after it ended (its lifetime) or dropped,
    and at the rematch; ``?version=`` says what the page shows."""
    while True:
        await person.moved.wait()
        try:
            reader, writer, status, headers = await push.open_stream(
                person, run.port, f"{person.url}stream/?version={person.version}", gzip=True)
        except (OSError, ValueError, IndexError) as failed:
            run.error(f"stream: {failed!r}")
            await asyncio.sleep(1)
            continue
        if status != 200:
            run.error(f"stream: {status}")
            writer.close()
            await asyncio.sleep(1)
            continue
        run.streams += 1
        try:
            async for name, data in push.events(reader, headers):
                if name == "close":
                    person.moved.clear()    # the game is over: no reconnecting until the rematch
                elif data:
                    shown = person.took(name, data)
                    if shown is None:   # a patch that does not fit: table.js asks for the whole table
                        await get(person, run, f"{person.url}poll/?version={person.version}", "poll", show=True)
                    else:
                        person.saw(shown)
        finally:
            writer.close()
        await asyncio.sleep(1)   # retry: 1000


async def watch_poll(person: Person, run: Run) -> None:
    """The polling page (the baseline): the table's poll every 400 ms."""
    while True:
        await person.moved.wait()
        await asyncio.sleep(POLL_S)
        if await get(person, run, f"{person.url}poll/?version={person.version}", "poll", show=True) == 286:
            person.moved.clear()    # the game is over: htmx stops polling until the rematch


async def seats(person: Person, run: Run) -> None:
    """Who is at the table, every 3 s, as a polling page asks (a pushed page gets it on its stream)."""
    await asyncio.sleep(random.uniform(0, SEATS_POLL_S))
    while True:
        await person.moved.wait()
        await get(person, run, person.url + "seats/", "seats")
        await asyncio.sleep(SEATS_POLL_S)


async def get(person: Person, run: Run, path: str, what: str, show: bool = False) -> int | None:
    try:
        status, _headers, html = await person.request(run.port, "GET", path, htmx=True)
    except (OSError, ValueError, IndexError) as failed:
        run.error(f"{what}: {failed!r}")
        return None
    if status >= 500:
        run.error(f"{what}: {status} {html[:200]}")
    elif show and status in (200, 286):
        person.saw(html)
    return status


async def lag(run: Run) -> None:
    """The load generator's own event loop: how late a 100 ms sleep wakes (its share of the cores)."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(0.1)
        run.lags.append((asked, time.monotonic() - asked - 0.1))


async def ramp(mode: str, port: int, pids: list[int], args, first: int) -> list[dict]:
    """The steps of one mode on one server: more tables at each, measured for ``args.seconds``."""
    run, tasks, steps, at, number = Run(port, mode, args.rounds), [], [], [], first
    tasks.append(asyncio.ensure_future(lag(run)))
    watch = watch_stream if mode == "push" else watch_poll
    try:
        for tables in args.tables:
            new = [[Person(number + n * SEATS + k) for k in range(SEATS)] for n in range(tables - len(at))]
            number += len(new) * SEATS
            started = time.monotonic()
            made = await asyncio.gather(*(set_up(people, run) for people in new), return_exceptions=True)
            failed = [m for m in made if isinstance(m, BaseException)]
            for failure in failed[:3]:
                run.error(f"set-up: {failure!r}"[:300])
            new = [people for people, m in zip(new, made) if not isinstance(m, BaseException)]
            for people in new:
                tasks.append(asyncio.ensure_future(drive(people, run, args.pace)))
                for person in people:
                    tasks.append(asyncio.ensure_future(watch(person, run)))
                    if mode == "poll":
                        tasks.append(asyncio.ensure_future(seats(person, run)))
            at += new
            await asyncio.sleep(args.warmup)
            steps.append(await measured(run, pids, tables, len(at), args.seconds, time.monotonic() - started))
            if steps[-1]["p95"] > args.give_up_ms:
                break
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    # Why moves were refused: mostly a window that closed before a person got there.
    steps[-1]["why_refused"] = Counter(run.refusals).most_common(4)
    return steps


async def measured(run: Run, pids: list[int], asked: int, tables: int, seconds: float, set_up_s: float) -> dict:
    cpu = [stack.cpu_seconds(p) for p in pids]
    own = time.process_time()
    start = time.monotonic()
    await asyncio.sleep(seconds)
    end = time.monotonic()
    cpu = [(stack.cpu_seconds(p) - c) / (end - start) * 100 for p, c in zip(pids, cpu)]
    moves = [m for m in run.moves if start <= m[0] < end]
    arrivals = [a * 1000 for m in moves for a in m[3]]
    posts = [m[2] * 1000 for m in moves]
    quantiles = {f"{name}{q}": (stack.percentile(values, q) if values else float("nan"))
                 for name, values in (("p", arrivals), ("post", posts)) for q in (50, 95, 99)}
    errors = [what for at, what in run.errors if start <= at < end]
    return {"mode": run.mode, "tables": tables, "asked": asked, "people": tables * SEATS, "set_up_s": set_up_s,
            "moves_per_s": len(moves) / (end - start), "arrivals": len(arrivals),
            "missed": sum(m[4] for m in moves), "refused": sum(1 for m in moves if 400 <= m[1] < 500),
            "errors": len(errors), "first_errors": errors[:3],
            "server_cpu": cpu[0], "db_cpu": cpu[1], "own_cpu": (time.process_time() - own) / (end - start) * 100,
            "lag95": stack.percentile([lag * 1000 for at, lag in run.lags if start <= at < end] or [0], 95),
            "load": os.getloadavg()[0], "streams": run.streams, "again": sum(1 for at in run.rematches if start <= at < end), **quantiles}


def measure_mode(mode: str, args, first: int) -> list[dict]:
    env = {**stack.production_env(os.environ["DATABASE_URL"]), "DJANGO_ASGI": "1",
           "DJANGO_PUSH": "1" if mode == "push" else "0"}
    started = push.servers(env, count=1, workers=args.workers)
    (port, process), = started
    try:
        pids = [[process.pid], stack.postmaster_pid(os.environ["DATABASE_URL"])]
        return asyncio.run(ramp(mode, port, pids, args, first))
    finally:
        push.stop(started)


def report(results: list[dict], workers: int) -> None:
    print(f"Friends' tables of {SEATS} people (Mogel Motte), one gunicorn with {workers} uvicorn workers, "
          f"PostgreSQL; the load generator runs on the same {os.cpu_count()} cores.")
    print("arrival: a move's POST until each other person's page shows the newer table (push: its stream; "
          f"poll: its poll every {POLL_S * 1000:.0f} ms). CPU in % of one core; load: the machine's\n"
          "1-minute load average at the step's end (other work on the machine shares the cores too).")
    print(f"{'mode':<5} {'tables':>6} {'people':>6} {'moves/s':>7} {'arrivals':>8} {'p50':>6} {'p95':>6} {'p99':>6} "
          f"{'POST p50':>8} {'p95':>6} {'p99':>6} {'missed':>6} {'refused':>7} {'errors':>6} {'server':>6} "
          f"{'db':>5} {'bench':>5} {'lag95':>5} {'again':>5} {'set-up s':>8} {'load':>5}")
    for r in sorted(results, key=lambda r: (r["people"], r["mode"] != "push")):
        print(f"{r['mode']:<5} {r['tables']:>6} {r['people']:>6} {r['moves_per_s']:>7.1f} {r['arrivals']:>8} "
              f"{r['p50']:>6.0f} {r['p95']:>6.0f} {r['p99']:>6.0f} {r['post50']:>8.0f} {r['post95']:>6.0f} "
              f"{r['post99']:>6.0f} {r['missed']:>6} {r['refused']:>7} {r['errors']:>6} {r['server_cpu']:>5.0f}% "
              f"{r['db_cpu']:>4.0f}% {r['own_cpu']:>4.0f}% {r['lag95']:>5.0f} {r['again']:>5} {r['set_up_s']:>8.1f} {r['load']:>5.1f}")
    for r in results:
        for what in r["first_errors"]:
            print(f"{r['mode']} at {r['tables']} tables:", what.replace("\n", " ")[:200])
        for what, count in r.get("why_refused", []):
            print(f"{r['mode']}, refused {count} times in all:", what[:160])
    pushed = [r for r in results if r["mode"] == "push"]
    if pushed:
        print(verdict(pushed))


def verdict(steps: list[dict]) -> str:
    """At how many tables push's p95 crosses the target or errors start."""
    def holds(r):
        return r["p95"] <= TARGET_MS and not r["errors"] and not r["missed"]
    failed = next((n for n, r in enumerate(steps) if not holds(r)), None)
    if failed == 0:
        return f"push: p95 over {TARGET_MS} ms, errors or missed arrivals from the first step, {steps[0]['tables']} tables."
    last = steps[-1 if failed is None else failed - 1]
    if failed is None:
        return (f"push: p95 under {TARGET_MS} ms without errors at every step; 2 cores hold at least "
                f"{last['tables']} tables ({last['people']} people).")
    r = steps[failed]
    why = f"p95 {r['p95']:.0f} ms" + (f", {r['errors']} errors" if r["errors"] else "") + (
        f", {r['missed']} arrivals missed" if r["missed"] else "")
    return (f"push: p95 under {TARGET_MS} ms without errors up to {last['tables']} tables; at {r['tables']} "
            f"tables {why}: 2 cores hold about {last['tables']} tables ({last['people']} people).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    numbers = lambda s: [int(x) for x in s.split(",")]  # noqa: E731
    parser.add_argument("--tables", type=numbers, default=[5, 10, 20, 30, 40, 60])
    parser.add_argument("--seconds", type=float, default=30, help="measured per step")
    parser.add_argument("--warmup", type=float, default=5, help="after a step's new tables started")
    parser.add_argument("--pace", type=lambda s: tuple(float(x) for x in s.split(",")), default=(1.5, 3.5),
                        help="seconds between two moves at a table: a random pause in this range")
    parser.add_argument("--workers", type=int, default=os.cpu_count() * 2 + 1, help="as gunicorn.conf.py")
    parser.add_argument("--modes", default="push,poll")
    parser.add_argument("--rounds", default="full", choices=("full", "single"), help="a game's length")
    parser.add_argument("--give-up-ms", type=float, default=3000)
    parser.add_argument("--parts", default="ramp,follow",
                        help="ramp: the tables 2 cores hold; follow: Start, a move and Play again at every page")
    parser.add_argument("--follow-tables", type=int, default=4)
    parser.add_argument("--follow-seconds", type=float, default=120)
    parser.add_argument("--follow-pace", type=lambda s: tuple(float(x) for x in s.split(",")), default=(0.3, 0.8))
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        sys.exit(subprocess.run([PY, "scripts/postgres.py", "run", "--", PY, __file__, *sys.argv[1:]],
                                cwd=ROOT).returncode)
    os.environ.setdefault("DJANGO_STATIC_ROOT", tempfile.mkdtemp(prefix="mogel-friends-static-"))
    env = stack.production_env(os.environ["DATABASE_URL"])
    stack.manage(env, "migrate", "--noinput")
    stack.manage(env, "collectstatic", "--noinput")
    parts, results, followed = args.parts.split(","), [], []
    for number, mode in enumerate(args.modes.split(",")):
        if "ramp" in parts:
            results += measure_mode(mode, args, first=number * 10_000)
        if "follow" in parts:
            import friends_follow   # it imports this module: here, not at the top
            followed.append(friends_follow.measure_mode(mode, args))
        print(f"{mode}: done", file=sys.stderr, flush=True)
    if results:
        report(results, args.workers)
    if followed:
        friends_follow.report(followed)


if __name__ == "__main__":
    main()
