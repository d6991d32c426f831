"""A friends' table on push (mogel/friends/stream.py): each page's stream, through Django's test
client (WSGI, in the test thread). The lifetime 0 ends a stream right after its first event."""

import gzip
import re

import pytest
from django.test import Client, RequestFactory
from django.utils import translation

from mogel.friends.models import Seat
from mogel.play import echo
from mogel.play import service as play
from mogel.play.models import PracticeGame
from mogel.push import broker

from ..platform.play_helpers import sse_events
from .helpers import create, host, sit, started, table_url, version_of
from .test_tables import fast, mogelei_table, play_out  # noqa: F401  (fast: a fixture)

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
        redraw, seats = stream(client, table, version=0)
        assert redraw["event"] == "redraw" and redraw["id"] == str(row.publics.get(mark, 0))
        # Who is at the table comes beside it, without an id: the page's Last-Event-ID stays the table's.
        assert seats["event"] == "seats" and seats["id"] is None and 'id="seats"' in seats["data"]
        polled = client.get(table_url(table) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true").content.decode()
        assert redraw["data"] == polled.strip()


def test_the_game_page_streams_and_polls_only_as_a_fallback(short):
    ann = Client()
    table, _clients = started(ann, "Ben")
    html = ann.get(table_url(table)).content.decode()
    assert f'sse-connect="{table_url(table)}stream/?version={version_of(html)}"' in html
    assert 'sse-swap="redraw,table,resume,patch"' in html and "vendor/htmx-ext-sse.js" in html
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
    assert f'sse-connect="{table_url(table)}stream/"' in html and 'sse-swap="room,go"' in html
    [mine] = stream(ann, table)
    [his] = stream(ben, table)
    assert mine["event"] == his["event"] == "room"
    assert "Ben" in mine["data"] and 'name="op"' in mine["data"]      # the host's powers
    assert "Ben" in his["data"] and 'name="op"' not in his["data"]


def test_the_hosts_room_stream_sends_nothing_while_nothing_changed(short):
    ann = Client()
    table = create(ann)
    source = source_of(ann, table)
    assert 'name="op"' in source.first().message   # the host's powers, each form with its CSRF token
    for _ in range(3):
        assert source.later().message is None
    sit("Ben", table)
    assert "Ben" in source.later().message
    assert source.later().message is None


def test_at_the_start_the_room_stream_sends_what_loads_the_game_and_closes(short):
    ann = Client()
    table = create(ann)
    ben = sit("Ben", table)
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    response = ben.get(table_url(table) + "stream/")
    # A started table streams the game now; a room page still open gets the game on its next load.
    redraw, seats = sse_events(read(response))
    assert redraw["event"] == "redraw" and seats["event"] == "seats"


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
    # Where the game is, for the page to open at once (no ask of the room first), and the stream ends.
    assert update.done and sse_events(update.message) == [{"event": "go", "id": None, "data": table_url(table)}]


# -- who is at the table, pushed ------------------------------------------------------------------

def source_of(client, table, version=0, page=None):
    """The stream's source a page of ``client`` gets (mogel.friends.views._source), read step by step;
    ``page``: the page's own id (mogel.play.echo), as table.js adds it to the stream's address."""
    from mogel.friends import views

    params = {"version": version, **({"page": page} if page else {})}
    request = RequestFactory().get(table_url(table) + "stream/", params)
    request.session, request.htmx = client.session, False
    with translation.override("en"):
        return views._source(request, table.code)


def named(update, name):
    return [e for e in sse_events(update.message or "") if e["event"] == name]


def badge(panel, seat):
    found = re.search(rf'id="seat-presence-{seat}"[^>]*data-presence="([a-z-]+)"', panel)
    return found and found.group(1)


def test_the_stream_sends_who_is_at_the_table_when_a_presence_changes_and_not_otherwise(fast, clock):
    ann = Client()
    table, ben = mogelei_table(ann, fast)   # the game waits at Ben's turn (and Ann's)
    source = source_of(ann, table)
    [first] = named(source.first(), "seats")
    assert "Ben is here" in first["data"] and badge(first["data"], 1) == "here"
    # Ben's page keeps making contact: nothing to send, however long.
    for _ in range(8):
        clock.tick(2_000)
        ben.get(table_url(table) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true")
        assert named(source.later(), "seats") == []
    # Ben's page goes silent: the stream wakes when he turns away, says so once, then nothing.
    update = source.later()
    assert named(update, "seats") == [] and 9 < update.wake_s <= 10.001
    clock.tick(round(update.wake_s * 1000))
    [away] = named(source.later(), "seats")
    assert badge(away["data"], 1) == "away" and badge(away["data"], 0) == "here"
    assert 'hx-swap-oob="true"' in away["data"]
    clock.tick(1_000)
    update = source.later()
    assert named(update, "seats") == [] and 48 < update.wake_s <= 50.001   # next: the grace's end
    # The grace runs out: a bot plays for Ben, and every page is told.
    clock.tick(round(update.wake_s * 1000))
    [gone] = named(source.later(), "seats")
    assert "Bot plays for Ben" in gone["data"] and badge(gone["data"], 1) == "bot-plays"
    clock.tick(500)
    assert named(source.later(), "seats") == []
    # Ben comes back: he is here again, said once.
    ben.get(table_url(table))
    clock.tick(500)
    [back] = named(source.later(), "seats")
    assert "Ben is here" in back["data"] and badge(back["data"], 1) == "here"
    clock.tick(500)
    assert named(source.later(), "seats") == []


def test_a_gone_persons_seat_is_played_at_each_tick_not_in_a_spin(fast, clock):
    ann = Client()
    table, _ben = mogelei_table(ann, fast)
    source = source_of(ann, table)
    source.first()
    clock.tick(70_000)
    source.later()   # the bot catches up with Ben's moves
    for _ in range(3):
        update = source.later()
        assert update.wake_s is None or update.wake_s > 0


def test_the_panel_pushed_is_the_polled_one_and_shows_no_card(fast, clock):
    ann = Client()
    table, (ben,) = started(ann, "Ben", spectators=True)
    for client in (ann, ben, Client()):
        [pushed] = named(source_of(client, table).first(), "seats")
        polled = client.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true").content.decode()
        assert pushed["data"] == polled.strip() and "data-card" not in pushed["data"]


def test_a_forged_removed_or_strange_seat_gets_no_stream_and_no_names(fast, clock):
    ann = Client()
    table = create(ann)
    gone = sit("Max", table)
    host(ann, table, "remove", seat="1")   # a stale seat: the host freed it before the start
    sit("Ben", table)
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    forged = Client()
    session = forged.session
    session["friends"] = {table.pk: "forged-secret"}
    session.save()
    for client in (forged, gone, Client()):
        for path in ("stream/", "seats/"):
            response = client.get(table_url(table) + path, HTTP_HX_REQUEST="true")
            assert response.status_code == 403 and "text/event-stream" not in response["Content-Type"]
            assert "Ben" not in response.content.decode()


# -- after the game: "Play again" reaches every page --------------------------------------------------

def test_after_the_game_play_again_by_one_seat_reaches_the_other_seat_and_a_spectator(fast, clock, monkeypatch):
    ann = Client()
    table, (ben,) = started(ann, "Ben", kind="mogelei", spectators="on")
    sources = {name: source_of(client, table) for name, client in (("ann", ann), ("ben", ben), ("spectator", Client()))}
    for source in sources.values():
        source.first()
    play_out(table, {0: ann, 1: ben}, clock)
    for source in sources.values():
        update = source.later()
        assert [e["event"] for e in sse_events(update.message)][0] == "table" and not update.done
        assert update.channel == f"room-{table.pk}"   # from now on it waits for the rematch
    # An idle finished game's stream renders nothing: no table, no panel.
    renders = []
    for source in sources.values():
        source.render = lambda *args, _render=source.render: renders.append(1) or _render(*args)
    for _ in range(3):
        clock.tick(1_000)
        for source in sources.values():
            update = source.later()
            assert update.message is None and not update.done
    assert renders == []
    notified = []
    monkeypatch.setattr(broker, "notify", lambda channel, version, _notify=broker.notify:
                        notified.append(channel) or _notify(channel, version))
    clock.tick(1_000)
    assert ben.post(table_url(table) + "again/").status_code == 302
    assert f"room-{table.pk}" in notified   # the old table's channel is told (whatever the broker)
    table.refresh_from_db()
    for name in ("ann", "spectator"):
        update = sources[name].later()
        # The rematch's address, for the page to open at once, and the stream ends.
        assert update.done and sse_events(update.message) == [{"event": "go", "id": None,
                                                               "data": table_url(table.rematch)}]
    # A page whose stream is down asks who is at the table, and the answer moves it the same way.
    assert ann.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true")["HX-Redirect"] == table_url(table.rematch)


def test_a_stream_opened_after_the_rematch_moves_the_page_at_once(fast, clock, settings):
    settings.MOGEL_PUSH_LIFETIME_S = 0
    ann = Client()
    table, (ben,) = started(ann, "Ben", kind="mogelei", spectators="on")
    play_out(table, {0: ann, 1: ben}, clock)
    ann.post(table_url(table) + "again/")
    table.refresh_from_db()
    for client in (ben, Client()):   # a seat, and a spectator who came only now
        events = stream(client, table, version=0)
        assert [e["event"] for e in events] == ["redraw", "go", "close"]
        assert events[1]["data"] == table_url(table.rematch)


def test_play_again_reaches_the_page_whose_own_move_ended_the_game(fast, clock):
    """The last move's answer is already on its page (the mover's echo, mogel.play.echo): the
    stream has no table to send, yet it must know the game is over and follow "Play again"."""
    pages = {0: "a" * 24, 1: "b" * 24}
    ann, ben = Client(headers={"X-Table-Page": pages[0]}), Client(headers={"X-Table-Page": pages[1]})
    table = create(ann, kind="mogelei", spectators="on")
    sit("Ben", table, client=ben)
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    table.refresh_from_db()
    sources = {seat: source_of(client, table, page=pages[seat]) for seat, client in ((0, ann), (1, ben))}
    for source in sources.values():
        source.first()
    play_out(table, {0: ann, 1: ben}, clock)
    row = PracticeGame.objects.get(pk=table.game_id)
    mover = next(seat for seat, page in pages.items() if row.answered.startswith(page))
    assert echo.answered(row, pages[mover], play.mark(mover), row.publics[play.mark(mover)])   # the final table
    clock.tick(1_000)
    assert ann.post(table_url(table) + "again/").status_code == 302
    table.refresh_from_db()
    # The mover's page showed the last table already: its stream sends it no table, only the move.
    update = sources[mover].later()
    assert update.done and sse_events(update.message or "") == [{"event": "go", "id": None,
                                                                 "data": table_url(table.rematch)}]
