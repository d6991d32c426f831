"""Guessed table codes (docs/friends.md, "Safe at once, codes under abuse"): misses are counted
per client address, in the database's shared cache; past the cap every code that address names
is refused with a translated 429, hit or miss, except the tables its browser has a seat at.
Hits are not counted."""

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client

from mogel.friends import guesses

from .helpers import create, sit, table_url

CAP = 5
# Codes no table has (the table's own code is drawn at random: these are checked below).
MISSES = [f"BBB{n}{n}{n}" for n in range(2, 2 + CAP)]


@pytest.fixture
def capped(settings, monkeypatch, db):
    settings.MOGEL_CODE_MISSES_PER_WINDOW = CAP
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    # One window for the whole test: a test that ran across a window's end would count from 0.
    monkeypatch.setattr(guesses, "now_s", lambda: 1_000_000.0)
    caches[guesses.CACHE].clear()
    return settings


def miss_every_way(client, lang="en"):
    """A miss through each address that names a code: the join form, the invite link, a poll, a stream."""
    prefix = f"/{lang}/friends/" if lang == "en" else "/de/freunde/"
    first, second, third, fourth, fifth = MISSES
    answers = [client.post(prefix, {"code": first}).status_code,
               client.get(f"{prefix}{second}/").status_code,
               client.get(f"{prefix}{third}/poll/", {"version": 0}).status_code,
               client.get(f"{prefix}{fourth}/stream/").status_code,
               client.post(f"{prefix}{fifth}/sit/", {"name": "Eve"}).status_code]
    return answers


@pytest.mark.parametrize("lang, text", [("en", "Too many wrong table codes"), ("de", "Zu viele falsche Tisch-Codes")])
def test_an_address_that_misses_too_often_is_refused_hit_or_miss(client, capped, lang, text):
    table = create(client)
    assert table.code not in MISSES
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    assert miss_every_way(guesser, lang) == [404] * CAP
    prefix = f"/{lang}/friends/" if lang == "en" else "/de/freunde/"
    for answer in (guesser.get(f"{prefix}{MISSES[0]}/"), guesser.get(f"{prefix}{table.code}/"),
                   guesser.post(prefix, {"code": table.code})):
        assert answer.status_code == 429 and text in answer.content.decode()
        assert 0 < int(answer["Retry-After"]) <= guesses.WINDOW_S
    # Another address is not held up by this one's guesses.
    assert Client(REMOTE_ADDR="198.51.100.2").get(table_url(table, lang)).status_code == 200


def test_a_seat_at_the_table_is_kept_by_a_browser_whose_network_missed(client, capped):
    table = create(client)
    ben = sit("Ben", table)
    miss_every_way(Client())   # the same address as Ben's (the test client's)
    assert Client().get(table_url(table)).status_code == 429
    assert ben.get(table_url(table)).status_code == 200
    assert client.get(table_url(table) + "room/").status_code == 200


def test_hits_are_not_counted(client, capped):
    table = create(client)
    for _ in range(CAP * 3):
        assert Client().get(table_url(table)).status_code == 200
    assert Client().get(f"/en/friends/{MISSES[0]}/").status_code == 404


def test_the_count_is_kept_in_the_database_for_every_app_server(client, capped):
    Client().get(f"/en/friends/{MISSES[0]}/")
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM mogel_shared_cache")
        assert cursor.fetchone()[0] == 1
