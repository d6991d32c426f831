"""Who sits down, and who gets up (docs/friends.md, "Safe at once, codes under abuse"): a code alone
never seats a stranger where the host lets each guest in (the host chooses it when creating the
table or in the waiting room; a visitor then asks, sees no names, and sits down only once the host
lets them in); a guest may leave the waiting room, the host's seat stays."""

import pytest
from django.test import Client

from mogel.friends.models import Seat, Table

from .helpers import create, host, message_of, sit, table_url


@pytest.fixture
def fast(settings, db):
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    return settings


def seated(table):
    return list(Seat.objects.filter(table=table).order_by("number").values_list("name", flat=True))


def ask(table, name, lang="en"):
    client = Client()
    response = client.post(table_url(table, lang) + "sit/", {"name": name})
    assert response.status_code == 302, response.content.decode()[:2000]
    return client


def asker_id(table, name):
    table.refresh_from_db()
    return next(a["hash"][:16] for a in table.asking if a["name"] == name)


@pytest.mark.parametrize("lang, asked, waiting", [
    ("en", "You asked to sit down as Cleo", "once the host has let you in"),
    ("de", "Du hast als Cleo um einen Platz gebeten", "sobald du an den Tisch gelassen wurdest")])
def test_a_visitor_with_the_code_asks_and_sits_only_once_let_in(client, fast, lang, asked, waiting):
    table = create(client, lang=lang, ask_first="on")
    assert not table.open_to_link
    stranger = Client()
    page = stranger.get(table_url(table, lang)).content.decode()
    assert "Ann" not in page and waiting in page
    cleo = ask(table, "Cleo", lang)
    assert seated(table) == ["Ann"]
    page = cleo.get(table_url(table, lang)).content.decode()
    assert asked in page and 'id="btn-sit"' not in page
    room = client.get(table_url(table, lang)).content.decode()
    assert "Cleo" in room and 'value="admit"' in room
    assert host(client, table, "admit", lang=lang, who=asker_id(table, "Cleo")).status_code == 302
    assert seated(table) == ["Ann", "Cleo"]
    page = cleo.get(table_url(table, lang)).content.decode()
    assert 'friends__seat--mine' in page and "Ann" in page


def test_a_visitor_turned_away_cannot_ask_again(client, fast):
    table = create(client, ask_first="on")
    dan = ask(table, "Dan")
    who = asker_id(table, "Dan")
    assert host(client, table, "turn_away", who=who).status_code == 302
    # A double-click: the second finds it answered, said in words.
    second = host(client, table, "turn_away", who=who)
    assert second.status_code == 409 and "already been answered" in message_of(second.content.decode())
    assert dan.get(table_url(table)).status_code == 403
    assert seated(table) == ["Ann"] and Table.objects.get(pk=table.pk).asking == []


def test_only_the_host_lets_in_and_opens_the_table(client, fast):
    table = create(client, ask_first="on")
    ask(table, "Cleo")
    ben = ask(table, "Ben")
    who = asker_id(table, "Cleo")
    assert host(ben, table, "admit", who=who).status_code == 403
    assert host(ben, table, "open", open="1").status_code == 403
    assert seated(table) == ["Ann"]
    assert host(client, table, "open", open="1").status_code == 302
    # Open to the link: the next visitor sits down at once; those who asked still wait for the host.
    Client().post(table_url(table) + "sit/", {"name": "Eve"})
    assert seated(table) == ["Ann", "Eve"]
    assert host(client, table, "open", open="0").status_code == 302
    Client().post(table_url(table) + "sit/", {"name": "Finn"})
    assert seated(table) == ["Ann", "Eve"]


def test_an_open_table_seats_a_visitor_with_the_link_as_before(client, fast):
    table = create(client)
    assert table.open_to_link
    Client().post(table_url(table) + "sit/", {"name": "Ben"})
    assert seated(table) == ["Ann", "Ben"]


@pytest.mark.parametrize("lang, text", [("en", "seat cannot be freed"), ("de", "bleibt besetzt")])
def test_a_guest_leaves_and_the_seat_is_free_again_but_the_host_stays(client, fast, lang, text):
    table = create(client)
    ben = sit("Ben", table)
    assert 'id="btn-leave"' in ben.get(table_url(table, lang)).content.decode()
    assert ben.post(table_url(table, lang) + "leave/").status_code == 302
    assert seated(table) == ["Ann"]
    assert 'id="btn-sit"' in ben.get(table_url(table, lang)).content.decode()
    response = client.post(table_url(table, lang) + "leave/")
    assert response.status_code == 400 and text in message_of(response.content.decode())
    sit("Cleo", table, client=Client())
    assert seated(table) == ["Ann", "Cleo"]
