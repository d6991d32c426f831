"""Bot names: never the player's own name, never two alike, whatever the player types."""

import re

import pytest
from hypothesis import example, given, settings, strategies as st

from mogel.play.names import BOT_NAMES, name_key, seat_names

from .play_helpers import LOBBY

LANGUAGES = sorted(BOT_NAMES)
# What the lobby lets through: up to 20 characters, stripped; bot names and their look-alikes
# are drawn often, as they are the names that could collide.
look_alikes = st.sampled_from([n for names in BOT_NAMES.values() for n in names]).flatmap(
    lambda n: st.sampled_from([n, n.upper(), n.lower(), f" {n} ", n.replace("é", "e").replace("è", "e")]))
player_names = st.one_of(look_alikes, st.text(min_size=1, max_size=20))


@settings(max_examples=400, deadline=None)
@given(name=player_names, players=st.integers(3, 8), language=st.sampled_from(LANGUAGES))
@example(name="Lucy", players=5, language="en")
@example(name="giulia", players=5, language="it")
@example(name="Chloe", players=5, language="fr")
@example(name="Lotte", players=8, language="de")
@example(name="Matteo", players=8, language="it")
def test_bots_never_share_the_players_name_nor_each_others(name, players, language):
    names = seat_names(name, players, language)
    assert len(names) == players and names[0] == name
    keys = [name_key(n) for n in names[1:]]
    assert name_key(name) not in keys, f"a bot is called like the player: {names}"
    assert len(set(keys)) == len(keys), f"two bots share a name: {names}"


def test_the_same_player_always_sits_with_the_same_bots():
    # Names are worked out on every request: they must not change during a game.
    assert seat_names("Ann", 5, "de") == seat_names("Ann", 5, "de") == ["Ann", "Lotte", "Emil", "Frieda", "Paul"]
    assert seat_names("LOTTE", 5, "de") == ["LOTTE", "Emil", "Frieda", "Paul", "Greta"]


@pytest.mark.django_db
@pytest.mark.parametrize("lang,name,bot", [("en", "Lucy", "Lucy"), ("it", "Giulia", "Giulia")])
def test_a_player_named_like_a_bot_sits_with_other_bots(client, settings, lang, name, bot):
    settings.MOGEL_PLAY_SEED = 4242
    response = client.post(LOBBY[lang], {"name": name, "players": 5, "level": "normal", "rounds": "single",
                                         "ant_pile": "discard"})
    html = client.get(response.url).content.decode()
    seat_names_shown = re.findall(r'<span class="seat__name">([^<]+)</span>', html)
    assert len(seat_names_shown) == 5
    assert sum(bot in shown for shown in seat_names_shown) == 1, seat_names_shown


@pytest.mark.django_db
@pytest.mark.parametrize("lobby", [LOBBY["de"], "/de/mogelei/spielen/"], ids=["mogel-motte", "mogelei"])
def test_the_bots_keep_their_names_when_the_player_switches_language_mid_game(client, settings, lobby):
    settings.MOGEL_PLAY_SEED = 4242
    url = client.post(lobby, {"name": "Ann", "players": 4, "level": "normal", "rounds": "single",
                              "ant_pile": "discard", "pace": "normal", "games": 1, "dealer": "right"}).url
    german = client.get(url).content.decode()
    assert all(bot in german for bot in BOT_NAMES["de"][:3])
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    # The language switcher sends the player to the same game under the other language's address.
    english_url = client.post("/i18n/setlang/", {"language": "en", "next": url}).url
    assert english_url.endswith(f"/{game_id}/") and english_url.startswith("/en/")
    english = client.get(english_url).content.decode()
    assert 'lang="en"' in english
    assert all(bot in english for bot in BOT_NAMES["de"][:3])
    assert not any(bot in english for bot in BOT_NAMES["en"][:3])
    poll = client.get(english_url + "poll/?version=0", HTTP_HX_REQUEST="true").content.decode()
    assert all(bot in poll for bot in BOT_NAMES["de"][:3])
