"""What an open stream costs while nothing happens, and a change it hears (mogel.push, docs/push.md,
"A thousand practice players"): while the broker hears every change, a beat with nothing new
runs no query, the page's presence is noted by one write without a read, and a change the
broker heard reaches the page with one read of the row. With the broker failed, the stream
reads at every beat as before, so a change comes at the next beat: slower, never lost.

The practice page's stream is read through the test client (WSGI) under the fake clock; the
broker is a test double: it lets each wait's timeout pass on the clock, or, at a scripted
moment, makes a move as the player's page would and answers the new version, as LISTEN would.
"""

import asyncio

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from mogel.play import service
from mogel.play import stream as play_stream
from mogel.play.models import PracticeGame
from mogel.push import broker

from .play_helpers import LOBBY, post, row_of, run_async, sse_events, version_of

pytestmark = pytest.mark.django_db

TICK_MS = 100
GRACE_MS = 2000


class FakeBroker:
    """The stream's broker: ``healthy`` (listening: it misses nothing), and ``change``: a move
    made ``at`` ms into the stream; the wait it falls in answers its version if the broker
    hears it, else lets the timeout pass. ``waits``: for each wait, the queries run when it began,
    when it ended (the POST's own are between) and the ms into the stream it ended at."""

    def __init__(self, clock, queries):
        self.clock, self.queries = clock, queries
        self.healthy, self.hears = True, True
        self.change, self.start, self.waits = None, None, []

    def health(self):
        return 1 if self.healthy else None

    def wait(self, channel, known, timeout_s):
        self.start = self.clock.ms if self.start is None else self.start
        began = len(self.queries.captured_queries)
        heard = self._waited(timeout_s)
        self.waits.append((began, len(self.queries.captured_queries), self.clock.ms - self.start))
        return heard

    def _waited(self, timeout_s):
        ends = self.clock.ms + max(1, round(timeout_s * 1000))
        if self.change and self.clock.ms - self.start <= self.change[0] < ends - self.start:
            at, make = self.change
            self.change = None
            self.clock.ms = self.start + at
            version = make()
            if self.hears:
                return version
        self.clock.ms = ends
        return None


@pytest.fixture
def stream(client, clock, settings, monkeypatch):
    """``read(url, seconds)``: what the page's stream sends in that many seconds, as
    [(ms into the stream, event or "comment", id)], and the queries run meanwhile."""
    from mogel.push import stream as push_stream

    settings.MOGEL_PUSH_TICK_MS = TICK_MS
    settings.MOGEL_PAUSE_GRACE_MS = GRACE_MS
    monkeypatch.setattr(push_stream, "_now", lambda: clock.ms / 1000)
    queries = CaptureQueriesContext(connection)
    fake = FakeBroker(clock, queries)
    monkeypatch.setattr(broker.SyncWaiter, "wait", lambda self, *args: fake.wait(*args))
    monkeypatch.setattr(broker.SyncWaiter, "health", lambda self: fake.health())

    def read(url, seconds):
        settings.MOGEL_PUSH_LIFETIME_S = seconds
        version = version_of(client.get(url).content.decode())
        sent, begun = [], clock.ms
        with queries:
            for chunk in client.get(url + "stream/", {"version": version}).streaming_content:
                if not chunk:
                    continue   # the stream's end
                events = sse_events(chunk.decode())
                sent += [(clock.ms - begun, e["event"], e["id"]) for e in events] or [(clock.ms - begun, "comment", None)]
        return sent
    read.broker, read.queries = fake, queries
    return read


@pytest.fixture
def waiting(client, settings):
    """A new game at the player's turn: nothing falls due until the player moves."""
    settings.MOGEL_PLAY_SEED = 7
    url = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                    "ant_pile": "discard", "first_guard": "me"}).url
    assert row_of(url).wake_ms is None
    return url


def after_first_event(read):
    """The queries the stream ran after each wait until the next: [(ms into the stream, [sql])]."""
    waits, captured = read.broker.waits, read.queries.captured_queries
    next_began = [began for began, _ended, _at in waits[1:]] + [len(captured)]
    return [(at, [q["sql"] for q in captured[ended:until]]) for (_began, ended, at), until in zip(waits, next_began)]


def its_end(sql):
    """The stream's end giving back its place among the open streams (mogel.push.caps): no beat's."""
    return "push_openstream" in sql or "push_channel" in sql


def game_reads(sqls):
    return [sql for sql in sqls if sql.startswith("SELECT") and "play_practicegame" in sql]


def test_an_idle_stream_sends_every_beat_and_only_notes_the_presence_without_reading(client, clock, waiting, stream):
    started = row_of(waiting)
    sent = stream(waiting, 5)
    comments = [at for at, what, _id in sent if what == "comment"]
    # Every beat from the stream's start, whatever the server did between them.
    assert comments == list(range(TICK_MS, 5000 + TICK_MS, TICK_MS))
    steps = [(at, [sql for sql in sqls if not its_end(sql)]) for at, sqls in after_first_event(stream)]
    steps = [(at, sqls) for at, sqls in steps if sqls]
    # No read of the game at all, and only as many presence writes as half-graces went by.
    assert not any(game_reads(sqls) for _at, sqls in steps)
    assert all(sqls == [sqls[0]] and sqls[0].startswith("UPDATE") for _at, sqls in steps)
    assert 5000 // (GRACE_MS // 2) - 1 <= len(steps) <= 5000 // (GRACE_MS // 2) + 1
    # The page was there all along: its presence is fresh and the game never stood still.
    row = row_of(waiting)
    assert not row.away and row.seen_ms >= clock.ms - GRACE_MS // 2
    assert row.paused_ms == started.paused_ms


def test_with_the_broker_failed_an_idle_stream_reads_at_every_beat(client, clock, waiting, stream):
    stream.broker.healthy = False
    sent = stream(waiting, 2)
    reads = [at for at, sqls in after_first_event(stream) if game_reads(sqls)]
    assert len(reads) == 2000 // TICK_MS
    assert [at for at, what, _id in sent if what == "comment"] == list(range(TICK_MS, 2000 + TICK_MS, TICK_MS))


def first_move(client, url):
    """Makes the player's first legal move, as the page's POST would; the row's new version."""
    turn = service.load(row_of(url))
    action = (turn.game.owed_actions(service.HUMAN) or turn.game.legal_actions(service.HUMAN))[0]
    assert post(client, url, action, row_of(url).public_version).status_code == 200
    return row_of(url).version


@pytest.mark.parametrize("moved_at", [1250, 2430])
def test_a_change_the_broker_heard_is_sent_at_once_with_one_read_of_the_row(client, clock, waiting, stream,
                                                                           moved_at):
    stream.broker.change = (moved_at, lambda: first_move(client, waiting))
    sent = stream(waiting, 4)
    tables = [(at, event_id) for at, what, event_id in sent if what in ("table", "patch")]
    assert tables[0] == (moved_at, str(row_of(waiting).public_version))
    [(_at, sqls)] = [(at, sqls) for at, sqls in after_first_event(stream) if at == moved_at]
    assert len(game_reads(sqls)) == 1


def test_a_change_the_broker_missed_arrives_at_the_next_beat(client, clock, waiting, stream):
    stream.broker.hears = False

    def failed_from_then():
        version = first_move(client, waiting)
        stream.broker.healthy = False   # the listener failed: the broker can vouch for nothing
        return version
    stream.broker.change = (1250, failed_from_then)
    sent = stream(waiting, 3)
    tables = [(at, event_id) for at, what, event_id in sent if what in ("table", "patch")]
    assert tables[0] == (1300, str(row_of(waiting).public_version))


def test_presences_falling_due_together_are_noted_by_one_call_and_a_refused_one_is_left_to_its_step():
    from mogel.push import stream as push_stream
    calls = []

    def note(keys):
        calls.append(sorted(keys))
        return {key for key in keys if key != "away"}

    async def due_together():
        keeper = push_stream._keeper()
        return await asyncio.gather(*(keeper.keep(push_stream.Keep(key, 0, 1, note)) for key in ["a", "b", "away", "a"]))
    assert run_async(due_together) == [True, True, False, True]
    assert calls == [["a", "away", "b"]]


def test_a_presence_is_noted_only_where_the_game_runs_as_service_touch_would(clock, settings):
    from django.test import Client
    settings.MOGEL_PAUSE_GRACE_MS = GRACE_MS
    games = {}
    for name in ("here", "away", "silent", "counting in"):   # a browser has one game at a time
        url = Client().post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                        "ant_pile": "discard"}).url
        games[name] = row_of(url).pk
    clock.tick(GRACE_MS // 2)
    PracticeGame.objects.filter(pk=games["away"]).update(away=True)
    PracticeGame.objects.filter(pk=games["silent"]).update(seen_ms=clock.ms - GRACE_MS - 1)
    PracticeGame.objects.filter(pk=games["counting in"]).update(seen_ms=clock.ms + 3000)
    before = {pk: PracticeGame.objects.get(pk=pk) for pk in games.values()}
    assert play_stream.note_presences(list(games.values())) == {games["here"]}
    after = {pk: PracticeGame.objects.get(pk=pk) for pk in games.values()}
    assert after[games["here"]].seen_ms == clock.ms
    for name in ("away", "silent", "counting in"):
        row = after[games[name]]
        assert (row.seen_ms, row.paused_ms, row.away) == (before[games[name]].seen_ms, before[games[name]].paused_ms,
                                                         before[games[name]].away)


def test_an_asgi_stream_notes_its_presence_in_the_process_batch(client, waiting, settings, monkeypatch,
                                                                 transactional_db):
    from django.test import AsyncClient

    settings.MOGEL_PAUSE_GRACE_MS = GRACE_MS
    settings.MOGEL_PUSH_LIFETIME_S = 2.6
    noted, real = [], play_stream.note_presences
    monkeypatch.setattr(play_stream, "note_presences", lambda keys: noted.append(keys) or real(keys))
    before = row_of(waiting)

    async def opened():
        async_client = AsyncClient()
        async_client.cookies = client.cookies
        response = await async_client.get(waiting + "stream/", {"version": before.public_version})
        return b"".join([chunk async for chunk in response.streaming_content]).decode()
    sse_events(run_async(opened))
    row = row_of(waiting)
    assert noted and all(keys == [row.pk] for keys in noted)
    assert row.seen_ms >= before.seen_ms + GRACE_MS // 2 and not row.away and row.paused_ms == before.paused_ms


def test_after_the_page_said_it_left_the_stream_stops_noting_and_reads_at_every_beat(client, clock, waiting, stream):
    def left():
        assert client.post(waiting + "away/").status_code == 204
        return None
    stream.broker.change = (1450, left)
    stream.broker.hears = False   # nothing notifies a pause
    stream(waiting, 4)
    paused = row_of(waiting)
    assert paused.away
    reads = [at for at, sqls in after_first_event(stream) if game_reads(sqls)]
    # Its next keep finds the page away; from then on every beat reads the row (the page's
    # return is notified to nobody) and nothing writes its presence.
    assert reads and reads[0] <= 1450 + GRACE_MS // 2 and reads == list(range(reads[0], 4000 + TICK_MS, TICK_MS))[:len(reads)]
    assert len(reads) >= (4000 - reads[0]) // TICK_MS
    assert paused.seen_ms <= clock.ms - 2000



def held_after_a_round(client, clock):
    """A whole game's first round played through the service, the player on the first move it
    owes: the row as it stands while the round's scores are held for the player to read."""
    url = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "full",
                                    "ant_pile": "discard"}).url
    for _ in range(3000):
        row = row_of(url)
        if row.hold:
            return url
        owed = service.load(row).game.owed_actions(service.HUMAN)
        if owed:
            service.run(row.pk, row.owner, owed[0], row.public_version)
        else:
            clock.tick(100)
            service.run(row.pk, row.owner)
    raise AssertionError("the first round did not end")


def test_while_a_round_s_scores_are_held_the_stream_reads_at_every_beat(client, clock, settings, stream):
    # "Go on" ends the hold without a new version: nothing the broker hears wakes the stream,
    # and the bots' next move falls due from that moment, so the stream must look for itself.
    settings.MOGEL_PLAY_SEED, settings.MOGEL_BOT_PACE_MS = 7, 50
    url = held_after_a_round(client, clock)
    stream(url, 1)
    reads = [at for at, sqls in after_first_event(stream) if game_reads(sqls)]
    assert len(reads) >= 1000 // TICK_MS - 1
