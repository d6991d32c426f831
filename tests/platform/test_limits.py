"""Abuse caps: a few unfinished games per session, a few lobby posts a minute per session and address."""

import re
from datetime import timedelta

import pytest
from django.test import Client, RequestFactory
from django.utils import timezone

from mogel.play import limits
from mogel.play.models import LobbyPost, PracticeGame

from .play_helpers import LOBBY

pytestmark = pytest.mark.django_db

GAME = {"name": "Ann", "players": 3, "level": "easy", "rounds": "single", "ant_pile": "discard"}
NO_NAME = {**GAME, "name": ""}


@pytest.fixture
def caps(settings, clock):
    settings.MOGEL_PLAY_SEED = 3
    settings.MOGEL_UNFINISHED_GAMES_PER_SESSION = 3
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10
    return settings


def games(client):
    return PracticeGame.objects.filter(owner=client.session.session_key).count()


def test_a_fourth_unfinished_game_is_refused_until_one_is_abandoned(client, caps):
    for _ in range(3):
        assert client.post(LOBBY["de"], GAME).status_code == 302
    response = client.post(LOBBY["de"], GAME)
    assert response.status_code == 409 and games(client) == 3
    html = response.content.decode()
    assert "Du hast schon 3 unfertige Spiele" in html
    # The lobby offers each game to continue or abandon, and keeps the player's choices.
    assert html.count("Dieses Spiel fortsetzen") == 3 and html.count("Dieses Spiel aufgeben") == 3
    assert 'value="Ann"' in html
    oldest = PracticeGame.objects.order_by("created").first()
    response = client.post(f"{LOBBY['de']}{oldest.pk}/abandon/", {"confirm": "yes"})
    assert response.status_code == 302 and response.url == LOBBY["de"]
    assert not PracticeGame.objects.filter(pk=oldest.pk).exists()
    assert client.post(LOBBY["de"], GAME).status_code == 302 and games(client) == 3


def test_finished_games_do_not_count_against_the_cap(client, caps):
    caps.MOGEL_UNFINISHED_GAMES_PER_SESSION = 1
    assert client.post(LOBBY["en"], GAME).status_code == 302
    assert "You already have 1 unfinished game." in client.post(LOBBY["en"], GAME).content.decode()
    PracticeGame.objects.update(over=True)
    assert client.post(LOBBY["en"], GAME).status_code == 302


ASK = {"de": ("Dieses Spiel aufgeben?", "Ja, aufgeben", "Nein, weiterspielen"),
       "en": ("Abandon this game?", "Yes, abandon it", "No, continue the game"),
       "fr": ("Abandonner cette partie ?", "Oui, abandonner", "Non, reprendre la partie"),
       "nl": ("Dit spel opgeven?", "Ja, opgeven", "Nee, verder spelen"),
       "it": ("Abbandonare questa partita?", "Sì, abbandona", "No, riprendi la partita")}


@pytest.mark.parametrize("lang", list(ASK))
def test_abandoning_asks_first_with_plain_forms(client, caps, lang):
    url = client.post(LOBBY[lang], GAME).url
    lobby = client.get(LOBBY[lang]).content.decode()
    assert f'action="{url}abandon/"' in lobby
    # The lobby's button only asks: a page with a form that abandons and a link back to the game.
    response = client.post(url + "abandon/")
    assert response.status_code == 200 and games(client) == 1
    html = response.content.decode()
    question, yes, no = ASK[lang]
    assert question in html and yes in html and no in html and f'lang="{lang}"' in html
    assert re.search(rf'<form method="post" action="{re.escape(url)}abandon/">.*name="confirm" value="yes"', html, re.S)
    assert f'href="{url}"' in html
    assert client.get(url).status_code == 200
    response = client.post(url + "abandon/", {"confirm": "yes"})
    assert response.status_code == 302 and games(client) == 0


def test_nobody_abandons_another_browsers_game(client, caps):
    url = client.post(LOBBY["en"], GAME).url
    other = Client()
    assert other.post(url + "abandon/").status_code == 404
    assert other.post(url + "abandon/", {"confirm": "yes"}).status_code == 404
    assert client.get(url).status_code == 200


def test_an_eleventh_lobby_post_in_a_minute_waits_and_the_lobby_stays_usable(client, caps, clock):
    caps.MOGEL_UNFINISHED_GAMES_PER_SESSION = 100
    client.post(LOBBY["fr"], GAME)
    for _ in range(9):  # a refused form counts as a post too
        assert client.post(LOBBY["fr"], NO_NAME).status_code == 400
    clock.tick(30_000)
    response = client.post(LOBBY["fr"], GAME)
    assert response.status_code == 429 and games(client) == 1
    assert response["Retry-After"] == "30"
    html = response.content.decode()
    assert "Tu as lancé beaucoup de parties" in html and '<form class="lobby"' in html and 'value="Ann"' in html
    clock.tick(29_999)
    assert client.post(LOBBY["fr"], GAME).status_code == 429
    clock.tick(1)
    assert client.post(LOBBY["fr"], GAME).status_code == 302


def test_new_sessions_from_one_address_share_a_larger_budget(caps):
    # A client that throws its cookie away gets a new session each time: its address counts.
    budget = 10 * limits.SHARED_ADDRESS
    for _ in range(budget):
        assert Client(REMOTE_ADDR="203.0.113.7").post(LOBBY["en"], NO_NAME).status_code == 400
    assert Client(REMOTE_ADDR="203.0.113.7").post(LOBBY["en"], NO_NAME).status_code == 429
    assert Client(REMOTE_ADDR="203.0.113.8").post(LOBBY["en"], NO_NAME).status_code == 400
    # Only the last minute is kept.
    assert LobbyPost.objects.count() == budget + 1


def test_old_lobby_posts_are_forgotten(client, caps, clock):
    for _ in range(5):
        client.post(LOBBY["en"], NO_NAME)
        clock.tick(limits.WINDOW_MS)
    assert LobbyPost.objects.count() == 1


def test_the_address_is_the_proxys_last_forwarded_entry_only_behind_a_trusted_proxy(settings):
    request = RequestFactory().post("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 198.51.100.4")
    settings.USE_X_FORWARDED_HOST = False
    assert limits.client_address(request) == "127.0.0.1"
    settings.USE_X_FORWARDED_HOST = True
    assert limits.client_address(request) == "198.51.100.4"


@pytest.fixture
def small_address_cap(caps):
    caps.MOGEL_UNFINISHED_GAMES_PER_ADDRESS = 4
    caps.MOGEL_LOBBY_POSTS_PER_MINUTE = 100
    return caps


@pytest.mark.parametrize("lang, words", [("de", "Von deinem Netz aus"), ("en", "Many unfinished games"),
                                         ("fr", "Depuis ton réseau"), ("nl", "Vanaf je netwerk"),
                                         ("it", "Dalla tua rete")])
def test_fresh_sessions_from_one_address_share_a_cap_on_unfinished_games(small_address_cap, lang, words):
    # The client: a new session for every game, from one address.
    for _ in range(4):
        assert Client(REMOTE_ADDR="203.0.113.7").post(LOBBY[lang], GAME).status_code == 302
    response = Client(REMOTE_ADDR="203.0.113.7").post(LOBBY[lang], GAME)
    assert response.status_code == 429 and PracticeGame.objects.count() == 4
    html = response.content.decode()
    assert words in html and '<form class="lobby"' in html and 'value="Ann"' in html
    # Another address is not held back; a finished game frees a place.
    assert Client(REMOTE_ADDR="203.0.113.8").post(LOBBY[lang], GAME).status_code == 302
    PracticeGame.objects.filter(address="203.0.113.7").order_by("created")[:1].get().delete()
    assert Client(REMOTE_ADDR="203.0.113.7").post(LOBBY[lang], GAME).status_code == 302


def test_games_left_unfinished_yesterday_do_not_hold_an_address_back(small_address_cap):
    for _ in range(4):
        Client(REMOTE_ADDR="203.0.113.7").post(LOBBY["en"], GAME)
    PracticeGame.objects.update(updated=timezone.now() - limits.ADDRESS_DAY - timedelta(minutes=1))
    assert Client(REMOTE_ADDR="203.0.113.7").post(LOBBY["en"], GAME).status_code == 302


def test_behind_the_trusted_proxy_the_address_it_saw_is_capped(small_address_cap):
    small_address_cap.USE_X_FORWARDED_HOST = True
    # The proxy's own address is the same for everybody; a forged first entry changes nothing.
    for forged in range(4):
        client = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=f"6.6.6.{forged}, 198.51.100.4")
        assert client.post(LOBBY["en"], GAME).status_code == 302
    assert Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.9, 198.51.100.4").post(
        LOBBY["en"], GAME).status_code == 429
    assert Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.5").post(
        LOBBY["en"], GAME).status_code == 302
    assert set(PracticeGame.objects.values_list("address", flat=True)) == {"198.51.100.4", "198.51.100.5"}
