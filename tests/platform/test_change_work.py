"""The work of one change is done once (docs/cost.md, "What was cut"): the bots' plan is asked
once per state of the game, a request that saves the events it sends stamps them as sent in
the save (the same stamps ``note_sent`` alone wrote), a friends' table's seats are read once
per answer; and a change pushed by a practice stream costs an exact number of queries."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test import Client
from django.utils import translation
from django.test.utils import CaptureQueriesContext

from bench.change import caught_source
from mogel import games
from mogel.play import service, views
from mogel.play.models import PracticeEvent, PracticeGame
from mogel.play import shell
from mogel.play.shell import log_lines
from tests.friends.helpers import random_step, started, table_url, version_of

from .play_helpers import LOBBY, clock  # noqa: F401  (the fake clock fixture)

pytestmark = pytest.mark.django_db

LANGS = ("en", "de", "fr", "nl", "it")

FORMS = {"mogel-motte": {"rounds": "full", "ant_pile": "discard", "first_guard": "left"},
         "mogelei": {"games": 5, "dealer": "right"}}


def _game(client, settings, key, seed, players=3):
    settings.MOGEL_PLAY_SEED, settings.MOGEL_BOT_PACE_MS = seed, 100
    lobby = games.get(key).play_url("lobby")
    url = client.post(lobby, {"name": "Ann", "players": players, "level": "normal", "pace": "normal",
                              **FORMS[key]}).url
    return url, PracticeGame.objects.get(pk=url.rstrip("/").split("/")[-1])


def _play(client, url, clock, rng, steps):
    """The player's page: a move it offers or a poll, between ticks of the fake clock."""
    html = client.get(url).content.decode()
    for _ in range(steps):
        clock.tick(rng.randint(100, 700))
        offered = [a for a in re.findall(r'name="action" value="([^"]+)"', html) if not a.startswith("give")]
        version = re.search(r'data-version="(\d+)"', html).group(1)
        answer = (client.post(url + "act/", {"action": rng.choice(offered), "version": version},
                              HTTP_HX_REQUEST="true") if offered and rng.random() < 0.6
                  else client.get(url + "poll/", {"version": version}, HTTP_HX_REQUEST="true"))
        if answer.status_code == 286:
            return
        html = answer.content.decode() if answer.status_code != 204 else html
        yield html


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_the_bots_plan_is_asked_once_per_state_of_the_game_and_is_the_fresh_answer(
        client, settings, clock, monkeypatch, key):
    kind = games.get(key)
    real, asked = type(kind).plan, []

    def counted(self, game, *args, **kwargs):
        asked[-1].append((kwargs.get("deliberate_only"), game.log_length, game.clock))
        return real(self, game, *args, **kwargs)

    monkeypatch.setattr(type(kind), "plan", counted)
    real_run = service.run

    def each_request(*args, **kwargs):   # a request's states: from its run to the next one's
        asked.append([])
        return real_run(*args, **kwargs)

    monkeypatch.setattr(service, "run", each_request)
    asked.append([])
    url, row = _game(client, settings, key, seed=5)
    requests = 0
    for _html in _play(client, url, clock, random.Random(5), 60):
        turn, _refusal = service.run(row.pk, row.owner)
        views._wake_in(turn)   # the page's wake time, as the table's context asks it
        requests += 1
        for deliberate in (False, True):
            fresh = real(kind, turn.game, row.level, turn.memories, turn.row.resume_ms, pace=row.pace,
                         deliberate_only=deliberate)
            assert turn.plan(deliberate) == fresh
    for states in asked:
        assert len(states) == len(set(states)), "a state of the game asked twice in one request"
        if kind.every_move_deliberate:
            assert not any(deliberate for deliberate, _length, _clock in states)
    assert requests > 20


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_a_save_stamps_the_events_it_sends_as_note_sent_alone_would(client, settings, clock, monkeypatch, key):
    """The same seeded game twice, the second with every save leaving the stamps to note_sent
    (as before the fold): every event's sent_ms is the same."""
    stamps = []
    for folded in (True, False):
        if not folded:
            monkeypatch.setattr(service, "_stamp", lambda *args: None)
        clock.ms = 1_700_000_000_000
        stamps.append(_stamps_of_a_played_game(settings, clock, key))
    assert stamps[0] == stamps[1]
    assert sum(1 for _index, sent in stamps[0] if sent is not None) > 20


def _stamps_of_a_played_game(settings, clock, key):
    player = Client()
    url, row = _game(player, settings, key, seed=9)
    for _html in _play(player, url, clock, random.Random(9), 80):
        pass
    return list(PracticeEvent.objects.filter(game_id=row.pk).order_by("index").values_list("index", "sent_ms"))


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_a_bots_move_pushed_by_the_stream_that_makes_it_costs_its_fixed_queries_and_no_stamp(client, settings, clock, key):
    """The stream notices a bot's move due, makes and saves it, and pushes the table. Its
    queries: the small row; the full row; the save in its transaction (a savepoint here, inside
    the test's own: SAVEPOINT, the UPDATE with the version check, the events' INSERT, the
    broker's notice: on SQLite its row in a savepoint of its own, SAVEPOINT, UPDATE, RELEASE;
    on PostgreSQL one pg_notify; RELEASE); the log's new events. No UPDATE stamps the events as
    sent (before the fold: eleven on SQLite)."""
    broker = 1 if connection.vendor == "postgresql" else 3
    url, row = _game(client, settings, key, seed=4, players=4)
    source = caught_source(views, client, url)   # the stream view's own source, as the bench drives it
    html, rng, pushed = source.first().message, random.Random(4), 0
    for _ in range(400):
        clock.tick(50)
        offered = re.findall(r'name="action" value="([^"]+)"', html)
        moved = offered and rng.random() < 0.2
        if moved:   # the player's move now and then, saved (and stamped) by its own request
            client.post(url + "act/", {"action": rng.choice(offered), "version": version_of(html)},
                        HTTP_HX_REQUEST="true")
        with CaptureQueriesContext(connection) as queries:
            update = source.later()
        if update.message is None:
            continue
        html = update.message
        writes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith(("UPDATE", "INSERT"))]
        if moved or not any('"play_practiceevent"' in sql for sql in writes):
            continue   # the stream sends a change another request saved: note_sent stamps it
        assert not any(sql.startswith('UPDATE "play_practiceevent"') for sql in writes)
        assert len(queries.captured_queries) == 7 + broker, "\n".join(q["sql"][:90] for q in queries.captured_queries)
        pushed += 1
        if pushed == 5:
            break
    assert pushed == 5


def test_a_friends_poll_with_news_reads_the_tables_seats_once(settings, clock):
    settings.MOGEL_PLAY_SEED = 3
    ann = Client()
    table, (ben,) = started(ann, "Ben", players=4)
    rng, text, polls = random.Random(3), ann.get(table_url(table), HTTP_HX_REQUEST="true").content.decode(), 0
    for _ in range(80):
        random_step(ben, ben.get(table_url(table), HTTP_HX_REQUEST="true").content.decode(), table, clock, rng)
        clock.tick(400)
        with CaptureQueriesContext(connection) as queries:
            answer = ann.get(table_url(table) + "poll/", {"version": version_of(text)}, HTTP_HX_REQUEST="true")
        if answer.status_code not in (200, 286):
            continue
        text = answer.content.decode()
        reads = [q["sql"] for q in queries.captured_queries
                 if q["sql"].startswith("SELECT") and 'FROM "friends_seat"' in q["sql"]]
        # One for the session's own seat (who is asking), one for the table's seats.
        assert len(reads) == 2, reads
        polls += 1
        if answer.status_code == 286:
            break
    assert polls > 5


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_the_logs_lines_kept_per_language_are_the_sentences_described_afresh(client, settings, clock, key):
    kind = games.get(key)
    url, row = _game(client, settings, key, seed=6)
    for _html in _play(client, url, clock, random.Random(6), 40):
        pass
    turn, _refusal = service.run(row.pk, row.owner)
    names = ["Ann", "Ben", "Cleo"]
    for me in (0, 1, None):
        events = [e for e in (kind.visible(e, me) for e in (event for _round, _public, event in service.recent_log(turn, 30))) if e]
        assert len(events) > 10
        for again in (False, True):   # the second time from the memo, filled in every language
            for lang in LANGS:
                described = shell._line.cache_info().misses
                with translation.override(lang):
                    lines = log_lines({"log": events}, names, me, kind.describe)["log"]
                    assert [line["text"] for line in lines] == [kind.describe(e, names, me) for e in events[-30:]]
                assert again == (shell._line.cache_info().misses == described)


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_the_table_written_with_its_numbers_unlocalized_is_the_localized_one(client, settings, clock, monkeypatch, key):
    """The table's partial writes numbers as they are (``{% localize off %}``, docs/cost.md): in
    every language, at every moment of a seeded game, the same HTML as with Django localizing them."""
    from django.template.loader import render_to_string
    from django.templatetags.l10n import LocalizeNode
    from django.test import RequestFactory

    url, row = _game(client, settings, key, seed=8)
    request, compared = RequestFactory().get(url), 0
    for step, _html in enumerate(_play(client, url, clock, random.Random(8), 50)):
        if step % 5:
            continue
        turn, _refusal = service.run(row.pk, row.owner)
        for lang in LANGS:
            with translation.override(lang):
                context = views._context(request, turn, client_version=max(0, turn.row.public_version - 3))
                written = render_to_string(views.TABLE, context, request=request)
                with monkeypatch.context() as localized:
                    localized.setattr(LocalizeNode, "render", lambda node, context: node.nodelist.render(context))
                    assert render_to_string(views.TABLE, context, request=request) == written
            compared += 1
    assert compared >= 20


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_an_expert_bots_decision_is_searched_once_however_many_requests_ask_for_it(
        client, settings, clock, monkeypatch, key):
    """An expert's search is the costliest work of a change (up to its 50 ms cap). The row's wake
    time plans the bot's move after a change, and the request that makes it when it falls due
    (a poll, a stream, a move) asks again: the decision kept in the bot's memory answers then,
    so no decision is searched twice. Each search's generator is seeded by the decision's public
    coordinates, so its state tells decisions apart."""
    from mogel.core import ismcts

    real, searched = ismcts.search, []

    def counted(deal, seat, rng, **kwargs):
        searched.append((seat, hash(rng.getstate())))
        return real(deal, seat, rng, **kwargs)

    monkeypatch.setattr(ismcts, "search", counted)
    settings.MOGEL_PLAY_SEED, settings.MOGEL_BOT_PACE_MS = 3, 100
    url = client.post(games.get(key).play_url("lobby"), {"name": "Ann", "players": 3, "level": "expert",
                                                         "pace": "normal", **FORMS[key]}).url
    for _html in _play(client, url, clock, random.Random(3), 50):
        pass
    assert len(searched) > 5, "the experts searched"
    assert len(searched) == len(set(searched)), "a decision searched twice"
