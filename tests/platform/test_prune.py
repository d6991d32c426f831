"""manage.py prunegames: what an operator's cron job deletes, and what it must keep."""

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from mogel.play import service
from mogel.play.models import PracticeGame
from tests.games.mogel_motte.game_data import new_row

pytestmark = pytest.mark.django_db


def game(days_ago: float, over: bool) -> str:
    row = new_row("owner-session")
    PracticeGame.objects.filter(pk=row.pk).update(over=over, updated=timezone.now() - timedelta(days=days_ago))
    return row.pk


def session(expires_in_days: float) -> str:
    store = SessionStore()
    store["lang"] = "en"
    store.set_expiry(timedelta(days=expires_in_days))
    store.create()
    return store.session_key


def prune(*args) -> str:
    out = StringIO()
    call_command("prunegames", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def old_and_new():
    return {
        "finished long ago": game(8, over=True),
        "finished lately": game(6, over=True),
        "abandoned": game(3, over=False),
        "in play": game(0.5, over=False),
        "expired session": session(-1),
        "live session": session(1),
    }


def test_prune_deletes_old_finished_and_abandoned_games_and_expired_sessions(old_and_new):
    assert prune() == ("prunegames: deleted 1 finished games (older than 7 days), 1 unfinished games "
                       "(untouched for 2 days), 1 expired sessions, 0 friends' tables never started (older than a day), "
                       "0 push channels of waiting rooms gone\n")
    games = set(PracticeGame.objects.values_list("pk", flat=True))
    assert games == {old_and_new["finished lately"], old_and_new["in play"]}
    assert set(Session.objects.values_list("pk", flat=True)) == {old_and_new["live session"]}


def test_prune_again_deletes_nothing_more(old_and_new):
    prune()
    assert prune().startswith("prunegames: deleted 0 finished games (older than 7 days), 0 unfinished games")
    assert PracticeGame.objects.count() == 2


def test_dry_run_counts_the_same_and_keeps_everything(old_and_new):
    said = prune("--dry-run")
    assert said.startswith("prunegames: would delete 1 finished games") and "1 expired sessions" in said
    assert said.rstrip().endswith("(dry run)")
    assert PracticeGame.objects.count() == 4 and Session.objects.count() == 2


def test_the_ages_are_the_operators_to_choose(old_and_new):
    said = prune("--finished-days", "5", "--idle-days", "0")
    assert "deleted 2 finished games (older than 5 days), 2 unfinished games (untouched for 0 days)" in said
    assert not PracticeGame.objects.exists()


@pytest.mark.parametrize("value", ["-1", "soon"])
def test_a_wrong_age_is_refused_before_anything_is_deleted(old_and_new, value):
    with pytest.raises(CommandError, match="whole number"):
        call_command("prunegames", "--idle-days", value)
    assert PracticeGame.objects.count() == 4


def test_a_game_played_today_is_not_abandoned_however_old(clock):
    game_id = game(3, over=False)
    row = PracticeGame.objects.get(pk=game_id)
    turn, _refusal = service.run(game_id, row.owner, action=turn_action(game_id), posted_version=row.version)
    assert turn.row.version > row.version
    prune()
    assert PracticeGame.objects.filter(pk=game_id).exists()


def turn_action(game_id: str) -> str:
    """Something the player may do now in that game, be it a move or a wait."""
    turn = service.load(PracticeGame.objects.get(pk=game_id))
    return (turn.game.owed_actions(service.HUMAN) or turn.game.legal_actions(service.HUMAN))[0]
