"""Presence on each seat of the game's table, both games: here, away (silent a while, the game
waits), a bot plays (after the grace), a bot; as text a screen reader reads with the name, in
each language; never on a practice game's seats."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.games.mogel_motte.site.test_play import start

from ..platform.dom import parse
from .helpers import started, table_url
from .test_tables import fast  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db

def on_seats(html):
    """{seat number: (state, its words without markup)} as the page's seats show them."""
    return {int(el.attrs["id"].rsplit("-", 1)[1]): (el.attrs["data-presence"], words(el))
            for el in parse(html).walk() if el.attrs.get("id", "").startswith("seat-presence-")}


def words(el) -> str:
    return " ".join(text(el).split())


def text(el) -> str:
    return "".join(k if isinstance(k, str) else text(k) for k in el.kids)


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
def test_each_seat_shows_who_is_here_who_is_away_and_where_a_bot_plays(fast, clock, kind):
    ann = Client()
    table, (ben,) = started(ann, "Ben", kind=kind)
    seats = on_seats(ann.get(table_url(table)).content.decode())
    assert seats == {0: ("here", "here"), 1: ("here", "here"), 2: ("bot", "bot")}
    clock.tick(15_000)  # Ben's page silent, within the grace: the game waits for him
    seats = on_seats(ann.get(table_url(table)).content.decode())
    assert seats[1] == ("away", "away · bot in 45 s") and seats[0][0] == "here"
    clock.tick(50_000)  # past the grace: a bot plays Ben's seat until he comes back
    assert on_seats(ann.get(table_url(table)).content.decode())[1] == ("bot-plays", "a bot plays")
    ben.get(table_url(table))
    assert on_seats(ann.get(table_url(table)).content.decode())[1] == ("here", "here")


def test_the_seats_poll_changes_the_presence_on_the_seats_in_place(fast, clock):
    """While the game waits at Ben's turn nothing redraws the table: the poll of who is at the
    table sends each seat's presence to swap in place."""
    ann = Client()
    table, (_ben,) = started(ann, "Ben")
    clock.tick(15_000)
    answer = ann.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true").content.decode()
    badge = re.search(r'<span [^>]*id="seat-presence-1"[^>]*>', answer)
    assert badge and 'hx-swap-oob="true"' in badge.group(0) and 'data-presence="away"' in badge.group(0)
    assert 'id="seat-presence-2"' in answer and 'id="seat-presence-0"' in answer


@pytest.mark.parametrize("lang, away", [("de", "weg · Bot in 45 s"), ("fr", "pas là · bot dans 45 s"),
                                        ("nl", "weg · bot over 45 s"), ("it", "assente · bot tra 45 s")])
def test_the_presence_on_the_seat_is_translated(fast, clock, lang, away):
    ann = Client()
    table, (_ben,) = started(ann, "Ben", kind="mogelei")
    clock.tick(15_000)
    with translation.override(lang):
        url = reverse("friends:table", kwargs={"code": table.code})
    assert on_seats(ann.get(url).content.decode())[1] == ("away", away)


def test_a_practice_games_seats_show_no_presence(client, fast):
    page = client.get(start(client)).content.decode()
    assert "data-presence" not in page
