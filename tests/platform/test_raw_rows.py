"""The change's statements as SQL text (mogel.play.rows, docs/cost.md "Third round") read and
write exactly what the ORM did: the row in every state of both games (a practice game's and a
friends' table's), the small row, a table's seats; the save's version check still refuses a
stale save; the events' INSERT and the row's UPDATE store what bulk_create and update() stored."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from mogel.friends import service as friends
from mogel.play import rows, service
from mogel.play.models import PracticeEvent, PracticeGame, SeatEvent
from tests.friends.helpers import random_step, started, table_url
from tests.games.mogel_motte.site.test_play import play_whole_game
from tests.games.mogel_motte.site.test_play import fast as motte_fast  # noqa: F401  (a fixture)
from tests.games.mogelei.site.test_play import play_out

from .play_helpers import row_of
from .test_replay import fast, start  # noqa: F401  (fast: a fixture)

pytestmark = pytest.mark.django_db

GAMES = ("mogel-motte", "mogelei")
# Several rounds, so that a round's scores are held between them.
MORE_ROUNDS = {"mogel-motte": {"rounds": "full"}, "mogelei": {"games": 5}}


def fields(instance) -> dict:
    """Every loaded field with its type (a bool must stay a bool, a datetime a datetime)."""
    deferred = instance.get_deferred_fields()
    return {f.attname: (type(v), v) for f in type(instance)._meta.concrete_fields if f.attname not in deferred
            for v in [getattr(instance, f.attname)]}


def same_as_orm(raw, orm):
    assert (raw is None) == (orm is None)
    if raw is not None:
        assert fields(raw) == fields(orm)
        assert raw.get_deferred_fields() == orm.get_deferred_fields()
        assert (raw._state.adding, raw._state.db) == (orm._state.adding, orm._state.db) == (False, "default")


class Checked:
    """Wraps service.read_row: every row a change reads, compared with the ORM's read of it,
    and the small row with ``only()``'s; records which states the rows were in."""

    def __init__(self, monkeypatch):
        self.states = set()
        self.real = service.read_row
        monkeypatch.setattr(service, "read_row", self)

    def __call__(self, game_id, owner=None):
        raw = self.real(game_id, owner)
        where = {"pk": game_id} if owner is None else {"pk": game_id, "owner": owner}
        same_as_orm(raw, PracticeGame.objects.filter(**where).first())
        if raw is not None:
            self.check_small(raw)
            self.states |= {name for name in ("hold", "over", "away") if getattr(raw, name)}
            self.states |= {"no wake"} if raw.wake_ms is None else {"wake"}
            self.states |= {"publics"} if raw.publics else set()
        return raw

    @staticmethod
    def check_small(row):
        small = service.read_small(row.pk, row.owner, row.kind)
        same_as_orm(small, PracticeGame.objects.filter(pk=row.pk, owner=row.owner, kind=row.kind)
                    .only(*service.SMALL_FIELDS).first())
        assert service.read_small(row.pk, row.owner, "another-kind") is None


@pytest.mark.parametrize("key", GAMES)
def test_the_raw_row_is_the_orms_in_every_state_of_a_practice_game(client, fast, clock, monkeypatch, key):
    checked = Checked(monkeypatch)
    url = start(client, key, **MORE_ROUNDS[key])
    same_as_orm(service.read_row(row_of(url).pk), row_of(url))   # new: nothing played yet
    if key == "mogel-motte":
        play_whole_game(client, clock, url)
    else:
        play_out(client, url, clock, random.Random(3))
    row = row_of(url)
    assert row.over
    service.leave(row.pk, row.owner, key, showing="tab-1")
    service.run(row.pk, row.owner, streaming=True)   # a stream's step reads the row while it is away
    assert service.read_row(row.pk, "someone-else") is None
    assert {"hold", "over", "away", "wake", "no wake"} <= checked.states


@pytest.mark.parametrize("key", GAMES)
def test_a_friends_tables_row_and_seats_read_raw_are_the_orms(fast, clock, monkeypatch, key):
    checked = Checked(monkeypatch)
    ann, ben = Client(), Client()
    table, (ben,) = started(ann, "Ben", kind=key, players=4)
    rng, pages = random.Random(7), {ann: ann.get(table_url(table)).content.decode(),
                                    ben: ben.get(table_url(table)).content.decode()}
    for _ in range(120):
        person = rng.choice((ann, ben))
        answer = random_step(person, pages[person], table, clock, rng)
        if answer.status_code == 200:
            pages[person] = answer.content.decode()
        seats = friends.seats_of(table)
        orm = list(table.seats.all())
        assert [fields(s) for s in seats] == [fields(s) for s in orm]
        assert all(s.table is table for s in seats)   # as the related manager's: no query for it
    assert "publics" in checked.states


@pytest.mark.parametrize("key", GAMES)
def test_two_turns_loaded_from_one_row_the_second_save_loses(client, fast, clock, key):
    url = start(client, key)
    row = row_of(url)
    first, second = (service.load(service.read_row(row.pk, row.owner)) for _ in range(2))
    clock.tick(5_000)
    for turn, pick in ((first, 0), (second, -1)):   # each the player's move if it has one, else the bots'
        now, legal = service.game_now(turn.row, turn.game), turn.game.legal_actions(service.HUMAN)
        if legal:
            service.act(turn, legal[pick], turn.stored_public, now)
        else:
            service.catch_up(turn, now)
    assert first.changed and second.changed
    assert service.save(first)
    saved = (row_of(url).state, PracticeEvent.objects.filter(game_id=row.pk).count())
    assert not service.save(second)
    assert (row_of(url).state, PracticeEvent.objects.filter(game_id=row.pk).count()) == saved
    # A turn read after that save wins, and so does run(), retrying on a fresh read.
    assert service.run(row.pk, row.owner)[0] is not None


@pytest.mark.parametrize("key", GAMES)
def test_a_run_that_loses_to_a_concurrent_save_retries_on_the_saved_row(client, fast, clock, monkeypatch, key):
    """Another request saves between this run's read and its save (a second tab's move): the
    run's save loses, it reads the row again and answers from there; no event is written twice."""
    url = start(client, key)
    row = row_of(url)
    clock.tick(5_000)
    legal = service.load(row_of(url)).game.legal_actions(service.HUMAN)
    loads, real_load = [], service.load

    def load(read):
        loads.append(read.version)
        if len(loads) == 1:   # the other tab's request, served while this one works
            assert service.run(row.pk, row.owner, legal[0], row.public_version)[1] is None
        return real_load(read)

    monkeypatch.setattr(service, "load", load)
    turn, _refusal = service.run(row.pk, row.owner, legal[0], row.public_version)
    saved = row_of(url)
    assert len(loads) == 3 and loads[0] == loads[1] < loads[2]
    assert turn.row.version == saved.version
    indexes = list(PracticeEvent.objects.filter(game_id=row.pk).order_by("index").values_list("index", flat=True))
    assert indexes == list(range(saved.version))


def test_a_save_loses_when_the_hold_or_who_is_ready_changed_since_its_read(client, fast, clock):
    url = start(client, "mogel-motte")
    row = row_of(url)
    turn = service.load(service.read_row(row.pk, row.owner))
    turn.changed = True
    PracticeGame.objects.filter(pk=row.pk).update(ready=1)
    assert not service.save(turn)
    PracticeGame.objects.filter(pk=row.pk).update(ready=0, hold=True)
    assert not service.save(turn)
    PracticeGame.objects.filter(pk=row.pk).update(hold=False)
    assert service.save(turn)


def _orm_statements(monkeypatch):
    """The ORM's own update() and bulk_create() in place of the statements' text."""
    monkeypatch.setattr(rows, "update", lambda model, values, where: model.objects.filter(**where).update(**values))
    monkeypatch.setattr(rows, "insert", lambda model, names, records: model.objects.bulk_create(records))


def _stored(game_id, events: bool = True) -> tuple:
    """What a game left in the database (its row; its events too if ``events``), but for what
    differs between two plays of it (its id, its owner, the times of day)."""
    row = PracticeGame.objects.get(pk=game_id)
    kept = {name: value for name, (_type, value) in fields(row).items()
            if name not in ("id", "owner", "created", "updated", "replay_token")}
    if not events:
        return kept
    events = [(e.index, e.round, e.public, e.shown, e.event, e.sent_ms)
              for e in PracticeEvent.objects.filter(game_id=game_id).order_by("index")]
    seats = [(e.seat, e.index, e.round, e.public, e.shown, e.event, e.sent_ms)
             for e in SeatEvent.objects.filter(game_id=game_id).order_by("seat", "index")]
    return kept, events, seats


@pytest.mark.parametrize("key", GAMES)
def test_the_events_insert_and_the_rows_update_store_what_the_orm_stored(fast, clock, monkeypatch, key):
    """The same seeded game played twice, through the statements' text and through the ORM:
    the row and every event row are the same, at every step."""
    plays = []
    for orm in (False, True):
        if orm:
            _orm_statements(monkeypatch)
        clock.ms = 1_700_000_000_000
        player, steps = Client(), []
        url = start(player, key, **MORE_ROUNDS[key])
        html, rng = player.get(url).content.decode(), random.Random(11)
        for _ in range(150):
            answer = _step(player, url, html, clock, rng)
            html = answer.content.decode() if answer.status_code in (200, 409) else html
            steps.append(_stored(row_of(url).pk, events=False))
        plays.append((steps, _stored(row_of(url).pk)))
    assert plays[0] == plays[1]
    events = plays[0][1][1]
    assert len(events) > 40 and any(sent for *_e, sent in events)


@pytest.mark.parametrize("key", GAMES)
def test_a_friends_tables_seat_events_store_what_the_orm_stored(fast, clock, monkeypatch, key):
    plays = []
    for orm in (False, True):
        if orm:
            _orm_statements(monkeypatch)
        clock.ms = 1_700_000_000_000
        ann, rng = Client(), random.Random(13)
        table, (ben,) = started(ann, "Ben", kind=key, players=4)
        pages = {ann: ann.get(table_url(table)).content.decode(), ben: ben.get(table_url(table)).content.decode()}
        for _ in range(80):
            person = rng.choice((ann, ben))
            answer = random_step(person, pages[person], table, clock, rng)
            if answer.status_code == 200:
                pages[person] = answer.content.decode()
        table.refresh_from_db()
        stored = _stored(table.game_id)
        plays.append((stored[0], stored[2]))
    assert plays[0] == plays[1]
    assert len(plays[0][1]) > 40


def _step(client, url, html, clock, rng):
    offered = [a for a in re.findall(r'name="action" value="([^"]+)"', html) if not a.startswith("give")]
    version = re.search(r'data-version="(\d+)"', html).group(1)
    if offered and rng.random() < 0.6:
        return client.post(url + "act/", {"action": rng.choice(offered), "version": version}, HTTP_HX_REQUEST="true")
    clock.tick(rng.randint(100, 700))
    return client.get(url + "poll/", {"version": version}, HTTP_HX_REQUEST="true")
