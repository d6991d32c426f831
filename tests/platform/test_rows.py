"""A game row stays small however long the game runs; the event table keeps the whole log.

The row holds the state that decides the game and the end of its log (``Game.trim_log``);
every event goes to ``PracticeEvent`` once. Measured over a whole seeded 5-player game
played through the service: bots on four seats, the human seat on a simple policy.
"""

import importlib

import pytest
from django.apps import apps

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.replay import replay
from mogel.play import service
from mogel.play.models import PracticeEvent, PracticeGame
from tests.games.mogel_motte.game_data import new_row

pytestmark = pytest.mark.django_db

OWNER = "session-of-the-player"
ROW_LIMIT = 4096


def human_move(row, game):
    """Go on after a round; else the first move the game waits for from the human (slaps and races at once)."""
    if row.hold:
        return "continue"
    owed = game.owed_actions(service.HUMAN)
    return owed[0] if owed else None


def play_through(clock, players=5, rounds="full", on_request=None):
    row = new_row(OWNER, players, rounds=rounds)
    for _ in range(5000):
        row = PracticeGame.objects.get(pk=row.pk)
        if on_request:
            on_request(row)
        if row.over:
            return row
        game = Game.from_json(row.state)
        action = human_move(row, game)
        if action:
            _turn, refusal = service.run(row.pk, OWNER, action, row.public_version)
            assert refusal is None, refusal
        else:
            clock.tick(max(1, row.wake_ms - service.game_now(row, game)) if row.wake_ms is not None else 100)
            service.run(row.pk, OWNER)
    raise AssertionError("the game did not end")


@pytest.fixture
def seeded(settings):
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_PLAY_SEED = 918273645


def test_a_whole_five_player_game_keeps_its_row_under_4_kb_and_its_events_replay(seeded, clock):
    sizes = []
    row = play_through(clock, on_request=lambda row: sizes.append(len(row.state.encode())))
    assert len(sizes) > 100 and max(sizes) <= ROW_LIMIT, max(sizes)
    game = Game.from_json(row.state)
    assert game.over and len(game.history) == 5
    events = row.stored_log()
    assert len(events) == row.version == game.log_length > 500
    assert events[game.log_base:] == game.log
    again = replay(Game.new(game.players, game.seed, **game.options), events)
    assert again.scores == game.scores and again.history == game.history
    # The player's version counts what the player's seat can notice, and the table knows which.
    assert row.public_version == PracticeEvent.objects.filter(game=row, public__isnull=False).count() < row.version


def test_games_saved_with_their_whole_log_move_it_to_the_event_table(seeded, clock):
    row = new_row(OWNER, 4)
    for _ in range(40):
        clock.tick(400)
        service.run(row.pk, OWNER)
    row = PracticeGame.objects.get(pk=row.pk)
    whole = row.stored_log()
    game = Game.from_json(row.state)
    # As a row was saved before the event table: the whole log in the state, no events.
    game.log, game.log_base = whole, 0
    game.log_dropped = [0] * game.players
    PracticeEvent.objects.filter(game=row).delete()
    PracticeGame.objects.filter(pk=row.pk).update(state=game.to_json(), public_version=0)
    migration = importlib.import_module("mogel.play.migrations.0002_events_table")
    migration.move_logs_out(apps, None)
    moved = PracticeGame.objects.get(pk=row.pk)
    assert moved.stored_log() == whole
    assert (moved.state, moved.public_version) == (row.state, row.public_version)
    turn, _refusal = service.run(row.pk, OWNER)
    assert turn.row.version >= row.version
