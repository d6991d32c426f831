"""Each person in their own language at one table (issue 30): the invite names no language,
every page, poll, stream and refusal a seat or a spectator gets is in that person's language,
switching language keeps the seat, and the waiting room shows each seat's language."""

import asyncio
import io
import re

import pytest
import segno
from django.test import AsyncClient, Client
from django.urls import reverse
from django.utils import translation

from mogel.friends.models import Seat, Table

from ..platform.play_helpers import run_async, sse_events
from .helpers import OWN, message_of, version_of
from .languages import foreign, languages_of
from .test_stream import read
from .test_tables import fast  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db

PREFIX = {"de": "/de/freunde/", "en": "/en/friends/", "fr": "/fr/amis/", "nl": "/nl/vrienden/", "it": "/it/amici/"}


@pytest.fixture
def quick(fast):
    """test_tables' fast table; nobody is gone while the test client plays, a stream sends its first events only."""
    fast.MOGEL_FRIENDS_GRACE_MS = 600_000
    fast.MOGEL_PUSH_LIFETIME_S = 0
    return fast


def at(table, lang):
    return f"{PREFIX[lang]}{table.code}/"


def in_language(fragment, lang):
    """The fragment speaks ``lang`` and no other of the site's languages."""
    assert not foreign(fragment, lang), foreign(fragment, lang)
    return fragment


def mixed_table(kind="mogel-motte", spectators=True):
    """Ann hosts in English, Ben sits down in German, Chloé in French; a spectator reads Italian."""
    ann, ben, chloe = Client(), Client(), Client()
    data = {"name": "Ann", "players": 4, "level": "normal", "pace": "normal", **OWN[kind]}
    if spectators:
        data["spectators"] = "on"
    response = ann.post(f"{PREFIX['en']}new/{kind}/", data)
    table = Table.objects.get(code=response.url.rstrip("/").split("/")[-1])
    for client, name, lang in ((ben, "Ben", "de"), (chloe, "Chloé", "fr")):
        # Sitting down leads to the table's page, as a browser follows it.
        assert client.post(at(table, lang) + "sit/", {"name": name}, follow=True).status_code == 200
    ann.get(at(table, "en"))
    ann.post(at(table, "en") + "host/", {"op": "bot", "seat": "all"})
    return table, {"en": ann, "de": ben, "fr": chloe}


def path(name, lang, **kwargs):
    with translation.override(lang):
        return reverse(f"friends:{name}", kwargs=kwargs)


# -- the invite names no language --------------------------------------------------------------------

def test_the_invite_link_qr_code_and_join_address_name_no_language(quick):
    table, people = mixed_table()
    room = people["en"].get(at(table, "en")).content.decode()
    link = f"http://testserver/t/{table.code}/"
    assert f'id="invite-link">{link}</a>' in room and "http://testserver/t/</span>" in room
    assert 'href="http://testserver/t/"' in room
    # The QR code is the same link.
    qr = people["en"].get(at(table, "en") + "qr.svg").content.decode()
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False, svgns=True,
                                     title="Invite link")
    assert qr == out.getvalue().decode()


@pytest.mark.parametrize("cookie, accept, lang", [
    (None, "fr-CH,fr;q=0.9,en;q=0.5", "fr"),
    (None, "nl", "nl"),
    ("it", "de", "it"),       # the language the person chose on the site wins over the browser's
    (None, "", "de"),         # nothing said: German
    (None, "pt-BR,es", "de"),
])
def test_the_invite_opens_the_table_in_the_visitors_own_language(quick, cookie, accept, lang):
    table, _people = mixed_table()
    visitor = Client(HTTP_ACCEPT_LANGUAGE=accept)
    if cookie:
        visitor.cookies["django_language"] = cookie
    response = visitor.get(f"/t/{table.code}/")
    assert response.status_code == 302 and response.url == at(table, lang)
    # The next visitor of the same link may go elsewhere: nothing keeps this answer for them.
    assert {"Cookie", "Accept-Language"} <= {v.strip() for v in response["Vary"].split(",")}
    assert "private" in response["Cache-Control"]
    page = visitor.get(response.url).content.decode()
    assert f'<html lang="{lang}">' in page and lang in languages_of(page)
    in_language(page, lang)
    assert visitor.get("/t/").url == path("join", lang)
    # A chat app's link preview asks with HEAD: the same answer.
    assert visitor.head(f"/t/{table.code}/").url == at(table, lang)
    # Typed by hand: without the last slash, in small letters.
    assert visitor.get(f"/t/{table.code.lower()}", follow=True).redirect_chain[-1][0] == at(table, lang).lower()


def test_an_unknown_code_by_the_invite_address_is_said_in_the_visitors_language(quick):
    visitor = Client(HTTP_ACCEPT_LANGUAGE="it")
    response = visitor.get("/t/ZZZZZZ/", follow=True)
    assert response.status_code == 404 and response.redirect_chain[-1][0] == "/it/amici/ZZZZZZ/"
    assert message_of(response.content.decode()).startswith("Non c’è nessun tavolo")


def test_an_old_invite_with_a_language_keeps_working_in_its_language(quick):
    table, _people = mixed_table()
    page = Client(HTTP_ACCEPT_LANGUAGE="de").get(at(table, "en"))
    assert page.status_code == 200 and "This table is full" in page.content.decode()
    in_language(page.content.decode(), "en")


# -- each person in their own language ----------------------------------------------------------------

def stream_of(client, table, lang, **params):
    response = client.get(at(table, lang) + "stream/", params)
    assert response.status_code == 200, response.content[:500]
    return sse_events(read(response))


def each_reads_their_own(table, people, what):
    """Every person's page, poll and stream (every event of it) speaks their language only."""
    for lang, client in people.items():
        page = client.get(at(table, lang)).content.decode()
        assert f'<html lang="{lang}">' in page and lang in languages_of(page), (what, lang)
        in_language(page, lang)
        for message in stream_of(client, table, lang, version=0):
            in_language(message["data"], lang)
        if table.started:
            poll = client.get(at(table, lang) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true")
            assert lang in languages_of(in_language(poll.content.decode(), lang)), (what, lang)


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
def test_each_person_at_one_table_reads_every_page_poll_and_stream_in_their_own_language(quick, clock, kind):
    table, people = mixed_table(kind)
    each_reads_their_own(table, people, "the waiting room")
    people["en"].post(at(table, "en") + "host/", {"op": "start"})
    people["it"] = Client()   # a spectator
    table.refresh_from_db()
    each_reads_their_own(table, people, "the game")
    # A refusal: the spectator may not move, a move that is no move is explained.
    refused = people["it"].post(at(table, "it") + "act/", {"action": "x", "version": 0}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 403 and "it" in languages_of(in_language(refused.content.decode(), "it"))
    bad = people["fr"].post(at(table, "fr") + "act/", {"version": "nope"}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 400 and in_language(bad.content.decode(), "fr")
    play_out(table, {0: (people["en"], "en"), 1: (people["de"], "de"), 2: (people["fr"], "fr")}, clock)
    each_reads_their_own(table, people, "the summary")
    for lang, client in people.items():
        replay = client.get(path("replay", lang, code=table.code))
        assert replay.status_code == 200 and lang in languages_of(in_language(replay.content.decode(), lang))


def test_play_again_moves_each_page_to_the_rematch_in_its_own_language(quick, clock):
    asker = "fr"   # a guest, not the host: whoever asks, each page follows in its own language
    table, people = mixed_table("mogelei")
    people["en"].post(at(table, "en") + "host/", {"op": "start"})
    people["it"] = Client()
    table.refresh_from_db()
    play_out(table, {0: (people["en"], "en"), 1: (people["de"], "de"), 2: (people["fr"], "fr")}, clock)
    response = people[asker].post(at(table, asker) + "again/")
    table.refresh_from_db()
    assert response.url == at(table.rematch, asker)
    for lang, client in people.items():
        *_table, moving, _close = stream_of(client, table, lang, version=0)
        assert moving["event"] == "go" and moving["data"] == at(table.rematch, lang)
        followed = client.get(at(table, lang) + "seats/", HTTP_HX_REQUEST="true")
        assert followed["HX-Redirect"] == at(table.rematch, lang)
    # The rematch's seats keep each person's language.
    assert {s.name: s.language for s in table.rematch.seats.all() if not s.bot} == {
        "Ann": "en", "Ben": "de", "Chloé": "fr"}


def play_out(table, people, clock, max_requests=3000):
    """Every person plays the first move their page offers, polling while bots move."""
    from mogel.play.models import PracticeGame
    pages = {seat: c.get(at(table, lang)).content.decode() for seat, (c, lang) in people.items()}
    for _ in range(max_requests):
        if PracticeGame.objects.get(pk=table.game_id).over:
            return pages
        for seat, (c, lang) in people.items():
            offered = re.findall(r'name="action" value="([^"]+)"', pages[seat])
            if offered:
                response = c.post(at(table, lang) + "act/", {"action": offered[0], "version": version_of(pages[seat])},
                                  HTTP_HX_REQUEST="true")
            else:
                response = c.get(at(table, lang) + "poll/", {"version": version_of(pages[seat])},
                                 HTTP_HX_REQUEST="true")
            if response.status_code != 204:
                pages[seat] = in_language(response.content.decode(), lang)
        clock.tick(300)
    raise AssertionError("the game did not end")


# -- switching language keeps the seat ----------------------------------------------------------------

def switch(client, page, lang):
    """The site's language switcher, pressed on ``page``: where it lands."""
    response = client.post("/i18n/setlang/", {"language": lang, "next": page})
    assert response.status_code == 302
    return response.url


def test_switching_language_in_the_waiting_room_keeps_the_seat_and_shows_the_new_language(quick):
    table, people = mixed_table()
    landed = switch(people["de"], at(table, "de"), "nl")
    assert landed == at(table, "nl")
    room = people["de"].get(landed).content.decode()
    assert 'friends__seat friends__seat--mine" data-seat="1"' in room and "nl" in languages_of(room)
    in_language(room, "nl")
    assert Seat.objects.get(table=table, name="Ben").language == "nl"
    host_room = people["en"].get(at(table, "en")).content.decode()
    assert re.search(r'data-language="nl" aria-label="Reads Dutch" title="Reads Dutch">NL<', host_room)


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
def test_switching_language_mid_game_keeps_the_seat_and_its_hand(quick, kind):
    table, people = mixed_table(kind)
    people["en"].post(at(table, "en") + "host/", {"op": "start"})
    before = people["fr"].get(at(table, "fr")).content.decode()
    hand = sorted(re.findall(r'data-card="([^"]+)"', before))
    landed = switch(people["fr"], at(table, "fr"), "it")
    assert landed == at(table, "it")
    after = people["fr"].get(landed).content.decode()
    assert sorted(re.findall(r'data-card="([^"]+)"', after)) == hand and "it" in languages_of(after)
    in_language(after, "it")
    # The same seat's stream and moves, now in Italian.
    [redraw, seats] = stream_of(people["fr"], table, "it", version=0)
    assert 'friends__who--me" data-seat="2"' in in_language(seats["data"], "it")
    assert Seat.objects.get(table=table, name="Chloé").language == "it"
    # The replay, and a finished game's summary, switch too: the switcher translates any table address.
    assert switch(people["fr"], path("replay", "it", code=table.code), "de") == path("replay", "de", code=table.code)


# -- the waiting room shows who reads what -------------------------------------------------------------

def test_the_waiting_room_shows_each_persons_language_to_everyone_in_their_own_words(quick):
    table, people = mixed_table()
    seats = {s.name: s.language for s in table.seats.all()}
    assert seats == {"Ann": "en", "Ben": "de", "Chloé": "fr", "Lucy": ""}
    host_room = people["en"].get(at(table, "en")).content.decode()
    badges = re.findall(r'data-language="(\w+)" aria-label="([^"]+)"[^>]*>(\w+)<', host_room)
    assert badges == [("en", "Reads English", "EN"), ("de", "Reads German", "DE"), ("fr", "Reads French", "FR")]
    french_room = people["fr"].get(at(table, "fr")).content.decode()
    badges = re.findall(r'data-language="(\w+)" aria-label="([^"]+)"[^>]*>(\w+)<', french_room)
    assert badges == [("en", "Lit en anglais", "EN"), ("de", "Lit en allemand", "DE"), ("fr", "Lit en français", "FR")]
    # A bot reads nothing: no badge on its seat.
    assert len(re.findall(r'class="friends__seat[ "]', host_room)) == 4


def test_a_seats_language_follows_its_persons_stream_with_its_contact(quick, clock):
    """A stream writes the language with the contact it notes (two tabs in two languages do not
    write at every beat); a page loaded in another language writes it at once."""
    table, people = mixed_table()
    stream_of(people["de"], table, "it")
    assert Seat.objects.get(table=table, name="Ben").language == "de"
    clock.tick(3_000)
    stream_of(people["de"], table, "it")
    assert Seat.objects.get(table=table, name="Ben").language == "it"
    people["de"].get(at(table, "de"))
    assert Seat.objects.get(table=table, name="Ben").language == "de"


@pytest.mark.django_db(transaction=True)
def test_under_asgi_streams_of_one_table_opened_at_once_each_speak_their_own_language(quick):
    """As production serves them: each stream's steps run in other threads, in its own language."""
    table, people = mixed_table("mogelei")
    people["en"].post(at(table, "en") + "host/", {"op": "start"})

    async def opened(lang):
        streaming = AsyncClient()
        streaming.cookies = people[lang].cookies
        response = await streaming.get(at(table, lang) + "stream/", {"version": 0})
        return b"".join([chunk async for chunk in response.streaming_content]).decode()

    async def all_at_once():
        return await asyncio.gather(*(opened(lang) for lang in people))
    for lang, text in zip(people, run_async(all_at_once)):
        redraw, seats = sse_events(text)
        assert lang in languages_of(in_language(redraw["data"], lang)) and in_language(seats["data"], lang)
