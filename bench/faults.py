"""Faults survived: people play while a worker is killed, the database restarts, a deploy
replaces the workers, one person's network drops, and the whole server stops for a while.

    .venv/bin/python bench/faults.py                    # about 10 minutes
    .venv/bin/python bench/faults.py --port 8310 --pg-port 8311 --tables 20 --practice 50

The production stack on loopback, as bench/push.py starts it: a throw-away PostgreSQL cluster
(``scripts/postgres.py``'s Cluster, kept in hand to restart it), gunicorn with uvicorn workers
and the production settings, run from a release directory reached through a symlink
(``current``), as a host deploys. Scripted people play at the same time (bench/friends_push.py's
people, each with their own cookies, address, page id and stream): ``--tables`` friends' tables
(Mogel Motte and Mogelei in turn, two or three people each, bots in the other seats, a spectator
at every third) and ``--practice`` practice games of Mogel Motte against bots. Every person moves
whenever their table offers a move (no cheat, Caught! or accusation) after a human pause; every
page holds its stream, reopened a second after it ends or drops with one poll at once, as the
page does; a finished game is followed by the next one (the rematch at a friends' table).

After ``--warmup`` of play without a fault (the baseline row), one fault at a time; after each,
play goes on until every page is current again (``--observe`` seconds at most) and ``--stuck``
seconds more, to see which games no longer move:

- ``worker killed``: SIGKILL to one gunicorn worker; it ends when gunicorn has a new one;
- ``database restart``: ``pg_ctl restart --mode fast`` while moves are in flight;
- ``deploy``: ``git archive HEAD`` into a new release directory, its catalogues compiled, the
  symlink switched, gunicorn sent HUP: new workers load the new release, the old ones finish;
- ``network 5 s`` / ``30 s`` / ``90 s``: one person's requests fail and their stream is cut;
- ``server stopped 20 s``: gunicorn stopped (TERM), started again 20 s later.

Measured per fault (a move belongs to the fault during which, or during whose observation, it
was sent; the baseline row is the play before the first fault):

- **lost**: a move answered 2xx with a newer table, whose version is not in that seat's event log
  at the end, or whose range of the log holds no event of that seat (the move itself);
- **doubled**: that range holds the same event of that seat twice (each POST is sent once);
- **stuck**: a game not over whose version did not move in the last 20 s of the observation
  though its people move whenever they may, or whose page's poll fails at the end;
- **recovery p50/p95**: per open page (for a network drop: the dropped person's pages), from
  the fault's end until the version it shows equals its seat's version in the game row (read
  from the database every 250 ms), ``never`` when not within ``--observe``;
- **raw errors**: answers a person saw that are not the site's own pages: a 5xx whose body has
  no ``data-mogel-error`` marker (the site's translated error pages carry it; Django's bare
  "Server Error (500)" and gunicorn's or uvicorn's default pages do not), or a 200 table
  answer with no table in it. Failed connections (what a browser shows as its own "no
  connection", and the page's htmx request failing) are counted apart: ``unreached``.
  Console errors need a browser and are not measured here.

Every loop is bounded in time; every address is loopback. PUSH_BENCH_LOG=<file>: the servers' output.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import friends_push  # noqa: E402  (a person at a table, the rematch, the spider's gift's "to")
import load  # noqa: E402  (what a table offers, its "over" mark)
import push  # noqa: E402  (a page's requests, its stream and events, the servers)
import stack  # noqa: E402  (the production environment, percentiles)

ROOT, PY = stack.ROOT, stack.PY
_spec = importlib.util.spec_from_file_location("postgres_script", ROOT / "scripts" / "postgres.py")
postgres = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(postgres)

OWN_ERROR = "data-mogel-error"   # the site's own error pages carry it (the 503 while the database is away)
RETRY_S = 1.0                    # the stream's retry; the page polls once meanwhile
PACE_S = (1.0, 3.0)              # a person sees the table and chooses
SAMPLE_S = 0.25                  # the database is read this often while a page recovers
FORMS = {"mogel-motte": {"level": "normal", "pace": "normal", "rounds": "full", "first_guard": "me",
                         "ant_pile": "discard"},
         "mogelei": {"level": "normal", "pace": "normal", "games": 5, "dealer": "right"}}
PLAYERS = {"mogel-motte": 4, "mogelei": 4}
OVER = (load.OVER, friends_push.OVER)


@dataclass
class Move:
    sent: float
    person: "Person"
    game: str            # the page's address: a practice game's id or a friends' table's code is in it
    action: str
    before: int          # the version the page showed when it posted
    status: int | None   # None: the request never reached the server
    after: int | None    # the version its answer showed


@dataclass
class Run:
    port: int
    moves: list[Move] = field(default_factory=list)
    seen: list[tuple[float, str]] = field(default_factory=list)    # when, "raw" | "unreached" | "own"
    errors: list[tuple[float, str]] = field(default_factory=list)
    rematches: list[float] = field(default_factory=list)
    pages: list["Person"] = field(default_factory=list)
    until: float = 0.0

    def error(self, what: str) -> None:
        self.errors.append((time.monotonic(), what[:300]))

    def judge(self, status: int, body: str, path: str) -> None:
        """What a person saw: the site's own answer, or a raw error page (or a table without a table)."""
        if status >= 500:
            own = OWN_ERROR in body
            self.seen.append((time.monotonic(), "own" if own else "raw"))
            if not own:
                self.error(f"{status} {path}: {body[:160]}")
        elif status == 200 and path.endswith(("/act/", "/poll/")) and "data-version=" not in body:
            self.seen.append((time.monotonic(), "raw"))
            self.error(f"no table in {path}: {body[:160]}")


class Person(friends_push.Person):
    """One open page: a person at a practice game or a friends' table, or a spectator."""

    def __init__(self, number: int, run: Run, seat: int | None):
        super().__init__(number)
        self.run, self.seat = run, seat          # seat None: a spectator
        self.offline_until = 0.0
        self.stream_writer = None
        self.last_id: str | None = None
        self.page_id = secrets.token_hex(12)

    def offline(self) -> bool:
        return time.monotonic() < self.offline_until

    def drop(self, seconds: float) -> None:
        """Their network goes: requests fail, the open stream is cut."""
        self.offline_until = time.monotonic() + seconds
        if self.stream_writer is not None:
            self.stream_writer.close()

    async def request(self, port, method, path, form=None, htmx=False):
        if self.offline():
            self.run.seen.append((time.monotonic(), "unreached"))
            raise ConnectionRefusedError("network down")
        try:
            status, headers, body = await super().request(port, method, path, form, htmx)
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
            self.run.seen.append((time.monotonic(), "unreached"))
            raise
        self.run.judge(status, body, path)
        return status, headers, body

    async def enter(self, port: int, url: str) -> None:
        self.page_id, self.last_id = secrets.token_hex(12), None   # a new page load
        await super().enter(port, url)


FAILED = (OSError, ValueError, IndexError, AssertionError, asyncio.IncompleteReadError)


async def poll_once(person: Person) -> None:
    try:
        status, _headers, body = await person.request(person.run.port, "GET", f"{person.url}poll/?version={person.version}",
                                                      htmx=True)
    except FAILED:
        return
    if status in (200, 286):
        person.saw(body)


async def watch(person: Person) -> None:
    """The page's stream, reopened a second after it ended or dropped (one poll at once), as the page does."""
    run = person.run
    while time.monotonic() < run.until:
        if person.offline() or not person.url:
            await asyncio.sleep(0.5)
            continue
        url = person.url
        try:
            reader, writer, status, headers = await push.open_stream(
                person, run.port, f"{url}stream/?version={person.version}&page={person.page_id}", gzip=True,
                last_event_id=person.last_id)
        except FAILED:
            run.seen.append((time.monotonic(), "unreached"))
            await asyncio.sleep(RETRY_S)
            continue
        if status != 200:
            try:
                body = (await asyncio.wait_for(reader.read(65536), 2)).decode(errors="replace")
            except FAILED + (asyncio.TimeoutError,):
                body = ""
            run.judge(status, body, url + "stream/")
            writer.close()
            await asyncio.sleep(RETRY_S)
            continue
        person.stream_writer = writer
        try:
            await follow(person, reader, headers)
        except FAILED as failed:   # a malformed event (a patch that cannot be read): the page reconnects
            run.seen.append((time.monotonic(), "raw"))
            run.error(f"stream {url}: {failed!r}")
        finally:
            person.stream_writer = None
            writer.close()
        await poll_once(person)
        await new_game_or_retry(person, url)


async def follow(person: Person, reader, headers) -> None:
    async for name, data, event_id in push.events(reader, headers, person.run.until, ids=True):
        if name == "close":
            return
        person.last_id = event_id or person.last_id
        shown = person.took(name, data) if data else None
        if data and shown is None:
            await poll_once(person)   # a patch that does not fit: the page asks for the whole table
        elif data:
            person.saw(shown)


async def new_game_or_retry(person: Person, url: str) -> None:
    """After a game's end the stream waits for the next game's page (bounded); else it retries in a second."""
    if not any(mark in person.html for mark in OVER):
        await asyncio.sleep(RETRY_S)
        return
    for _ in range(120):
        if person.url != url or time.monotonic() >= person.run.until:
            return
        await asyncio.sleep(0.5)


async def play(person: Person, next_game) -> None:
    """Whenever the table offers a move, one after a human pause; ``next_game`` after the game's end."""
    run = person.run
    while time.monotonic() < run.until:
        if any(mark in person.html for mark in OVER):
            await next_game()
            continue
        if not offered(person.html):
            person.shown.clear()
            await asyncio.wait([asyncio.ensure_future(person.shown.wait())], timeout=1.0)
            continue
        await asyncio.sleep(random.uniform(*PACE_S))
        moves = offered(person.html)
        if moves:
            await move(person, random.choice(moves))


def offered(html: str) -> list[str]:
    return [a for a in load.offered(html) if not a.startswith("accuse")]


async def move(person: Person, action: str) -> None:
    run, before = person.run, person.version
    form = {"action": action, "version": before}
    if action.startswith("give "):
        form["to"] = random.choice(friends_push.GIVE_TO.findall(person.html) or ["1"])
    sent, url = time.monotonic(), person.url
    try:
        status, _headers, body = await person.request(run.port, "POST", url + "act/", form, htmx=True)
    except FAILED:
        run.moves.append(Move(sent, person, url, action, before, None, None))
        await asyncio.sleep(RETRY_S)
        return
    found = push.VERSION.search(body)
    run.moves.append(Move(sent, person, url, action, before, status, int(found.group(1)) if found else None))
    if status < 500:
        person.saw(body)


# -- the people ----------------------------------------------------------------------------------

async def practice(person: Person) -> None:
    """A practice player: a game against bots, played to its end, then the next one."""
    async def next_game():
        try:
            person.page_id, person.version = secrets.token_hex(12), -1
            await push.start_game(person, person.run.port, players=random.choice((3, 4)))
            person.moved.set()
        except FAILED as failed:
            person.run.error(f"lobby: {failed!r}")
            await asyncio.sleep(2)
    await next_game()
    await together(person.run, watch(person), play(person, next_game))


async def together(run: Run, *people) -> None:
    """Each person's tasks side by side; one that failed is said (a person the bench lost is no fault of the site's)."""
    for outcome in await asyncio.gather(*people, return_exceptions=True):
        if isinstance(outcome, Exception):
            run.error(f"a person's task failed: {outcome!r}")


async def friends_table(people: list[Person], kind: str) -> None:
    run = people[0].run
    seated = sum(p.seat is not None for p in people)   # the spectator, last, opens the page once it started
    try:
        await friends_push.set_up(people, run, f"/en/friends/new/{kind}/", {
            "name": "Host", "players": PLAYERS[kind], "spectators": "on", **FORMS[kind]}, seated)
    except FAILED as failed:
        run.error(f"set-up: {failed!r}")
        return

    async def rematch():   # the host asks for "Play again"; everyone follows
        await friends_push.rematch(people, run)

    async def wait():      # another person: the host's rematch brings the next game's page
        await asyncio.sleep(1.0)
    tasks = [watch(p) for p in people]
    tasks += [play(p, rematch if p is people[0] else wait) for p in people if p.seat is not None]
    await together(run, *tasks)


def people_of(run: Run, tables: int, practice_games: int) -> tuple[list, list[Person]]:
    """(kind, people) per friends' table (2 or 3 people, a spectator at every third), and the practice players."""
    number, found = 0, []
    for n in range(tables):
        people = [Person(number + k, run, seat=k) for k in range(2 + n % 2)]
        if n % 3 == 0:
            people.append(Person(number + len(people), run, seat=None))
        number += len(people)
        found.append(("mogel-motte" if n % 2 == 0 else "mogelei", people))
    players = [Person(number + k, run, seat=0) for k in range(practice_games)]
    run.pages = [p for _kind, people in found for p in people] + players
    return found, players


# -- the server and its faults -------------------------------------------------------------------

class Site:
    """gunicorn with uvicorn workers on a release directory reached through ``current``, on PostgreSQL."""

    def __init__(self, cluster, port: int, workers: int, home: Path, log: str):
        self.cluster, self.port, self.workers, self.home, self.log = cluster, port, workers, home, log
        self.current = home / "current"
        self.current.symlink_to(ROOT)
        # The release's own code, not the checkout the venv was installed from (-e): a deploy
        # switches ``current``; gunicorn's directory is that path as the shell names it (PWD).
        self.env = {**stack.production_env(cluster.url), "DJANGO_ASGI": "1", "DJANGO_PUSH": "1",
                    "PYTHONPATH": str(self.current), "PWD": str(self.current)}
        # Bytecode written where the code was read from: a release's __pycache__ shows it was loaded.
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.process = None

    def start(self) -> None:
        (_port, self.process), = push.servers(self.env, count=1, workers=self.workers, log=self.log,
                                              root=self.current, ports=[self.port])

    def stop(self) -> None:
        if self.process is not None:
            push.stop([(self.port, self.process)])
            self.process = None

    def worker_pids(self) -> set[int]:
        return set(stack._children(self.process.pid)) if self.process else set()

    def release(self, number: int) -> Path:
        """A new checkout of HEAD beside the others, its catalogues compiled, as a deploy makes it."""
        target = self.home / f"release-{number}"
        target.mkdir()
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
        subprocess.run([PY, "manage.py", "compilecatalogues"], cwd=target, check=True, stdout=subprocess.DEVNULL,
                       env={**self.env, "PYTHONPATH": str(target), "PWD": str(target)})
        link = self.home / "current.new"
        link.symlink_to(target)
        link.replace(self.current)   # atomic: a worker starting now sees one release or the other
        return target


async def until_true(check, seconds: float, step: float = 0.2) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(step)
    return check()


async def kill_worker(site: Site, run: Run) -> str:
    before = site.worker_pids()
    victim = random.choice(sorted(before))
    os.kill(victim, signal.SIGKILL)
    replaced = await until_true(lambda: len(site.worker_pids() - before) >= 1
                                and len(site.worker_pids()) >= site.workers, 60)
    return f"worker {victim} killed; " + ("a new one started" if replaced else "NOT replaced within 60 s")


async def restart_database(site: Site, run: Run) -> str:
    started = time.monotonic()
    done = await asyncio.to_thread(site.cluster.restart)
    return f"pg_ctl restart -m fast: exit {done.returncode} in {time.monotonic() - started:.1f} s"


async def deploy(site: Site, run: Run) -> str:
    target = await asyncio.to_thread(site.release, 2)
    old = site.worker_pids()
    os.kill(site.process.pid, signal.SIGHUP)
    replaced = await until_true(lambda: not (site.worker_pids() & old) and len(site.worker_pids()) >= site.workers, 90)
    loaded = (target / "mogel" / "play" / "__pycache__").exists()
    return (f"HUP: {len(old)} workers replaced" + ("" if replaced else " NOT all within 90 s")
            + ("; the new ones run the new release" if loaded else "; no sign the new release's code was loaded"))


def network(seconds: float):
    async def drop(site: Site, run: Run) -> str:
        person = dropped_person(run)
        person.drop(seconds)
        await asyncio.sleep(seconds)
        return f"{len(person_pages(run))} page(s) of one person off the network {seconds:.0f} s"
    return drop


def dropped_person(run: Run) -> Person:
    """The host of the first friends' table: their game waits on them while they are away."""
    return run.pages[0]


def person_pages(run: Run) -> list[Person]:
    return [dropped_person(run)]


async def stop_server(site: Site, run: Run) -> str:
    await asyncio.to_thread(site.stop)
    await asyncio.sleep(20)
    await asyncio.to_thread(site.start)
    return "gunicorn stopped (TERM) and started again 20 s later"


FAULTS = [("worker killed", kill_worker), ("database restart", restart_database), ("deploy (HUP)", deploy),
          ("network 5 s", network(5)), ("network 30 s", network(30)), ("network 90 s", network(90)),
          ("server stopped 20 s", stop_server)]


# -- what the database says ----------------------------------------------------------------------

def where(person: Person) -> tuple[bool, str]:
    """(at a friends' table?, its code or the practice game's id), from the page's address."""
    return "/friends/" in person.url, person.url.rstrip("/").rsplit("/", 1)[-1]


def mark(seat: int | None) -> str:
    return "-1" if seat is None else str(seat)   # as mogel.play.service.mark


class Rows:
    """The game rows, read by the bench through its own connection (made again after a restart)."""

    def __init__(self, url: str):
        self.url, self.connection = url, None

    async def query(self, sql: str, *params) -> list[tuple]:
        import psycopg
        try:
            if self.connection is None or self.connection.closed:
                self.connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            return await (await self.connection.execute(sql, params)).fetchall()
        except (psycopg.Error, OSError):
            self.connection = None
            return []

    async def games(self, pages: list[Person]) -> tuple[dict, dict]:
        """({page: its game's id}, {game id: (version, public_version, publics, over)})."""
        codes = [key for friends, key in map(where, pages) if friends]
        tables = dict(await self.query("SELECT code, game_id FROM friends_table WHERE code = ANY(%s)", codes))
        game_of = {}
        for page in pages:
            friends, key = where(page)
            game_of[page] = tables.get(key) if friends else key
        rows = await self.query("SELECT id, version, public_version, publics, over FROM play_practicegame "
                                "WHERE id = ANY(%s)", [g for g in game_of.values() if g])
        return game_of, {row[0]: row[1:] for row in rows}

    async def wanted(self, pages: list[Person]) -> dict:
        """Each page's seat's version in its game row now (absent: not read)."""
        game_of, rows = await self.games(pages)
        found = {}
        for page, game in game_of.items():
            if game in rows:
                _version, public, publics, _over = rows[game]
                found[page] = publics.get(mark(page.seat)) if where(page)[0] else public
        return found


async def recovery(rows: Rows, pages: list[Person], since: float, seconds: float) -> tuple[list, list[str]]:
    """Per page, seconds from ``since`` until it shows its seat's version in the game row (None: not
    within ``seconds``); and for each page still behind then, what it shows and what the row says."""
    pending, took, wanted = {p for p in pages if p.url}, {}, {}
    while pending and time.monotonic() < since + seconds:
        wanted = await rows.wanted(sorted(pending, key=id))
        now = time.monotonic()
        for page in list(pending):
            if page in wanted and wanted[page] is not None and page.version >= wanted[page]:
                took[page], _ = now - since, pending.discard(page)
        await asyncio.sleep(SAMPLE_S)
    behind = [f"{p.url} seat {p.seat}: shows {p.version}, the row {wanted.get(p)}, stream "
              f"{'open' if p.stream_writer else 'closed'}" for p in pending]
    return [took.get(p) for p in pages if p.url], behind


async def stuck(rows: Rows, pages: list[Person], seconds: float) -> list[str]:
    """Games not over whose version did not move in ``seconds`` while their people play: each
    with what its row says of why (a hold, a pause, when the next bot move is due)."""
    _pages, before = await rows.games(pages)
    await asyncio.sleep(seconds)
    game_of, after = await rows.games(pages)
    found = [game for game, row in after.items() if not row[3] and game in before and before[game][0] == row[0]]
    why = await rows.query("SELECT id, kind, version, hold, away, paused_ms, wake_ms, started_ms, "
                           "(extract(epoch from now()) * 1000)::bigint FROM play_practicegame WHERE id = ANY(%s)", found)
    return [f"{row}; its pages: {[page_state(p) for p, g in game_of.items() if g == row[0]]}" for row in why]


def page_state(page: Person) -> str:
    return (f"{page.url} seat {page.seat} shows {page.version}, stream {'open' if page.stream_writer else 'closed'}, "
            f"offered {offered(page.html)[:3]}, over {any(mark in page.html for mark in OVER)}")


async def event_logs(rows: Rows, run: Run) -> tuple[dict, dict]:
    """({move's page address: game id}, {(game id, seat mark): [(public version, event)]})."""
    codes = [where_url(m.game)[1] for m in run.moves if where_url(m.game)[0]]
    tables = dict(await rows.query("SELECT code, game_id FROM friends_table WHERE code = ANY(%s)", codes))
    game_of = {m.game: (tables.get(where_url(m.game)[1]) if where_url(m.game)[0] else where_url(m.game)[1])
               for m in run.moves}
    games = [g for g in set(game_of.values()) if g]
    logs: dict = {}
    for game, seat, public, event in await rows.query(
            "SELECT game_id, seat, public, event FROM play_seatevent WHERE game_id = ANY(%s) AND public IS NOT NULL "
            "UNION ALL SELECT game_id, 0, public, event FROM play_practiceevent WHERE game_id = ANY(%s) "
            "AND public IS NOT NULL AND game_id NOT IN (SELECT game_id FROM play_seatevent WHERE game_id = ANY(%s))",
            games, games, games):
        logs.setdefault((game, str(seat)), []).append((public, json.loads(event) if event else {}))
    return game_of, logs


def where_url(url: str) -> tuple[bool, str]:
    return "/friends/" in url, url.rstrip("/").rsplit("/", 1)[-1]


def judge_move(move: Move, game: str | None, logs: dict) -> str:
    """"lost", "doubled" or "kept" for a move answered with a newer table."""
    log = logs.get((game, mark(move.person.seat)), [])
    if not any(public == move.after for public, _event in log):
        return "lost"
    mine = [json.dumps({k: v for k, v in e.items() if k != "t"}, sort_keys=True)
            for public, e in log if move.before < public <= move.after and e.get("seat") == move.person.seat]
    if len(mine) != len(set(mine)):
        return "doubled"
    if not mine and move.action != "continue":
        return "lost"
    return "kept"


async def assign_seats(rows: Rows, tables: list) -> None:
    """Each seated person's seat number, as the table gave it (the host's name is "Host", a guest's "Guest <n>")."""
    for _kind, people in tables:
        if not people[0].url:
            continue
        found = dict(await rows.query("SELECT s.name, s.number FROM friends_seat s JOIN friends_table t "
                                      "ON s.table_id = t.id WHERE t.code = %s", where(people[0])[1]))
        for n, person in enumerate(p for p in people if p.seat is not None):
            person.seat = found.get("Host" if n == 0 else f"Guest {n}", person.seat)


# -- the run -------------------------------------------------------------------------------------

@dataclass
class Phase:
    name: str
    start: float
    end: float = 0.0
    note: str = ""
    recovery: list = field(default_factory=list)
    behind: list = field(default_factory=list)
    stuck: list = field(default_factory=list)


async def faults(site: Site, run: Run, rows: Rows, args) -> list[Phase]:
    """The baseline's play, then each fault: its end, its pages' recovery, a window to see games stuck."""
    phases = [Phase("none (baseline)", time.monotonic())]
    await asyncio.sleep(args.warmup)
    phases[0].stuck = await stuck(rows, run.pages, args.stuck)
    phases[0].end = time.monotonic()
    for name, fault in FAULTS:
        if name not in args.only:
            continue
        phase = Phase(name, time.monotonic())
        phases.append(phase)
        print(f"{name}: …", file=sys.stderr, flush=True)
        phase.note = await fault(site, run)
        ended = time.monotonic()
        watched = person_pages(run) if name.startswith("network") else run.pages
        phase.recovery, phase.behind = await recovery(rows, watched, ended, args.observe)
        phase.stuck = await stuck(rows, run.pages, args.stuck)
        phase.end = time.monotonic()
        print(f"{name}: {phase.note}", file=sys.stderr, flush=True)
    return phases


async def play_all(site: Site, args) -> tuple[Run, list[Phase], dict, dict]:
    run = Run(site.port)
    run.until = time.monotonic() + 3600   # moved to the end once the faults are done
    rows = Rows(site.cluster.url)
    tables, players = people_of(run, args.tables, args.practice)
    tasks = [asyncio.ensure_future(friends_table(people, kind)) for kind, people in tables]
    for player in players:
        tasks.append(asyncio.ensure_future(practice(player)))
        await asyncio.sleep(0.05)    # arrivals spread, not one burst
    await until_true(lambda: all(p.url for p in run.pages), 120, 0.5)
    await assign_seats(rows, tables)
    try:
        phases = await faults(site, run, rows, args)
    finally:
        run.until = time.monotonic()
        await asyncio.wait(tasks, timeout=30)
        for task in tasks:
            task.cancel()
    unplayable = await final_check(run)
    game_of, logs = await event_logs(rows, run)
    return run, phases, {"unplayable": unplayable, "game_of": game_of}, logs


async def final_check(run: Run) -> list[str]:
    """Every page's catch-up (its poll) answers with the table at the end; the pages whose does not."""
    failed = []
    for page in run.pages:
        if not page.url:
            continue
        try:
            status, _headers, body = await page.request(run.port, "GET", f"{page.url}poll/?version={page.version}",
                                                        htmx=True)
        except FAILED as error:
            failed.append(f"{page.url}: {error!r}")
            continue
        if status not in (200, 204, 286):
            failed.append(f"{page.url}: {status} {body[:120]}")
    return failed


# -- the report ----------------------------------------------------------------------------------

def row_of(phase: Phase, run: Run, game_of: dict, logs: dict) -> dict:
    moves = [m for m in run.moves if phase.start <= m.sent < phase.end]
    answered = [m for m in moves if m.status is not None and 200 <= m.status < 300 and m.after is not None
                and m.after > m.before]
    verdicts = [judge_move(m, game_of.get(m.game), logs) for m in answered]
    seen = [what for at, what in run.seen if phase.start <= at < phase.end]
    took = [t for t in phase.recovery if t is not None]
    return {"fault": phase.name, "moves": len(moves), "answered": len(answered), "unsent": sum(m.status is None for m in moves),
            "lost": verdicts.count("lost"), "doubled": verdicts.count("doubled"), "stuck": len(phase.stuck),
            "pages": len(phase.recovery), "never": len(phase.recovery) - len(took),
            "p50": stack.percentile(took, 50), "p95": stack.percentile(took, 95),
            "raw": seen.count("raw"), "own": seen.count("own"), "unreached": seen.count("unreached"),
            "seconds": phase.end - phase.start, "note": phase.note, "behind": phase.behind,
            "stuck_games": phase.stuck}


def report(rows: list[dict], args, unplayable: list[str], errors: list) -> None:
    print(f"Faults survived: {args.tables} friends' tables (both games, 2-3 people, bots, a spectator at every "
          f"third) and {args.practice} practice games on gunicorn with {args.workers} uvicorn workers and "
          f"PostgreSQL, {os.cpu_count()} cores shared with the load generator.")
    print("recovery: from the fault's end until a page shows its seat's version in the game row (s; network: the "
          "dropped person's page); raw: error pages not the site's own; unreached: requests that found no server.")
    print(f"{'fault':<20} {'s':>4} {'moves':>5} {'2xx':>5} {'lost':>4} {'doubled':>7} {'stuck':>5} {'pages':>5} "
          f"{'p50 s':>6} {'p95 s':>6} {'never':>5} {'raw':>4} {'own':>4} {'unreached':>9}")
    for r in rows:
        print(f"{r['fault']:<20} {r['seconds']:>4.0f} {r['moves']:>5} {r['answered']:>5} {r['lost']:>4} {r['doubled']:>7} "
              f"{r['stuck']:>5} {r['pages']:>5} {r['p50']:>6.1f} {r['p95']:>6.1f} {r['never']:>5} {r['raw']:>4} "
              f"{r['own']:>4} {r['unreached']:>9}")
    for r in rows:
        if r["note"]:
            print(f"{r['fault']}: {r['note']}")
        for what in r["behind"] + r["stuck_games"]:
            print(f"{r['fault']}: {what}")
    print(f"At the end, pages whose catch-up failed: {len(unplayable)}", *unplayable[:5], sep="\n  ")
    print("The machine's load average (1, 5, 15 min) at the end: " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    for _at, what in errors[:8]:
        print("error:", what.replace("\n", " ")[:220])


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="the server's (default: a free one)")
    parser.add_argument("--pg-port", type=int, default=0, help="PostgreSQL's (default: a free one)")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--practice", type=int, default=50)
    parser.add_argument("--workers", type=int, default=os.cpu_count() * 2 + 1, help="as gunicorn.conf.py")
    parser.add_argument("--warmup", type=float, default=20, help="play before the first fault (the baseline)")
    parser.add_argument("--observe", type=float, default=30, help="at most, for the pages to be current again")
    parser.add_argument("--stuck", type=float, default=20, help="a game whose version does not move this long is stuck")
    parser.add_argument("--only", default=",".join(name for name, _fault in FAULTS), help="faults to run, by name")
    args = parser.parse_args(argv)
    args.only = args.only.split(",")
    return args


def main() -> None:
    args = parse(sys.argv[1:])
    bindir = postgres.server_bin()
    if bindir is None:
        sys.exit("bench/faults.py: PostgreSQL is not installed (sudo apt-get install postgresql)")
    cluster, home = postgres.Cluster(bindir), Path(tempfile.mkdtemp(prefix="mogel-faults-"))
    site = None
    try:
        cluster.start(args.pg_port)
        site = Site(cluster, args.port or stack.free_port(), args.workers, home,
                    os.environ.get("PUSH_BENCH_LOG", str(home / "server.log")))
        stack.manage(site.env, "migrate", "--noinput")
        stack.manage(site.env, "loadcontent")
        stack.manage(site.env, "collectstatic", "--noinput")
        site.start()
        run, phases, end, logs = asyncio.run(play_all(site, args))
        report([row_of(p, run, end["game_of"], logs) for p in phases], args, end["unplayable"], run.errors)
    finally:
        if site is not None:
            site.stop()
        cluster.remove()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
