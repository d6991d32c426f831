import re

import pytest
from django.templatetags.static import static
from django.urls import reverse

LANGUAGES = ["de", "en", "fr", "nl", "it"]

# One sentence of the home page per language: proves the catalogue is used.
TAGLINE = {
    "de": "Das Kartenspiel, bei dem Mogeln erlaubt ist",
    "en": "The card game where cheating is allowed",
    "fr": "Le jeu de cartes où tricher est permis",
    "nl": "Het kaartspel waarin valsspelen mag",
    "it": "Il gioco di carte in cui imbrogliare è permesso",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_is_served_in_each_language(client, lang):
    response = client.get(f"/{lang}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert TAGLINE[lang] in html


def test_root_redirects_to_german_without_preferences(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/de/"


def test_root_follows_accept_language(client):
    response = client.get("/", headers={"accept-language": "fr-CH, fr;q=0.9, en;q=0.5"})
    assert response.status_code == 302
    assert response["Location"] == "/fr/"


def test_root_follows_the_language_cookie_set_by_the_switcher(client):
    client.post(reverse("set_language"), {"language": "it", "next": "/de/"})
    response = client.get("/", headers={"accept-language": "fr"})
    assert response["Location"] == "/it/"


def test_switcher_post_lands_on_the_same_page_in_the_new_language(client):
    response = client.post(reverse("set_language"), {"language": "nl", "next": "/de/"})
    assert response.status_code == 302
    assert response["Location"] == "/nl/"


@pytest.mark.parametrize("browser_language", ["en", "de", "it"])
def test_switcher_works_whatever_the_browser_language(client, browser_language):
    # Django's own set_language only translates `next` when its language is
    # the one Accept-Language/cookie select; ours must not depend on that.
    response = client.post(
        reverse("set_language"),
        {"language": "de", "next": "/it/"},
        headers={"accept-language": browser_language},
    )
    assert response["Location"] == "/de/"
    assert response.cookies["django_language"].value == "de"


def test_switcher_keeps_the_fragment_of_next(client):
    # base.html's script appends location.hash to `next`; Django must keep it.
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/de/#main"})
    assert response["Location"] == "/fr/#main"


def test_hreflang_alternates_cover_every_language_and_x_default(client):
    html = client.get("/en/").content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    assert alternates == {
        "de": "http://testserver/de/",
        "en": "http://testserver/en/",
        "fr": "http://testserver/fr/",
        "nl": "http://testserver/nl/",
        "it": "http://testserver/it/",
        "x-default": "http://testserver/",
    }


def test_switcher_names_each_language_in_itself_and_marks_the_current_one(client):
    html = client.get("/fr/").content.decode()
    buttons = re.findall(r'<button type="submit" name="language" value="(\w+)" lang="\w+"( aria-current="true")?>([^<]+)</button>', html)
    assert [(code, name) for code, _, name in buttons] == [
        ("de", "Deutsch"), ("en", "English"), ("fr", "Français"), ("nl", "Nederlands"), ("it", "Italiano"),
    ]
    assert [code for code, current, _ in buttons if current] == ["fr"]
    assert f'action="{reverse("set_language")}"' in html


def test_htmx_comes_from_our_own_static_files(client):
    from django.contrib.staticfiles import finders

    html = client.get("/de/").content.decode()
    sources = re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)
    assert static("vendor/htmx.min.js") in sources
    assert not [s for s in sources if re.match(r"(https?:)?//", s)]
    assert finders.find("vendor/htmx.min.js")
    assert "hx-headers='{\"x-csrftoken\": \"" in html


def test_base_template_has_the_accessibility_landmarks(client):
    html = client.get("/nl/").content.decode()
    assert 'class="skip-link" href="#main"' in html
    assert '<main id="main"' in html
    assert 'id="announcer"' in html and 'aria-live="polite"' in html
    assert 'name="viewport"' in html


def test_the_site_has_an_icon(client):
    html = client.get("/en/").content.decode()
    assert 'rel="icon"' in html and "favicon.svg" in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("/favicon.svg")


# The first words of each game's own description on the home page (review item 13).
ABOUT = {
    "de": ("Mogel Motte ist ein flottes Kartenspiel", "Ein Bluff-Kartenspiel für 3 bis 8 Personen"),
    "en": ("Cheating Moth is a quick card game", "A bluffing card game for 3 to 8 players"),
    "fr": (None, "Un jeu de cartes de bluff pour 3 à 8 joueurs"),
    "nl": (None, "Een bluf-kaartspel voor 3 tot 8 spelers"),
    "it": (None, "Un gioco di carte di bluff per 3-8 giocatori"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_describes_itself_in_its_own_block(client, lang):
    html = client.get(f"/{lang}/").content.decode()
    first_ways = html.index('class="ways__list"')
    mogelei = html.index('id="ways-mogelei"')
    mogelei_ways = html.index('class="ways__list"', mogelei)
    mogel_motte_about, mogelei_about = ABOUT[lang]
    intro = html.index('<section class="intro">')
    assert first_ways < intro < mogelei, "Mogel Motte's text under its own ways, before Mogelei's block"
    if mogel_motte_about:
        assert first_ways < html.index(mogel_motte_about) < mogelei
    assert mogelei < html.index(mogelei_about) < mogelei_ways, "Mogelei's text in Mogelei's block"
    assert html.count('<section class="intro">') == 1


CONTINUE = {"de": "Dein Spiel fortsetzen", "en": "Continue your game", "fr": "Reprendre ta partie",
            "nl": "Ga verder met je spel", "it": "Riprendi la tua partita"}


def continue_links(html):
    return re.findall(r'<a class="game-tile__continue" href="([^"]+)">([^<]+)<', html)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_offers_each_games_unfinished_game(client, settings, lang):
    settings.MOGEL_PLAY_SEED = 6
    assert continue_links(client.get(f"/{lang}/").content.decode()) == []
    mogelei = client.post(reverse("kind-play:lobby", kwargs={"kind": "mogelei"}),
                          {"name": "Ann", "players": 3, "level": "easy", "pace": "normal", "games": 1, "dealer": "right"}).url
    html = client.get(f"/{lang}/").content.decode()
    assert [text for _url, text in continue_links(html)] == [CONTINUE[lang]]
    assert continue_links(html)[0][0].split("/")[-2] == mogelei.split("/")[-2]
    motte = client.post(reverse("play:lobby"), {"name": "Ann", "players": 3, "level": "easy", "rounds": "single",
                                                "ant_pile": "discard", "pace": "normal"}).url
    links = continue_links(client.get(f"/{lang}/").content.decode())
    # Mogel Motte's tile first, as on the page; each leads to that game, in the page's language.
    assert [url.split("/")[-2] for url, _text in links] == [motte.split("/")[-2], mogelei.split("/")[-2]]
    assert all(url.startswith(f"/{lang}/") for url, _text in links)


@pytest.mark.django_db
def test_a_finished_or_abandoned_game_is_not_offered(client, settings):
    from mogel.play.models import PracticeGame
    settings.MOGEL_PLAY_SEED = 6
    client.post(reverse("play:lobby"), {"name": "Ann", "players": 3, "level": "easy", "rounds": "single",
                                        "ant_pile": "discard", "pace": "normal"})
    assert len(continue_links(client.get("/en/").content.decode())) == 1
    PracticeGame.objects.update(over=True)
    assert continue_links(client.get("/en/").content.decode()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_has_a_tile_per_game_leading_to_its_ways_in(client, lang):
    html = client.get(f"/{lang}/").content.decode()
    tiles = re.findall(r'<a class="game-tile" href="#(game-[a-z-]+)"', html)
    assert tiles == ["game-mogel-motte", "game-mogelei"]
    assert all(f'id="{tile}"' in html for tile in tiles)
