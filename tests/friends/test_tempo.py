"""A friends' table's tempo (issue 33): chosen with the table, changed by the host in the waiting
room, read there by everyone in their language; the game started from the table plays at it, every
seat and spectator sees it on the table, and "Play again" keeps it. A forged tempo changes nothing."""

import json

import pytest
from django.test import Client

from mogel.friends import service
from mogel.friends.models import Table
from mogel.play.models import PracticeGame

from .helpers import create, host, message_of, sit, started, table_url

pytestmark = pytest.mark.django_db

REFUSED = {"en": "Choose one of the tempos offered.", "de": "Wähle eines der angebotenen Tempos."}


@pytest.fixture
def fast(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_PLAY_SEED = 4242
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    return settings


@pytest.mark.parametrize("kind", ("mogel-motte", "mogelei"))
def test_the_table_takes_the_tempo_chosen_with_it(fast, kind):
    table = create(Client(), kind=kind, tempo=3)
    assert table.tempo == 3


def test_the_host_changes_the_tempo_and_the_guests_read_it_in_their_language(fast):
    ann = Client()
    table = create(ann, tempo=3)
    ben = sit("Ben", table, lang="de")
    assert "Tempo: Langsamer (×3)" in ben.get(table_url(table, "de")).content.decode()
    response = host(ann, table, "tempo", tempo="10")
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.tempo == 10
    assert "Tempo: Ganz in Ruhe (×10)" in ben.get(table_url(table, "de")).content.decode()
    room = ann.get(table_url(table)).content.decode()
    assert '<option value="10" selected>Unhurried (×10)</option>' in room


@pytest.mark.parametrize("lang", ("en", "de"))
@pytest.mark.parametrize("forged", ("7", "x", "", "3.0", "01"))
def test_a_forged_tempo_leaves_the_table_unchanged_with_a_translated_message(fast, lang, forged):
    ann = Client()
    table = create(ann, lang=lang, tempo=3)
    response = host(ann, table, "tempo", lang=lang, tempo=forged)
    assert response.status_code == 400 and message_of(response.content.decode()) == REFUSED[lang]
    table.refresh_from_db()
    assert table.tempo == 3


def test_only_the_host_sets_the_tempo_and_only_before_the_start(fast):
    ann = Client()
    table = create(ann)
    ben = sit("Ben", table)
    assert host(ben, table, "tempo", tempo="10").status_code == 403
    table.refresh_from_db()
    assert table.tempo == 1
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    assert host(ann, table, "tempo", tempo="10").status_code == 409
    assert Table.objects.get(pk=table.pk).tempo == 1


@pytest.mark.parametrize("kind", ("mogel-motte", "mogelei"))
def test_the_game_plays_at_the_tables_tempo_every_seat_sees_it_and_play_again_keeps_it(fast, kind):
    ann = Client()
    table, (ben,) = started(ann, "Ben", kind=kind, tempo=10, spectators="on")
    row = PracticeGame.objects.get(pk=table.game_id)
    assert row.tempo == 10 and json.loads(row.state)["options"]["tempo"] == 10
    watcher = Client()
    for client in (ann, ben, watcher):
        assert "Tempo: Unhurried (×10)" in client.get(table_url(table)).content.decode()
    rematch = service.again(table)
    assert rematch.tempo == 10
    assert PracticeGame.objects.get(pk=rematch.game_id).tempo == 10


def test_a_table_of_before_the_tempo_plays_at_the_usual_one(fast):
    ann = Client()
    table, _guests = started(ann)
    row = PracticeGame.objects.get(pk=table.game_id)
    assert table.tempo == row.tempo == 1 and json.loads(row.state)["options"]["tempo"] == 1
