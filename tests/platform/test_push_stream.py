"""The practice table's stream (mogel.push, the view ``stream``): what a page receives, through
Django's test clients; WSGI in the test thread, ASGI with its async iterator."""

import gzip
import re

import pytest
from django.test import AsyncClient

from .play_helpers import LOBBY, post, row_of, run_async, sse_events, timed_stream, version_of  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(client, settings):
    """A new English game's URL, Ann's move first; its stream ends at once after its first event."""
    settings.MOGEL_PLAY_SEED = 7
    settings.MOGEL_PUSH_LIFETIME_S = 0
    response = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                         "ant_pile": "discard", "first_guard": "me"})
    return response.url


def read(response) -> str:
    body = b"".join(response.streaming_content)
    return (gzip.decompress(body) if response.get("Content-Encoding") == "gzip" else body).decode()


def test_the_stream_opens_with_the_whole_table_as_the_poll_draws_it(client, game):
    response = client.get(game + "stream/", {"version": 0})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert "no-store" in response["Cache-Control"] and response["X-Accel-Buffering"] == "no"
    text = read(response)
    assert text.startswith("retry: 1000\n")
    [redraw] = sse_events(text)
    row = row_of(game)
    assert redraw["event"] == "redraw" and redraw["id"] == str(row.public_version)
    polled = client.get(game + "poll/", {"version": 0}, HTTP_HX_REQUEST="true").content.decode()
    assert redraw["data"] == polled.strip()


def test_the_game_page_opens_its_stream_and_polls_only_as_a_fallback(client, game):
    html = client.get(game).content.decode()
    row = row_of(game)
    assert f'sse-connect="{game}stream/?version={row.public_version}"' in html
    assert 'sse-swap="redraw,table,resume,patch"' in html and 'hx-target="#table"' in html
    assert 'hx-trigger="every 1000ms, wake"' in html
    assert "vendor/htmx-ext-sse.js" in html and "{#" not in html and "{% comment" not in html


def test_without_push_the_page_polls_as_before(client, game, settings):
    settings.MOGEL_PUSH = False
    html = client.get(game).content.decode()
    assert "sse-connect" not in html and "htmx-ext-sse" not in html
    assert 'hx-trigger="every 400ms, wake"' in html


def test_after_a_reconnect_the_last_event_id_decides_which_moves_are_news(client, game):
    v = version_of(client.get(game).content.decode())
    response = post(client, game, "draw", v)
    assert response.status_code in (200, 400)
    row = row_of(game)
    fresh = sse_events(read(client.get(game + "stream/", {"version": 0}, HTTP_LAST_EVENT_ID=str(row.public_version))))
    old = sse_events(read(client.get(game + "stream/", {"version": row.public_version}, HTTP_LAST_EVENT_ID="0")))
    assert fresh[0]["id"] == old[0]["id"] == str(row.public_version)
    if row.public_version > 0:
        # From version 0 the log lines since are announced; from the current one nothing is.
        assert 'id="announcer"' in old[0]["data"] and 'id="announcer"' not in fresh[0]["data"]


def test_a_stream_compressed_for_the_browser_is_flushed_event_by_event(client, game):
    response = client.get(game + "stream/", {"version": 0}, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response["Content-Encoding"] == "gzip" and "Accept-Encoding" in response["Vary"]
    chunks = list(response.streaming_content)
    # The first chunk is a whole event already (a held-back buffer would give nothing yet).
    first = gzip.decompress(chunks[0] + b"".join(chunks[1:])).decode()
    assert sse_events(first)[0]["event"] == "redraw"
    import zlib
    assert b"event: redraw" in zlib.decompressobj(31).decompress(chunks[0])


@pytest.mark.parametrize("where", ["another browser", "malformed", "unknown"])
def test_a_stream_of_a_game_that_is_not_yours_is_a_404_and_leaks_nothing(client, game, where):
    url = game + "stream/"
    if where == "another browser":
        client.cookies.clear()
    elif where == "malformed":
        url = LOBBY["en"] + "not-an-id!/stream/"
    else:
        url = LOBBY["en"] + "A" * 22 + "/stream/"
    response = client.get(url)
    assert response.status_code == 404
    assert b"data-version" not in response.content


def test_a_stream_is_read_only(client, game):
    assert client.post(game + "stream/").status_code == 405


def test_a_finished_game_is_drawn_once_and_the_page_told_to_close_its_stream(client, game):
    row = row_of(game)
    row.over = True
    row.save()
    from mogel.play import service
    turn = service.load(row)
    turn.game.phase = "over"
    row.state = turn.game.to_json()
    row.save()
    events = sse_events(read(client.get(game + "stream/", {"version": 0})))
    if turn.game.over:
        assert [e["event"] for e in events] == ["redraw", "close"]


def test_an_open_stream_keeps_the_game_running_and_never_ends_a_pause_the_page_asked_for(
        client, game, clock, settings, timed_stream):
    settings.MOGEL_PAUSE_GRACE_MS = 2000
    settings.MOGEL_PUSH_LIFETIME_S = 5
    client.get(game)
    start = clock.ms
    timed_stream(client.get(game + "stream/", {"version": 0}), start)
    row = row_of(game)
    # Five seconds of stream, no poll: the page was there all along.
    assert row.seen_ms >= start + 4000 and not row.away
    assert client.post(game + "away/").status_code == 204
    paused = row_of(game)
    timed_stream(client.get(game + "stream/", {"version": 0}), clock.ms)
    row = row_of(game)
    assert row.away and row.seen_ms == paused.seen_ms


def test_the_asgi_stream_sends_the_same_table(client, game, transactional_db):
    async def opened():
        async_client = AsyncClient()
        async_client.cookies = client.cookies
        response = await async_client.get(game + "stream/", {"version": 0})
        body = b"".join([chunk async for chunk in response.streaming_content])
        return response, body.decode()
    response, text = run_async(opened)
    assert response.status_code == 200 and response.is_async
    [redraw] = sse_events(text)
    assert redraw["id"] == str(row_of(game).public_version)
    assert re.search(r'data-version="(\d+)"', redraw["data"]).group(1) == redraw["id"]
