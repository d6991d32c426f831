"""The mover's own echo (mogel/play/echo.py, docs/push.md "The mover's echo"): a practice page's
stream never sends again the table that page's own request answered it with; every other page,
and every newer version, is sent as before. The stream's source is the one the stream view
builds (bench.change.caught_source), stepped as the push loop steps it."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench.change import caught_source
from mogel import games
from mogel.play import views
from mogel.play.models import PracticeEvent, PracticeGame

from . import dom
from .play_helpers import clock, row_of, sse_events, version_of  # noqa: F401  (clock: a fixture)

pytestmark = pytest.mark.django_db

KEYS = ("mogel-motte", "mogelei")
FORMS = {"mogel-motte": {"rounds": "full", "ant_pile": "discard", "first_guard": "me"},
         "mogelei": {"games": 5, "dealer": "right"}}
# Two pages' ids as table.js draws them (24 hex digits).
PAGE, OTHER = "a1b2c3d4e5f60718293a4b5c", "0f1e2d3c4b5a69788796a5b4"


def _game(client, settings, key, seed=5):
    settings.MOGEL_PLAY_SEED, settings.MOGEL_BOT_PACE_MS = seed, 100
    return client.post(games.get(key).play_url("lobby"), {"name": "Ann", "players": 3, "level": "normal",
                                                          "pace": "normal", **FORMS[key]}).url


def tables(update) -> list[dict]:
    """The table events of a stream step (a friends' stream also sends who is at the table)."""
    return [e for e in sse_events(update.message or "") if e["event"] in ("redraw", "table", "resume", "patch")]


def offered(source, clock, html: str) -> str:
    """The page's table once it offers the player a move (the stream steps at the bots' wakes)."""
    for _ in range(200):
        if _actions(html):
            return html
        clock.tick(300)
        update = source.later()
        html = dom.follow(html, tables(update))
    raise AssertionError("the table never offered a move")


def _actions(html: str) -> list[str]:
    return [a for a in re.findall(r'name="action" value="([^"]+)"', html) if not a.startswith(("catch", "cheat"))]


def move(client, url, html, page=None, path="act/"):
    """The page's first offered move, posted as htmx posts it (with the page's id, if any)."""
    action = _actions(html)[0]
    form = {"action": action, "version": version_of(html)}
    if action.startswith("give "):
        form["to"] = re.search(r'name="to" value="(\d)"', html).group(1)
    headers = {"HTTP_X_TABLE_PAGE": page} if page is not None else {}
    return client.post(url + path, form, HTTP_HX_REQUEST="true", **headers)


def heard(source, url):
    """The stream's step when the broker heard the row move."""
    return source.later(heard=row_of(url).version)


@pytest.mark.parametrize("key", KEYS)
def test_the_movers_own_stream_sends_nothing_for_the_table_its_move_was_answered_with(client, settings, clock, key):
    url = _game(client, settings, key)
    source = caught_source(views, client, url, page=PAGE)
    html = offered(source, clock, source.first().message)
    answer = move(client, url, html, PAGE)
    assert answer.status_code == 200
    answered = version_of(answer.content.decode())
    assert answered > version_of(html) and row_of(url).public_version == answered
    assert tables(heard(source, url)) == []
    # The page shows the answered version: the stream counts from there (the next table's moves).
    assert source.sent == answered


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("stream_page, post_page", [(None, PAGE), (PAGE, None), (PAGE, OTHER)],
                         ids=["stream without id", "move without id", "another tab moved"])
def test_a_page_that_did_not_get_the_answer_is_sent_the_table(client, settings, clock, key, stream_page, post_page):
    url = _game(client, settings, key)
    source = caught_source(views, client, url, **({"page": stream_page} if stream_page else {}))
    html = offered(source, clock, source.first().message)
    answered = version_of(move(client, url, html, post_page).content.decode())
    [pushed] = tables(heard(source, url))
    assert pushed["event"] in ("table", "patch") and pushed["id"] == str(answered)


@pytest.mark.parametrize("key", KEYS)
def test_a_version_newer_than_the_answer_is_sent(client, settings, clock, key):
    """A bot moved after the page's own move was answered (here saved by a poll of a page without
    an id): the mark names an older version, so the stream sends the newer table."""
    url = _game(client, settings, key)
    source = caught_source(views, client, url, page=PAGE)
    html = offered(source, clock, source.first().message)
    answered = version_of(move(client, url, html, PAGE).content.decode())
    for _ in range(100):
        clock.tick(300)
        client.get(url + "poll/", {"version": answered}, HTTP_HX_REQUEST="true")
        if row_of(url).public_version > answered:
            break
    newer = row_of(url).public_version
    assert newer > answered
    [pushed] = tables(heard(source, url))
    # The newer table (or newer still: the stream's step catches the bots up to now).
    assert int(pushed["id"]) >= newer and source.sent == int(pushed["id"])


def test_the_skipped_echo_reads_only_the_small_row_and_stamps_nothing(client, settings, clock):
    """Fair reflexes: the move's own request stamped the events it answered with as sent; the
    stream that skips them writes no stamp, and reads no game state."""
    url = _game(client, settings, "mogel-motte")
    source = caught_source(views, client, url, page=PAGE)
    html = offered(source, clock, source.first().message)
    move(client, url, html, PAGE)
    row = row_of(url)
    stamps = list(PracticeEvent.objects.filter(game=row).order_by("index").values_list("index", "sent_ms"))
    assert any(sent is not None for _index, sent in stamps)
    with CaptureQueriesContext(connection) as queries:
        assert tables(source.later(heard=row.version)) == []
    sql = [q["sql"] for q in queries.captured_queries]
    assert not any('"play_practiceevent"' in s for s in sql), sql
    assert not any('"state"' in s for s in sql), "the whole row (the game's state) was read"
    assert list(PracticeEvent.objects.filter(game=row).order_by("index").values_list("index", "sent_ms")) == stamps


@pytest.mark.parametrize("forged", ["", "short", "x" * 33, "../../etc/passwd", "<script>", "a1b2c3d4e5f6 0 7 8"])
def test_a_forged_page_id_changes_nothing_and_is_never_a_500(client, settings, clock, forged):
    url = _game(client, settings, "mogel-motte")
    source = caught_source(views, client, url, page=forged)
    assert source.page is None   # ignored: the stream behaves as without an id
    html = offered(source, clock, source.first().message)
    answer = move(client, url, html, forged)
    assert answer.status_code == 200
    assert row_of(url).answered == ""
    [pushed] = tables(heard(source, url))
    assert pushed["id"] == str(version_of(answer.content.decode()))
    for path in ("poll/", "stream/"):
        response = client.get(url + path, {"version": 0, "page": forged}, HTTP_X_TABLE_PAGE=forged,
                              HTTP_HX_REQUEST="true")
        assert response.status_code in (200, 204)


def test_a_refused_move_answers_the_page_and_so_is_not_echoed(client, settings, clock):
    """A move on a table that moved on is refused with the current table on it (409): the page
    shows that table, so its stream does not send it again (the refusal saved the bots' catch-up)."""
    url = _game(client, settings, "mogel-motte")
    source = caught_source(views, client, url, page=PAGE)
    html = offered(source, clock, source.first().message)
    move(client, url, html, PAGE)
    source.later(heard=row_of(url).version)
    clock.tick(5000)   # the bots' moves fall due; the stale page posts its old move
    answer = move(client, url, html, PAGE)
    assert answer.status_code in (400, 409)
    refused = version_of(answer.content.decode())
    assert row_of(url).answered == f"{PAGE} 0 {refused}" + (" held" if row_of(url).hold else "")
    # Only what is newer than the refusal's table (a bot's move falling due since) is sent.
    assert all(int(pushed["id"]) > refused for pushed in tables(heard(source, url)))


def test_the_page_id_is_nowhere_in_what_a_page_gets(client, settings, clock):
    """The id is the page's own: no answer or event carries it (or the row's mark) back."""
    url = _game(client, settings, "mogel-motte")
    source = caught_source(views, client, url, page=PAGE)
    html = offered(source, clock, source.first().message)
    answer = move(client, url, html, PAGE).content.decode()
    other = Client()
    other.cookies = client.cookies
    assert PAGE not in answer and PAGE not in other.get(url).content.decode()
    assert PracticeGame.objects.filter(answered__startswith=PAGE).exists()


@pytest.mark.parametrize("key", KEYS)
def test_a_wake_of_the_stream_right_after_the_move_does_not_send_it_either(client, settings, clock, key):
    """The stream's own step at a bot's wake (service.run, the whole row) reads the mark too:
    the answered table is not sent again, only what the bots did since."""
    url = _game(client, settings, key)
    source = caught_source(views, client, url, page=PAGE)
    html = offered(source, clock, source.first().message)
    answered = version_of(move(client, url, html, PAGE).content.decode())
    assert all(int(pushed["id"]) > answered for pushed in tables(source.later(sure=True)))
    assert source.sent >= answered


@pytest.mark.parametrize("key", KEYS)
def test_after_its_own_answers_the_page_takes_the_streams_patches(client, settings, clock, key, monkeypatch):
    """The stream never saw the tables the page's moves were answered with (the echo): its next
    news is the whole table (a patch against the table it last sent might not fit the page's,
    docs/push.md "Order"), then patches again, each fitting the page as it stands; the page ends
    as a whole table draws it."""
    url = _game(client, settings, key)
    source = caught_source(views, client, url, page=PAGE)
    applied, apply, news, follow = [], dom.apply, [], dom.follow
    monkeypatch.setattr(dom, "apply", lambda table, patch: applied.append(apply(table, patch)) or applied[-1])
    monkeypatch.setattr(dom, "follow",
                        lambda html, events: news.extend(e["event"] for e in events) or follow(html, events))
    html = source.first().message
    after_moves = []
    for _ in range(8):
        html = offered(source, clock, html)   # applies every patch to the page as it stands
        html = move(client, url, html, PAGE).content.decode()
        assert tables(heard(source, url)) == []
        after_moves.append(len(news))
    html = offered(source, clock, html)
    firsts = [news[at] for at in after_moves if at < len(news)]
    assert firsts and set(firsts) == {"table"}, news
    assert len(applied) >= 1 and all(applied), applied
    # A poll a version behind draws the whole table (with the last move to animate, set aside).
    whole = client.get(url + "poll/", {"version": version_of(html) - 1}, HTTP_HX_REQUEST="true").content.decode()
    assert version_of(whole) == version_of(html)
    fresh = ("moves", "count-in")
    assert dom.write(dom.table_of(html), fresh, one_render=False) == dom.write(dom.table_of(whole), fresh, one_render=False)
