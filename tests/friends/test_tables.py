"""Tables for friends through the Django test client: create, invite, sit down, the host's
powers, every bad input (a clear translated message, the table unchanged), presence, the grace
time and a bot playing for a person who left, spectators and "Play again"."""

import re

import pytest
from django.test import Client

from mogel.friends.models import CODE_LETTERS, Seat, Table
from mogel.play import service as play
from mogel.play.models import PracticeGame

from .helpers import PREFIX, create, host, message_of, sit, started, table_url, version_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def fast(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_PLAY_SEED = 4242
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    settings.MOGEL_FRIENDS_GRACE_MS = 60_000
    return settings


def seats_of(table):
    return [(s.number, s.name, s.bot, s.host) for s in Seat.objects.filter(table=table).order_by("number")]


def game_of(table):
    table.refresh_from_db()
    return play.load(PracticeGame.objects.get(pk=table.game_id)).game


def html(response):
    return response.content.decode()


# -- create and invite -----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
def test_each_game_offers_play_with_friends_and_the_host_gets_link_qr_code_and_a_code_to_read_out(client, fast, kind):
    lobby = {"mogel-motte": "/en/play/", "mogelei": "/en/mogelei/play/"}[kind]
    assert f'href="/en/friends/new/{kind}/"' in html(client.get(lobby))
    page = client.get(f"/en/friends/new/{kind}/")
    assert page.status_code == 200 and 'name="spectators"' in html(page)
    table = create(client, kind=kind, players=4)
    assert len(table.code) == 6 and set(table.code) <= set(CODE_LETTERS)
    assert not set(table.code) & set("0O1IL")
    room = html(client.get(table_url(table)))
    # The link names no language: each friend opens it in their own (test_languages.py).
    assert f"http://testserver/t/{table.code}/" in room
    assert f'src="/en/friends/{table.code}/qr.svg"' in room
    assert f"{table.code[:3]} {table.code[3:]}" in room
    qr = client.get(table_url(table) + "qr.svg")
    assert qr["Content-Type"] == "image/svg+xml" and html(qr).lstrip().startswith("<svg")
    assert seats_of(table) == [(0, "Ann", False, True)]


def test_the_seat_count_stays_in_the_games_range(client, fast):
    response = client.post("/en/friends/new/mogel-motte/", {"name": "Ann", "players": 6, "level": "normal",
                                                            "rounds": "single", "first_guard": "me",
                                                            "ant_pile": "discard"})
    assert response.status_code == 400 and not Table.objects.exists()


def test_a_guest_opens_the_link_sits_down_and_the_waiting_room_shows_them(client, fast):
    table = create(client)
    guest = Client()
    page = html(guest.get(table_url(table)))
    assert 'action="/en/friends/%s/sit/"' % table.code in page and "qr.svg" not in page
    sit("Ben", table, client=guest)
    assert seats_of(table) == [(0, "Ann", False, True), (1, "Ben", False, False)]
    room = html(client.get(table_url(table) + "room/", HTTP_HX_REQUEST="true"))
    assert "Ben" in room
    assert "You are seated" in html(guest.get(table_url(table)))


@pytest.mark.parametrize("typed", ["{code}", "{lower}", "{a} {b}"])
def test_a_code_typed_on_the_join_page_leads_to_the_table(client, fast, typed):
    table = create(client)
    code = typed.format(code=table.code, lower=table.code.lower(), a=table.code[:3], b=table.code[3:])
    response = Client().post("/en/friends/", {"code": code})
    assert response.status_code == 302 and response.url == table_url(table)


# -- bad input: a clear translated message and an unchanged table ---------------------------------

@pytest.mark.parametrize("lang, text", [("en", "There is no table with that code"),
                                        ("de", "Es gibt keinen Tisch mit diesem Code")])
def test_a_wrong_code_is_explained(client, fast, lang, text):
    create(client)
    response = Client().post(PREFIX[lang], {"code": "ZZZZZZ"})
    assert response.status_code == 404 and text in html(response)
    assert Client().get(PREFIX[lang] + "ZZZZZZ/").status_code == 404


@pytest.mark.parametrize("lang, text", [("en", "This table is full"), ("de", "Dieser Tisch ist voll")])
def test_a_full_table_takes_nobody_more(client, fast, lang, text):
    table = create(client, players=3)
    sit("Ben", table)
    sit("Cleo", table)
    before = seats_of(table)
    response = Client().post(table_url(table, lang) + "sit/", {"name": "Dan"})
    assert response.status_code == 409 and text in message_of(html(response))
    assert seats_of(table) == before


@pytest.mark.parametrize("lang, text", [("en", "already has that name"), ("de", "hat schon diesen Namen")])
@pytest.mark.parametrize("name", ["Ben", "ben ", "BEN"])
def test_a_name_taken_at_the_table_is_refused(client, fast, lang, text, name):
    table = create(client)
    sit("Ben", table)
    before = seats_of(table)
    response = Client().post(table_url(table, lang) + "sit/", {"name": name})
    assert response.status_code == 409 and text in message_of(html(response))
    assert seats_of(table) == before


@pytest.mark.parametrize("lang, text", [("en", "Only the host can do that"), ("de", "Nur wer den Tisch")])
@pytest.mark.parametrize("op, data", [("start", {}), ("bot", {"seat": "2"}), ("remove", {"seat": "0"}),
                                      ("move", {"seat": "0", "to": "2"})])
def test_a_guest_cannot_use_the_hosts_powers(client, fast, lang, text, op, data):
    table = create(client)
    ben = sit("Ben", table)
    before = seats_of(table)
    response = host(ben, table, op, lang=lang, **data)
    assert response.status_code == 403 and text in message_of(html(response))
    assert seats_of(table) == before
    table.refresh_from_db()
    assert not table.started


@pytest.mark.parametrize("lang, text", [("en", "This seat is not yours"), ("de", "Dieser Platz gehört nicht dir")])
def test_a_forged_secret_owns_no_seat(client, fast, lang, text):
    table, _guests = started(client, "Ben")
    forger = Client()
    session = forger.session
    session["friends"] = {table.pk: "forged-secret-that-matches-no-hash"}
    session.save()
    version = PracticeGame.objects.get(pk=table.game_id).version
    response = forger.post(table_url(table, lang) + "act/", {"action": "draw", "version": 0},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 403 and text in message_of(html(response))
    assert host(forger, table, "start", lang=lang).status_code == 403
    assert PracticeGame.objects.get(pk=table.game_id).version == version


@pytest.mark.parametrize("lang, text", [("en", "only play for your own seat"), ("de", "nur für deinen eigenen Platz")])
def test_acting_for_another_seat_is_refused(client, fast, lang, text):
    table, (ben,) = started(client, "Ben")
    row = PracticeGame.objects.get(pk=table.game_id)
    page = html(ben.get(table_url(table, lang)))
    response = ben.post(table_url(table, lang) + "act/", {"action": "draw", "version": version_of(page), "seat": "0"},
                        HTTP_HX_REQUEST="true")
    assert response.status_code == 403 and text in message_of(html(response))
    assert PracticeGame.objects.get(pk=table.game_id).state == row.state


@pytest.mark.parametrize("lang, text", [("en", "already started"), ("de", "hat schon begonnen")])
def test_a_table_that_started_takes_no_new_guest_and_no_host_changes(client, fast, lang, text):
    table, _guests = started(client, "Ben")
    before = seats_of(table)
    response = Client().post(table_url(table, lang) + "sit/", {"name": "Dan"})
    assert response.status_code == 409 and text in message_of(html(response))
    for op, data in [("bot", {"seat": "2"}), ("remove", {"seat": "1"}), ("move", {"seat": "0", "to": "1"})]:
        response = host(client, table, op, lang=lang, **data)
        assert response.status_code == 409 and text in message_of(html(response)), op
    # A second press of Start (a double-click) lands on the game it started, no second game.
    game = table.game_id
    assert host(client, table, "start", lang=lang).url == table_url(table, lang)
    table.refresh_from_db()
    assert seats_of(table) == before and table.game_id == game


@pytest.mark.parametrize("lang, text", [("en", "taken you off this table"), ("de", "vom Tisch genommen")])
def test_a_removed_guest_is_told_so(client, fast, lang, text):
    table = create(client)
    ben = sit("Ben", table)
    assert host(client, table, "remove", seat="1").status_code == 302
    assert seats_of(table) == [(0, "Ann", False, True)]
    response = ben.get(table_url(table, lang))
    assert response.status_code == 403 and text in message_of(html(response))
    response = host(ben, table, "start", lang=lang)
    assert response.status_code == 403 and text in message_of(html(response))


@pytest.mark.parametrize("lang, text", [("en", "Every seat needs a person or a bot"),
                                        ("de", "Jeder Platz braucht")])
def test_the_host_cannot_start_with_an_empty_seat(client, fast, lang, text):
    table = create(client)
    response = host(client, table, "start", lang=lang)
    assert response.status_code == 409 and text in message_of(html(response))
    table.refresh_from_db()
    assert not table.started


@pytest.mark.parametrize("op, data", [("bot", {"seat": "9"}), ("bot", {"seat": "x"}), ("move", {"seat": "1", "to": "2"}),
                                      ("remove", {"seat": "2"}), ("remove", {"seat": "0"}), ("fly", {})])
def test_impossible_host_posts_are_refused_and_change_nothing(client, fast, op, data):
    table = create(client)
    before = seats_of(table)
    response = host(client, table, op, **data)
    assert response.status_code == 400 and message_of(html(response))
    assert seats_of(table) == before


# -- the host's powers ------------------------------------------------------------------------------

def test_the_host_fills_seats_with_bots_moves_people_frees_seats_and_starts(client, fast):
    table = create(client, players=4)
    sit("Ben", table)
    assert host(client, table, "bot", seat="3").status_code == 302
    assert host(client, table, "move", seat="1", to="2").status_code == 302
    assert host(client, table, "move", seat="0", to="3").status_code == 302   # swaps with the bot
    names = [(n, name, bot) for n, name, bot, _host in seats_of(table)]
    assert names == [(0, "Lucy", True), (2, "Ben", False), (3, "Ann", False)]
    assert host(client, table, "remove", seat="0").status_code == 302
    assert host(client, table, "bot", seat="all").status_code == 302
    assert [bot for _n, _name, bot, _h in seats_of(table)] == [True, True, False, False]
    assert len({name for _n, name, _b, _h in seats_of(table)}) == 4
    assert host(client, table, "start").status_code == 302
    table.refresh_from_db()
    assert table.started
    assert "Ann" in html(client.get(table_url(table)))


# -- the game, per seat --------------------------------------------------------------------------

def test_each_person_sees_their_own_hand_and_moves_are_checked_against_their_seat(client, fast):
    table, (ben,) = started(client, "Ben")
    game = game_of(table)
    for person, seat in ((client, 0), (ben, 1)):
        page = html(person.get(table_url(table)))
        shown = sorted(re.findall(r'data-card="([^"]+)"', page))
        assert shown == sorted(game.hands[seat])
    # Ann (seat 0) is on turn with the Guard Bug at seat 0 ("first guard: me") … Ben is not.
    page = html(ben.get(table_url(table)))
    response = ben.post(table_url(table) + "act/", {"action": "draw", "version": version_of(page)},
                        HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and message_of(html(response))


def test_a_spectator_sees_no_hand_at_all_and_cannot_act(client, fast):
    table, _guests = started(client, "Ben", spectators="on")
    watcher = Client()
    page = html(watcher.get(table_url(table)))
    assert "You are watching" in page and 'data-card="' not in page
    response = watcher.post(table_url(table) + "act/", {"action": "draw", "version": 0}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403


def test_without_spectators_a_stranger_is_told_the_game_started(client, fast):
    table, _guests = started(client, "Ben")
    response = Client().get(table_url(table))
    assert response.status_code == 403 and "does not allow spectators" in html(response)


# -- presence, grace time, a bot playing for a person who left -------------------------------------

def mogelei_table(client, fast):
    """Mogelei at 3: Ann calls first, then everyone lays at once; Ben's move waits for Ben."""
    table, (ben,) = started(client, "Ben", kind="mogelei")
    game = game_of(table)
    call = game.legal_actions(0)[0]
    page = html(client.get(table_url(table)))
    assert client.post(table_url(table) + "act/", {"action": call, "version": version_of(page)},
                       HTTP_HX_REQUEST="true").status_code == 200
    return table, ben


def test_the_game_waits_at_a_persons_turn_during_the_grace_time(client, fast, clock):
    table, ben = mogelei_table(client, fast)
    for _ in range(10):
        clock.tick(5_000)
        client.get(table_url(table) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true")
    assert 1 in game_of(table).expected()
    presence = html(client.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true"))
    assert "Ben is away — a bot plays for Ben in" in presence and "Ben is here" not in presence


def test_after_the_grace_time_a_bot_plays_for_the_person_until_they_come_back(client, fast, clock):
    table, ben = mogelei_table(client, fast)
    for _ in range(14):
        clock.tick(5_000)
        client.get(table_url(table) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true")
    assert 1 not in game_of(table).expected()
    assert any(e["code"] == "laid" and e["seat"] == 1 for e in PracticeGame.objects.get(pk=table.game_id).stored_log())
    presence = html(client.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true"))
    assert "Bot plays for Ben" in presence
    # Ben comes back: his seat is his again, shown as here, and no bot moves for him.
    ben.get(table_url(table))
    presence = html(client.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true"))
    assert "Ben is here" in presence and "Bot plays for Ben" not in presence


@pytest.mark.parametrize("lang, text", [("en", "Bot plays for Ben"), ("de", "Bot spielt für Ben")])
def test_the_takeover_is_shown_in_every_language(client, fast, clock, lang, text):
    table, _ben = started(client, "Ben")
    clock.tick(61_000)
    page = html(client.get(table_url(table, lang)))
    assert text in page


# -- play again ------------------------------------------------------------------------------------

def play_out(table, clients, clock, max_requests=3000):
    """Every person plays the first move their page offers, polling while bots move."""
    pages = {seat: html(c.get(table_url(table))) for seat, c in clients.items()}
    for _ in range(max_requests):
        if game_of(table).over:
            return pages
        for seat, c in clients.items():
            offered = re.findall(r'name="action" value="([^"]+)"', pages[seat])
            if offered:
                response = c.post(table_url(table) + "act/", {"action": offered[0], "version": version_of(pages[seat])},
                                  HTTP_HX_REQUEST="true")
            else:
                response = c.get(table_url(table) + "poll/", {"version": version_of(pages[seat])},
                                 HTTP_HX_REQUEST="true")
            if response.status_code not in (204,):
                pages[seat] = html(response)
        clock.tick(300)
    raise AssertionError("the game did not end")


def test_play_again_moves_everyone_to_the_rematch_in_the_same_seats(client, fast, clock):
    table, (ben,) = started(client, "Ben", kind="mogelei", spectators="on")
    play_out(table, {0: client, 1: ben}, clock)
    final = html(client.get(table_url(table)))
    assert 'id="btn-play-again"' in final and f'action="/en/friends/{table.code}/again/"' in final
    response = ben.post(table_url(table) + "again/")
    table.refresh_from_db()
    assert table.rematch is not None and response.url == table_url(table.rematch)
    # Ann's page and a spectator's follow on their own.
    moved = client.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true")
    assert moved["HX-Redirect"] == table_url(table.rematch)
    assert Client().get(table_url(table) + "seats/", HTTP_HX_REQUEST="true")["HX-Redirect"] == table_url(table.rematch)
    assert table.rematch.started and seats_of(table.rematch) == seats_of(table)
    # Each keeps their seat (and their secret) at the rematch.
    game = game_of(table.rematch)
    for person, seat in ((client, 0), (ben, 1)):
        page = html(person.get(table_url(table.rematch)))
        assert sorted(re.findall(r'data-card="([^"]+)"', page)) == sorted(game.hands[seat]) or "mogelei" in page
    # Asking again does not make a second rematch.
    assert client.post(table_url(table) + "again/").url == table_url(table.rematch)


def test_a_forged_secret_opening_the_table_is_told_the_seat_is_not_theirs(client, fast):
    table, _guests = started(client, "Ben", spectators="on")
    forger = Client()
    session = forger.session
    session["friends"] = {table.pk: "forged"}
    session.save()
    response = forger.get(table_url(table))
    assert response.status_code == 403 and "This seat is not yours" in message_of(html(response))


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
def test_a_spectators_table_never_speaks_to_them_as_a_seat(client, fast, kind):
    table, _guests = started(client, "Ben", kind=kind, spectators="on")
    page = html(Client().get(table_url(table)))
    table_part = page[page.index('id="table"'):]
    assert "Your turn" not in table_part and "(you)" not in table_part and "You " not in table_part


LANGS = {"de": ("/de/freunde/", "Tisch eröffnen", "Plätze"), "en": ("/en/friends/", "Create the table", "Seats"),
         "fr": ("/fr/amis/", "Ouvrir la table", "Places"), "nl": ("/nl/vrienden/", "Tafel openen", "Plaatsen"),
         "it": ("/it/amici/", "Apri il tavolo", "Posti")}


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_page_of_a_table_speaks_each_language(client, fast, lang):
    prefix, create_label, seats_label = LANGS[lang]
    assert create_label in html(client.get(f"{prefix}new/mogelei/"))
    table = create(client, kind="mogelei")
    assert seats_label in html(client.get(f"{prefix}{table.code}/"))
    assert client.get(prefix).status_code == 200
    host(client, table, "bot", seat="all")
    host(client, table, "start")
    page = html(client.get(f"{prefix}{table.code}/"))
    assert 'id="table"' in page and f'lang="{lang}"' in page


def test_a_page_with_nothing_new_still_brings_on_the_bot_for_a_person_who_left(client, fast, clock):
    table, ben = mogelei_table(client, fast)
    page = html(client.get(table_url(table)))
    version = version_of(page)
    for _ in range(30):
        clock.tick(2_500)
        response = client.get(table_url(table) + "poll/", {"version": version}, HTTP_HX_REQUEST="true")
        if response.status_code == 200:
            version = version_of(html(response))
    assert 1 not in game_of(table).expected()
