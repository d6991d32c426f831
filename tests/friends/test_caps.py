"""Caps and pruning of friends' tables: an address may keep only so many unfinished tables
(a translated message, no table made); prunegames deletes tables never started after a day
and a started one with its game, as the practice games."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from mogel.friends.models import Seat, Table
from mogel.play.models import PracticeGame

from .helpers import OWN, started
from .test_tables import fast  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db

FORM = {"name": "Ann", "players": 3, "level": "normal", "pace": "normal", **OWN["mogelei"]}


@pytest.mark.parametrize("lang, prefix, words", [("en", "/en/friends/", "Many unfinished tables"),
                                                   ("de", "/de/freunde/", "viele Tische")])
def test_an_address_may_keep_only_so_many_unfinished_tables(fast, settings, lang, prefix, words):
    settings.MOGEL_UNFINISHED_TABLES_PER_ADDRESS = 2
    for _ in range(2):
        assert Client().post(f"{prefix}new/mogelei/", FORM).status_code == 302
    response = Client().post(f"{prefix}new/mogelei/", FORM)
    assert response.status_code == 429 and words in response.content.decode()
    assert Table.objects.count() == 2
    # Another address is not held back; nor is this one once a table's game is over or a day old.
    assert Client(REMOTE_ADDR="10.0.0.9").post(f"{prefix}new/mogelei/", FORM).status_code == 302
    Table.objects.filter(address="127.0.0.1").update(created=timezone.now() - timedelta(days=2))
    assert Client().post(f"{prefix}new/mogelei/", FORM).status_code == 302


def test_a_finished_tables_game_no_longer_counts(fast, settings):
    settings.MOGEL_UNFINISHED_TABLES_PER_ADDRESS = 1
    table, _ = started(Client(), "Ben", kind="mogelei")
    assert Client().post("/en/friends/new/mogelei/", FORM).status_code == 429
    PracticeGame.objects.filter(pk=table.game_id).update(over=True)
    assert Client().post("/en/friends/new/mogelei/", FORM).status_code == 302


def prune():
    out = StringIO()
    call_command("prunegames", stdout=out)
    return out.getvalue()


def test_prunegames_deletes_tables_never_started_after_a_day_and_started_ones_with_their_game(fast):
    client = Client()
    client.post("/en/friends/new/mogelei/", FORM)
    waiting_old = Table.objects.get()
    Table.objects.filter(pk=waiting_old.pk).update(created=timezone.now() - timedelta(hours=25))
    Client().post("/en/friends/new/mogelei/", {**FORM, "name": "Cleo"})
    waiting_new = Table.objects.exclude(pk=waiting_old.pk).get()
    finished, _ = started(Client(), "Ben", kind="mogelei")
    PracticeGame.objects.filter(pk=finished.game_id).update(over=True, updated=timezone.now() - timedelta(days=8))
    playing, _ = started(Client(), "Ben", kind="mogelei")
    said = prune()
    assert "1 friends' tables never started" in said
    assert set(Table.objects.values_list("pk", flat=True)) == {waiting_new.pk, playing.pk}
    assert not Seat.objects.filter(table_id__in=[waiting_old.pk, finished.pk]).exists()
    assert "0 friends' tables never started" in prune()


def test_prunegames_forgets_the_push_channels_of_waiting_rooms_gone(fast):
    from django.db import connection

    from mogel.push import broker

    old, new = (create_waiting(name) for name in ("Ann", "Cleo"))
    Table.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(hours=25))
    said = prune()
    kept = broker.kept("room-")
    assert f"room-{old.pk}" not in kept
    if connection.vendor == "sqlite":   # the SQLite broker keeps a row per channel; PostgreSQL none
        assert f"room-{new.pk}" in kept and "1 push channels of waiting rooms gone" in said
    assert "0 push channels of waiting rooms gone" in prune()


def create_waiting(name):
    """A waiting room a guest sat down in (its channel notified)."""
    from .helpers import create, sit
    table = create(Client(), kind="mogelei", name=name)
    sit("Ben", table)
    return table
