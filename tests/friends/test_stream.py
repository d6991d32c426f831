"""A friends' table on push (mogel/friends/stream.py): each page's stream, through Django's test
client (WSGI, in the test thread). The lifetime 0 ends a stream right after its first event."""

import gzip

import pytest
from django.test import Client

from mogel.friends.models import Seat
from mogel.play.models import PracticeGame

from ..platform.play_helpers import sse_events
from .helpers import create, host, sit, started, table_url, version_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def short(settings):
    settings.MOGEL_PUSH_LIFETIME_S = 0
    settings.MOGEL_PLAY_SEED = 11
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    return settings


def read(response) -> str:
    body = b"".join(response.streaming_content)
    return (gzip.decompress(body) if response.get("Content-Encoding") == "gzip" else body).decode()


def stream(client, table, **params):
    response = client.get(table_url(table) + "stream/", params)
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    return sse_events(read(response))


def test_each_seat_and_the_spectator_get_their_own_table_with_their_own_version(short):
    ann = Client()
    table, [ben] = started(ann, "Ben", spectators=True)
    row = PracticeGame.objects.get(pk=table.game_id)
    for client, mark in ((ann, "0"), (ben, "1"), (Client(), "-1")):
        [redraw] = stream(client, table, version=0)
        assert redraw["event"] == "redraw" and redraw["id"] == str(row.publics.get(mark, 0))
        polled = client.get(table_url(table) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true").content.decode()
        assert redraw["data"] == polled.strip()


def test_the_game_page_streams_and_polls_only_as_a_fallback(short):
    ann = Client()
    table, _clients = started(ann, "Ben")
    html = ann.get(table_url(table)).content.decode()
    assert f'sse-connect="{table_url(table)}stream/?version={version_of(html)}"' in html
    assert 'sse-swap="redraw,table,resume"' in html and "vendor/htmx-ext-sse.js" in html
    assert 'hx-trigger="every 1000ms, wake"' in html


def test_without_push_the_pages_poll_as_before(short):
    short.MOGEL_PUSH = False
    ann = Client()
    table = create(ann)
    assert "sse-connect" not in ann.get(table_url(table)).content.decode()
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    html = ann.get(table_url(table)).content.decode()
    assert "sse-connect" not in html and 'hx-trigger="every 400ms, wake"' in html


def test_no_spectators_and_a_stranger_get_the_refusal_not_a_stream(short):
    ann = Client()
    table, _clients = started(ann, "Ben")
    response = Client().get(table_url(table) + "stream/")
    assert response.status_code == 403 and "text/event-stream" not in response["Content-Type"]
    assert Client().get("/en/friends/ZZZZZZ/stream/").status_code == 404


def test_the_waiting_room_streams_its_seats_per_person(short):
    ann = Client()
    table = create(ann)
    ben = sit("Ben", table)
    html = ann.get(table_url(table)).content.decode()
    assert f'sse-connect="{table_url(table)}stream/"' in html and 'sse-swap="room"' in html
    [mine] = stream(ann, table)
    [his] = stream(ben, table)
    assert mine["event"] == his["event"] == "room"
    assert "Ben" in mine["data"] and 'name="op"' in mine["data"]      # the host's powers
    assert "Ben" in his["data"] and 'name="op"' not in his["data"]


def test_at_the_start_the_room_stream_sends_what_loads_the_game_and_closes(short):
    ann = Client()
    table = create(ann)
    ben = sit("Ben", table)
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    response = ben.get(table_url(table) + "stream/")
    # A started table streams the game now; a room page still open gets the game on its next load.
    [redraw] = sse_events(read(response))
    assert redraw["event"] == "redraw"


def test_an_open_stream_is_the_seats_contact(short, clock):
    short.MOGEL_FRIENDS_GRACE_MS = 60_000
    ann = Client()
    table, [ben] = started(ann, "Ben")
    clock.tick(50_000)
    stream(ben, table, version=0)
    seat = Seat.objects.get(table=table, name="Ben")
    assert seat.seen_ms == clock.ms


def test_a_room_stream_open_at_the_start_sends_what_loads_the_game_and_ends(short, rf):
    from django.utils import translation

    from mogel.friends import views

    ann = Client()
    table = create(ann)
    ben = sit("Ben", table)
    request = rf.get(table_url(table) + "stream/")
    request.session, request.htmx = ben.session, False
    with translation.override("en"):
        source = views._source(request, table.code)
        first = source.first()
        assert not first.done and "Ben" in first.message
        assert source.later().message is None          # nothing changed: nothing sent
        host(ann, table, "bot", seat="all")
        update = source.later()
        assert "(bot)" in update.message or "bot" in update.message
        host(ann, table, "start")
        update = source.later()
    assert update.done and 'hx-trigger="load"' in update.message and 'hx-get="/en/friends/' in update.message
