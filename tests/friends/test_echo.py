"""The mover's own echo at a friends' table (mogel/play/echo.py, docs/push.md): the seat is the
unit. Ann's move is answered on Ann's page, so Ann's stream does not send that table again; Ben's
page still gets Ann's move on his stream, and so does a page of Ann's without an id."""

from __future__ import annotations

import re

import pytest
from django.test import Client, RequestFactory
from django.utils import translation

from mogel.play.models import PracticeGame

from ..platform.play_helpers import sse_events
from .helpers import started, table_url, version_of
from .test_go_on import held  # noqa: F401  (a fixture)
from .test_tables import fast  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db

ANN, BEN = "a1b2c3d4e5f60718293a4b5c", "0f1e2d3c4b5a69788796a5b4"


def source_of(client, table, page=None):
    """The stream's source the page of ``client`` (with the id ``page``) gets, stepped by hand."""
    from mogel.friends import views

    params = {"version": 0, **({"page": page} if page else {})}
    request = RequestFactory().get(table_url(table) + "stream/", params)
    request.session, request.htmx = client.session, False
    with translation.override("en"):
        return views._source(request, table.code)


def tables(update) -> list[dict]:
    return [e for e in sse_events(update.message or "") if e["event"] in ("redraw", "table", "resume", "patch")]


def _actions(html):
    return [a for a in re.findall(r'name="action" value="([^"]+)"', html) if not a.startswith(("catch", "cheat"))]


def _mover(people, table, clock, streams):
    """The first person whose table offers a move (the streams step while the bots play)."""
    for _ in range(200):
        for client, page in people:
            html = client.get(table_url(table), HTTP_HX_REQUEST="true").content.decode()
            if _actions(html):
                return client, page, html
        clock.tick(300)
        for source in streams:
            source.later()
    raise AssertionError("no person's table offered a move")


def _move(client, table, html, page):
    action = _actions(html)[0]
    form = {"action": action, "version": version_of(html)}
    if action.startswith("give "):
        form["to"] = re.search(r'name="to" value="(\d)"', html).group(1)
    headers = {"HTTP_X_TABLE_PAGE": page} if page else {}
    answer = client.post(table_url(table) + "act/", form, HTTP_HX_REQUEST="true", **headers)
    assert answer.status_code == 200, answer.content[:300]
    return version_of(answer.content.decode())


def _heard(source, table):
    return source.later(heard=PracticeGame.objects.get(pk=table.game_id).version)


@pytest.mark.parametrize("players", [3, 4])
def test_the_movers_page_is_not_sent_its_own_move_and_the_others_are(fast, clock, players):
    ann = Client()
    table, [ben] = started(ann, "Ben", players=players)
    people = [(ann, ANN), (ben, BEN)]
    streams = {page: source_of(client, table, page) for client, page in people}
    for source in streams.values():
        source.first()
    for _round in range(3):   # three moves, whoever's they are
        mover, page, html = _mover(people, table, clock, list(streams.values()))
        other = BEN if page == ANN else ANN
        answered = _move(mover, table, html, page)
        assert tables(_heard(streams[page], table)) == []
        assert streams[page].sent == answered
        [pushed] = tables(_heard(streams[other], table))
        assert pushed["event"] in ("table", "patch") and pushed["id"] == str(streams[other].sent)


def test_a_movers_page_without_an_id_or_another_tab_of_theirs_gets_the_table(fast, clock):
    ann = Client()
    table, [ben] = started(ann, "Ben")
    without, other_tab = source_of(ann, table), source_of(ann, table, "ffffffffffffffffffffffff")
    other_ben = source_of(ben, table, BEN)
    for source in (without, other_tab, other_ben):
        source.first()
    mover, page, html = _mover([(ann, ANN), (ben, BEN)], table, clock, [without, other_tab, other_ben])
    answered = _move(mover, table, html, page)
    streams = (without, other_tab) if mover is ann else (other_ben,)
    for source in streams:
        [pushed] = tables(_heard(source, table))
        assert pushed["id"] == str(answered)


@pytest.mark.parametrize("forged", ["nope", "../x", "<b>", "a" * 40])
def test_a_forged_page_id_at_a_friends_table_is_ignored_and_never_a_500(fast, clock, forged):
    ann = Client()
    table, [ben] = started(ann, "Ben")
    source = source_of(ann, table, forged)
    assert source.page is None
    source.first()
    for client in (ann, ben):
        assert client.get(table_url(table) + "poll/", {"version": 0, "page": forged}, HTTP_HX_REQUEST="true",
                          HTTP_X_TABLE_PAGE=forged).status_code in (200, 204)
    mover, _page, html = _mover([(ann, forged), (ben, forged)], table, clock, [source])
    _move(mover, table, html, forged)
    assert PracticeGame.objects.get(pk=table.game_id).answered == ""


def test_the_last_persons_go_on_is_not_echoed_to_them_and_ends_the_hold_on_the_others_page(held, clock):
    """The mark names the hold too: the hold that ends later without a new version (the last
    person went on) is news for a page whose own "go on" was answered while it was still held."""
    from .test_go_on import go_on, page

    table, ann, ben = held
    ann_stream, ben_stream = source_of(ann, table, ANN), source_of(ben, table, BEN)
    for source in (ann_stream, ben_stream):
        source.first()
    assert go_on(ann, table, page(ann, table), headers={"HTTP_X_TABLE_PAGE": ANN}).status_code == 200
    assert tables(ann_stream.later()) == [] and tables(ben_stream.later()) == []
    assert go_on(ben, table, page(ben, table), headers={"HTTP_X_TABLE_PAGE": BEN}).status_code == 200
    assert not PracticeGame.objects.get(pk=table.game_id).hold
    assert tables(ben_stream.later()) == [], "Ben's own answer showed the scores gone"
    [pushed] = tables(ann_stream.later())
    assert pushed["event"] == "resume" and 'id="btn-continue"' not in pushed["data"]


def test_a_hold_that_ends_after_the_movers_answer_is_sent_to_the_mover(held, clock, settings):
    """Ann went on (answered: still held); then Ben's grace ran out and a bot went on for him,
    ending the hold in a save that answered no page: Ann's page is sent the table going on."""
    from .test_go_on import go_on, page

    table, ann, ben = held
    ann_stream = source_of(ann, table, ANN)
    ann_stream.first()
    assert go_on(ann, table, page(ann, table), headers={"HTTP_X_TABLE_PAGE": ANN}).status_code == 200
    assert tables(ann_stream.later()) == []
    settings.MOGEL_FRIENDS_GRACE_MS = 2000
    clock.tick(3000)
    [pushed] = tables(ann_stream.later())   # this step lets the bot go on for Ben
    assert not PracticeGame.objects.get(pk=table.game_id).hold
    assert 'id="btn-continue"' not in pushed["data"] and "Still waiting" not in pushed["data"]


def test_after_the_echo_the_movers_next_news_is_the_whole_table(fast, clock):
    """Ann's page shows her move's answer, which her stream never sent: the next news on her
    stream (a bot's move or Ben's) is the whole table, never a patch against the table her
    stream sent before (docs/push.md, "Order")."""
    ann = Client()
    table, [ben] = started(ann, "Ben", players=3)
    people = [(ann, ANN), (ben, BEN)]
    streams = {page: source_of(client, table, page) for client, page in people}
    for source in streams.values():
        source.first()
    for _ in range(20):
        mover, page, html = _mover(people, table, clock, list(streams.values()))
        if page == ANN:
            break
        _move(mover, table, html, page)
    _move(ann, table, html, ANN)
    assert tables(_heard(streams[ANN], table)) == []
    for _ in range(200):
        news = tables(streams[ANN].later())
        if news:
            break
        html = ben.get(table_url(table), HTTP_HX_REQUEST="true").content.decode()
        if _actions(html):
            _move(ben, table, html, BEN)
            news = tables(_heard(streams[ANN], table))
            if news:
                break
        clock.tick(300)
    assert news and news[0]["event"] == "table", news
