"""Nobody left behind, measured (bench/friends_push.py's second part, docs/push.md "Measured at
friends' tables"): how soon Start, a move and "Play again" reach every other page of a table,
spectators included, each page following by its own means, as a browser's page does.

Each table: a host, three guests and a spectator, each a client with cookies and an address of
their own, through the real views, Mogel Motte in a single round. Until the start every page but
the host's waits in the room (each table is set up and started ``STARTS`` times: more Starts to
time); then each page holds the game, until a finished game is followed by "Play again" (one of
the four people asks; the others and the spectator follow), and so on.

- push: every page follows on its stream: the room's and then the game's ``go`` (the address it
  opens), the game's tables (the move).
- poll (the baseline, ``DJANGO_PUSH=0``, the same run on a fresh server): the room asks room/ every
  2 s (a started table answers HX-Refresh: the page reloads into the game), the table polls every
  400 ms, who is at the table every 3 s (after "Play again" it answers HX-Redirect to the rematch).

Start: from sending the host's start until each other page has loaded the game's page. Play
again: from sending the ask until each other page has loaded the rematch's page. Move: from
sending it until each other page shows a newer table (friends_push.move).
"""

from __future__ import annotations

import asyncio
import collections
import os
import random
import time

import friends_push as fp
import push
import stack

SPECTATORS = 1
STARTS = 2
ROOM_POLL_S = 2.0       # the waiting room's poll without push (mogel.friends.views.ROOM_POLL_MS)
FOLLOW_TIMEOUT_S = 15.0
FORM = {**fp.TABLE_FORM, "rounds": "single", "spectators": "on"}


class Follower(fp.Person):
    """A page that notes when it loaded each address (the game, the rematch)."""

    def __init__(self, number: int):
        super().__init__(number)
        self.loaded: dict[str, float] = {}
        self.changed = asyncio.Event()

    async def enter(self, port: int, url: str) -> None:
        await super().enter(port, url)
        self.loaded.setdefault(url, time.monotonic())
        self.changed.set()

    async def reached(self, url: str, sent: float) -> float | None:
        """Seconds from ``sent`` until the page had loaded ``url``; None if not within the time-out."""
        deadline = sent + FOLLOW_TIMEOUT_S
        while url not in self.loaded and time.monotonic() < deadline:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), deadline - time.monotonic())
            except asyncio.TimeoutError:
                break
        return self.loaded[url] - sent if url in self.loaded else None


class Tally:
    """What one mode measured: arrivals (s) per kind, and what never came."""

    def __init__(self, run: fp.Run):
        self.run = run
        self.starts: list[float] = []
        self.agains: list[float] = []
        self.missed = {"start": 0, "again": 0}

    def note(self, kind: str, arrivals: list[float | None]) -> None:
        into = self.starts if kind == "start" else self.agains
        into += [a for a in arrivals if a is not None]
        self.missed[kind] += sum(1 for a in arrivals if a is None)


async def follow_room(page: Follower, port: int, url: str, mode: str, run: fp.Run) -> None:
    """A room page until the game: its stream's ``go``, or its poll's HX-Refresh."""
    if mode == "poll":
        while True:
            await asyncio.sleep(ROOM_POLL_S)
            status, headers, _html = await page.request(port, "GET", url + "room/", htmx=True)
            if status == 204 and "hx-refresh" in headers:
                return await page.enter(port, url)
    reader, writer, status, headers = await push.open_stream(page, port, url + "stream/", gzip=True)
    try:
        async for name, data in push.events(reader, headers):
            if name == "go":
                return await page.enter(port, data)
    finally:
        writer.close()
    run.error("room stream ended without go")


async def follow_game(page: Follower, port: int, mode: str, run: fp.Run) -> None:
    """A game page, table after table: pushed (its stream, its ``go``) or polled (the table, and who
    is at the table, whose HX-Redirect moves it to the rematch)."""
    if mode == "poll":
        await asyncio.gather(fp.watch_poll(page, run), follow_seats(page, port, run))
        return
    while True:
        await page.moved.wait()
        url = page.url
        reader, writer, status, headers = await push.open_stream(
            page, port, f"{url}stream/?version={page.version}", gzip=True)
        try:
            async for name, data in push.events(reader, headers):
                if name == "go":
                    await page.enter(port, data)
                    break
                if name in ("redraw", "table", "resume", "patch") and data:
                    shown = page.took(name, data)
                    if shown is None:   # a patch that does not fit: table.js asks for the whole table
                        await fp.get(page, run, f"{page.url}poll/?version={page.version}", "poll", show=True)
                    else:
                        page.saw(shown)
        finally:
            writer.close()
        if page.url == url:   # ended (its lifetime, or dropped): reconnect as EventSource does
            await asyncio.sleep(1)


async def follow_seats(page: Follower, port: int, run: fp.Run) -> None:
    await asyncio.sleep(random.uniform(0, fp.SEATS_POLL_S))
    while True:
        status, headers, _html = await page.request(port, "GET", page.url + "seats/", htmx=True)
        if status == 204 and "hx-redirect" in headers:
            await page.enter(port, headers["hx-redirect"][0])
        elif status >= 500:
            run.error(f"seats: {status}")
        await asyncio.sleep(fp.SEATS_POLL_S)


async def new_table(pages: list[Follower], port: int, mode: str, tally: Tally) -> None:
    """The host makes a table, the guests sit, the spectator watches; the host starts, timed."""
    host, guests = pages[0], pages[1:fp.SEATS]
    await host.request(port, "GET", fp.NEW)
    status, headers, body = await host.request(port, "POST", fp.NEW, FORM)
    assert status == 302, (status, body[-500:])
    url = push.location(headers, port)
    for number, guest in enumerate(guests, 1):
        await guest.request(port, "GET", url)
        status, _headers, body = await guest.request(port, "POST", url + "sit/", {"name": f"Guest {number}"})
        assert status == 302, (status, body[-500:])
    for page in pages[1:]:
        await page.request(port, "GET", url)
    rooms = [asyncio.ensure_future(follow_room(page, port, url, mode, tally.run)) for page in pages[1:]]
    await asyncio.sleep(0.5)   # the room pages are open (their streams, their polls' first wait)
    sent = time.monotonic()
    status, _headers, body = await host.request(port, "POST", url + "host/", {"op": "start"})
    assert status == 302, (status, body[-500:])
    await host.enter(port, url)
    tally.note("start", await asyncio.gather(*(page.reached(url, sent) for page in pages[1:])))
    for room in rooms:
        room.cancel()
    await asyncio.sleep(random.uniform(1, 3))   # the next table's set-up, a little later


async def play_again(pages: list[Follower], port: int, tally: Tally) -> None:
    asker = random.choice(pages[:fp.SEATS])
    sent = time.monotonic()
    # A form as the summary's (its hidden field): a post with none would carry no CSRF token either.
    status, headers, body = await asker.request(port, "POST", asker.url + "again/",
                                                {"code": asker.url.rstrip("/").rsplit("/", 1)[-1]})
    if status != 302:
        tally.run.error(f"again: {status} {body[:200]}")
        return
    url = push.location(headers, port)
    await asker.enter(port, url)
    others = [page for page in pages if page is not asker]
    tally.note("again", await asyncio.gather(*(page.reached(url, sent) for page in others)))


async def table(number: int, port: int, mode: str, tally: Tally, until: float, pace) -> None:
    """One table's evening: start, a game, Play again, a game, … and a new table when it is over."""
    pages = [Follower(number + n) for n in range(fp.SEATS + SPECTATORS)]
    # The tables of an evening do not all start in the same second: each its own moment.
    await asyncio.sleep(random.uniform(0, 10))
    for _start in range(STARTS):
        await new_table(pages, port, mode, tally)
    games = [asyncio.ensure_future(follow_game(page, port, mode, tally.run)) for page in pages]
    try:
        while time.monotonic() < until:
            await asyncio.sleep(random.uniform(*pace))
            if any(fp.OVER in page.html for page in pages[:fp.SEATS]):
                await play_again(pages, port, tally)
                continue
            offered = [(p, fp.MOVES.findall(p.html)) for p in pages[:fp.SEATS]]
            offered = [(p, moves) for p, moves in offered if moves]
            if offered:
                await fp.move(pages, tally.run, *random.choice(offered))
    finally:
        for game in games:
            game.cancel()
        await asyncio.gather(*games, return_exceptions=True)


async def measure(mode: str, port: int, tables: int, seconds: float, pace) -> dict:
    tally = Tally(fp.Run(port, mode, "single"))
    until = time.monotonic() + seconds
    done = await asyncio.gather(*(table(100_000 + n * 10, port, mode, tally, until, pace) for n in range(tables)),
                                return_exceptions=True)
    for failure in [d for d in done if isinstance(d, BaseException)][:3]:
        tally.run.error(f"table: {failure!r}"[:300])
    moves = [a * 1000 for m in tally.run.moves for a in m[3]]
    row = {"mode": mode, "tables": tables, "errors": len(tally.run.errors), "first_errors": tally.run.errors[:3],
           "missed_moves": sum(m[4] for m in tally.run.moves), **{f"missed_{k}": v for k, v in tally.missed.items()},
           "late": sorted(collections.Counter(tally.run.late).items())}
    for name, values in (("start", [s * 1000 for s in tally.starts]), ("move", moves),
                         ("again", [s * 1000 for s in tally.agains])):
        row[name] = (len(values), *(stack.percentile(values, q) if values else float("nan") for q in (50, 95)))
    return row


def measure_mode(mode: str, args) -> dict:
    # Every page of the bench comes from one address (loopback): the per-address stream cap would
    # close the oldest of its 20 pages' streams, as for a class behind one router.
    env = {**stack.production_env(os.environ["DATABASE_URL"]), "DJANGO_ASGI": "1",
           "DJANGO_PUSH": "1" if mode == "push" else "0", "DJANGO_STREAMS_PER_ADDRESS": "100"}
    started = push.servers(env, count=1, workers=args.workers)
    (port, _process), = started
    try:
        return asyncio.run(measure(mode, port, args.follow_tables, args.follow_seconds, args.follow_pace))
    finally:
        push.stop(started)


def report(rows: list[dict]) -> None:
    print(f"\nNobody left behind: {rows[0]['tables']} tables of {fp.SEATS} people and {SPECTATORS} spectator, "
          "each page following by its own means (push: its stream; poll: room/ every 2 s, the table every "
          f"{fp.POLL_S * 1000:.0f} ms, who is at the table every 3 s). Arrival at every OTHER page, "
          "spectators included, in ms (n: arrivals).")
    print(f"{'mode':<5} {'Start n':>7} {'p50':>6} {'p95':>6} {'move n':>7} {'p50':>6} {'p95':>6} "
          f"{'again n':>7} {'p50':>6} {'p95':>6} {'missed S/m/a':>12} {'errors':>6}")
    for r in rows:
        cells = " ".join(f"{r[k][0]:>7} {r[k][1]:>6.0f} {r[k][2]:>6.0f}" for k in ("start", "move", "again"))
        missed = f"{r['missed_start']}/{r['missed_moves']}/{r['missed_again']}"
        print(f"{r['mode']:<5} {cells} {missed:>12} {r['errors']:>6}")
    for r in rows:
        if r["late"]:
            print(f"{r['mode']}: moves some page did not show within {fp.ARRIVAL_TIMEOUT_S:.0f} s:", ", ".join(f"{verb} ×{n}" for verb, n in r["late"]))
    for r in rows:
        for what in r["first_errors"]:
            print(f"{r['mode']}:", what[1].replace("\n", " ")[:200])
