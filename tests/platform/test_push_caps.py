"""At most a few streams per browser and per address, the oldest closed first (mogel.push.caps,
docs/push.md "Caps and time-outs"), through Django's test client (the WSGI loop): a new tab or
a reload always gets its stream, the page pushed out is told to come back later, and coming
back while the cap is still full takes no other page's place. The same under uvicorn, with
streams read as they come: tests/deploy/test_push_abuse.py."""

import gzip

import pytest
from django.test import Client

from mogel.push.models import OpenStream
from mogel.push.stream import PUSHED_OUT_RETRY_MS

from .play_helpers import LOBBY, sse_events

pytestmark = pytest.mark.django_db

PUSHED_OUT = f"retry: {PUSHED_OUT_RETRY_MS}\n\n"


@pytest.fixture(autouse=True)
def short_streams(settings):
    """A stream not pushed out ends by itself after a second, so that reading it returns."""
    settings.MOGEL_PUSH_LIFETIME_S = 1
    settings.MOGEL_STREAMS_PER_BROWSER = 4
    settings.MOGEL_STREAMS_PER_ADDRESS = 16


def new_game(client) -> str:
    response = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                         "ant_pile": "discard", "first_guard": "me"})
    assert response.status_code == 302
    return response.url


def page_id(n: int) -> str:
    return f"page{n:012d}"


def opened(client, game, page):
    return client.get(game + "stream/", {"version": 0, "page": page})


def read(response) -> str:
    body = b"".join(response.streaming_content)
    return (gzip.decompress(body) if response.get("Content-Encoding") == "gzip" else body).decode()


def test_a_fifth_tab_of_one_browser_closes_the_oldest_stream_and_only_that_one(client):
    game = new_game(client)
    streams = [opened(client, game, page_id(n)) for n in range(5)]
    assert all(s.status_code == 200 for s in streams)
    oldest = read(streams[0])
    assert sse_events(oldest)[0]["event"] == "redraw"
    assert oldest.endswith(PUSHED_OUT), "the oldest page is told to come back later"
    for newer in streams[1:]:
        text = read(newer)
        assert sse_events(text)[0]["event"] == "redraw" and PUSHED_OUT not in text


def test_a_page_pushed_out_is_refused_while_the_cap_is_full_and_served_once_a_place_is_free(client):
    game = new_game(client)
    streams = [opened(client, game, page_id(n)) for n in range(5)]
    assert read(streams[0]).endswith(PUSHED_OUT)
    # Its reconnect would take another tab's place, which would take the next one's: refused.
    again = opened(client, game, page_id(0))
    assert again.status_code == 429
    assert OpenStream.objects.filter(pushed_out=False).count() == 4
    read(streams[4])   # that tab's stream ended (the page went away): a place is free
    back = opened(client, game, page_id(0))
    assert back.status_code == 200 and PUSHED_OUT not in read(back)


def test_a_reload_of_a_page_takes_its_own_place_not_another_tabs(client):
    game = new_game(client)
    streams = [opened(client, game, page_id(n)) for n in range(4)]
    again = opened(client, game, page_id(3))   # the same page reconnecting
    assert again.status_code == 200
    assert all(PUSHED_OUT not in read(s) for s in streams[:3])


def test_the_seventeenth_stream_from_one_address_closes_that_address_oldest(settings):
    settings.MOGEL_STREAMS_PER_ADDRESS = 3
    browsers = [Client() for _ in range(4)]   # four browsers behind one router, one tab each
    games = [new_game(browser) for browser in browsers]
    streams = [opened(b, g, page_id(n)) for n, (b, g) in enumerate(zip(browsers, games))]
    assert read(streams[0]).endswith(PUSHED_OUT)
    assert all(PUSHED_OUT not in read(s) for s in streams[1:])
    elsewhere = Client(REMOTE_ADDR="198.51.100.7")   # another address counts apart
    other = opened(elsewhere, new_game(elsewhere), page_id(9))
    assert other.status_code == 200 and PUSHED_OUT not in read(other)


def test_an_ended_stream_leaves_no_row_behind(client):
    game = new_game(client)
    read(opened(client, game, page_id(1)))
    assert not OpenStream.objects.exists()
