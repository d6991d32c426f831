"""The table's tempo in the practice lobby of both games (issue 33): offered beside the bots' pace,
stored with the game and in the game's own state, shown on the table and in the replay, kept by
"Play again"; a forged tempo gets the form's error in the page's language, never a game."""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from mogel import games
from mogel.play import tempo as tempos
from mogel.play.bots import pace_ms
from mogel.play.models import PracticeGame

from .play_helpers import LOBBY, post, row_of, version_of

pytestmark = pytest.mark.django_db

OWN = {"mogel-motte": {"rounds": "single", "first_guard": "me", "ant_pile": "discard"},
       "mogelei": {"games": 1, "dealer": "right"}}
KINDS = tuple(OWN)
SHOWN = {("en", 3): "Tempo: Slower (×3)", ("de", 3): "Tempo: Langsamer (×3)",
         ("en", 10): "Tempo: Unhurried (×10)", ("de", 10): "Tempo: Ganz in Ruhe (×10)",
         ("fr", 3): "Rythme : Plus lent (×3)", ("it", 1): "Ritmo: Solito", ("nl", 1): "Tempo: Zoals gewoonlijk"}


def lobby(key, lang="en"):
    with translation.override(lang):
        return games.get(key).play_url("lobby")


def start(client, key="mogel-motte", lang="en", **fields):
    data = {"name": "Ann", "players": 3, "level": "normal", "pace": "normal", **OWN[key], **fields}
    return client.post(lobby(key, lang), data)


@pytest.fixture(autouse=True)
def lobby_posts(settings):
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    settings.MOGEL_PLAY_SEED = 7


@pytest.mark.parametrize("key", KINDS)
def test_both_lobbies_offer_the_three_tempos_beside_the_pace_the_usual_one_chosen(client, key):
    for lang, label in (("en", "Unhurried (×10)"), ("de", "Ganz in Ruhe (×10)"), ("it", "Con calma (×10)")):
        html = client.get(lobby(key, lang)).content.decode()
        assert re.findall(r'name="tempo" value="(\d+)"', html) == ["1", "3", "10"]
        assert re.search(r'name="tempo" value="1"[^>]*\bchecked\b', html)
        assert label in html and html.index('name="pace"') < html.index('name="tempo"')


@pytest.mark.parametrize("key", KINDS)
@pytest.mark.parametrize("lang,tempo", [("en", 3), ("de", 10), ("fr", 3), ("it", 1)])
def test_the_chosen_tempo_is_the_games_and_the_table_says_it(client, key, lang, tempo):
    response = start(client, key, lang, tempo=tempo)
    assert response.status_code == 302
    row = row_of(response.url)
    assert row.tempo == tempo
    assert json.loads(row.state)["options"]["tempo"] == tempo, "the game itself plays at it, and replays so"
    html = client.get(response.url).content.decode()
    assert SHOWN[(lang, tempo)] in html


@pytest.mark.parametrize("key", KINDS)
@pytest.mark.parametrize("lang", ("en", "de"))
@pytest.mark.parametrize("forged", ("7", "x", "3.0", "-1"))
def test_a_forged_tempo_gets_the_forms_error_in_the_pages_language_and_no_game(client, key, lang, forged):
    response = start(client, key, lang, tempo=forged)
    assert response.status_code == 400
    with translation.override(lang):
        error = translation.gettext("Please choose one.")
    assert lang == "en" or error != "Please choose one."
    tempo = re.search(r'<fieldset class="lobby__field">(?:(?!</fieldset>).)*name="tempo".*?</fieldset>',
                      response.content.decode(), re.S).group(0)
    assert f'<p class="lobby__error">{error}</p>' in tempo
    assert not PracticeGame.objects.exists()


def test_a_lobby_page_of_before_the_tempo_starts_at_the_usual_tempo(client):
    response = start(client)
    assert response.status_code == 302 and row_of(response.url).tempo == 1
    assert json.loads(row_of(response.url).state)["options"]["tempo"] == 1


def test_the_lobby_remembers_the_tempo_and_a_link_may_preset_it(client):
    start(client, tempo=10)
    html = client.get(LOBBY["en"]).content.decode()
    assert re.search(r'name="tempo" value="10"[^>]*\bchecked\b', html)
    html = client.get(LOBBY["en"], {"tempo": "3"}).content.decode()
    assert re.search(r'name="tempo" value="3"[^>]*\bchecked\b', html)
    html = client.get(LOBBY["en"], {"tempo": "7"}).content.decode()
    assert re.search(r'name="tempo" value="10"[^>]*\bchecked\b', html), "a bad preset is ignored"


def test_play_again_and_the_replay_keep_the_tempo(client, settings, clock):
    settings.MOGEL_BOT_PROFILE = {"cheat_rate": 0.0, "false_alarm": 0.0}
    settings.MOGEL_PLAY_SCENARIO = {"players": 3, "hands": [["3"], ["2", "4", "5", "1"], ["1", "2", "3", "4"]],
                                    "discard": ["2"], "draw": ["1", "2", "3", "4", "5"] * 3, "guard": 0, "turn": 0}
    url = start(client, tempo=10).url
    html = post(client, url, "play 3", version_of(client.get(url).content.decode())).content.decode()
    assert row_of(url).over
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', re.search(
        r'<form class="summary__again".*?</form>', html, re.S).group(0)))
    assert fields["tempo"] == "10"
    replay = re.search(r'href="([^"]+)" id="watch-replay"', html).group(1)
    assert "Tempo: Unhurried (×10)" in client.get(replay).content.decode()
    settings.MOGEL_PLAY_SCENARIO = None
    again = client.post(re.search(r'<form class="summary__again" method="post" action="([^"]+)"', html).group(1),
                        fields)
    assert again.status_code == 302 and row_of(again.url).tempo == 10


def test_the_bots_deliberate_pace_scales_with_the_tempo(settings):
    settings.MOGEL_BOT_PACE_MS = 1000
    for pace in ("relaxed", "normal", "quick"):
        assert [pace_ms(pace, t) for t in tempos.TEMPOS] == [pace_ms(pace) * t for t in tempos.TEMPOS]
