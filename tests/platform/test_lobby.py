"""The lobby: the bots' pace, remembered choices, "Play again" with the same settings, presets by link."""

import re

import pytest

from games.mogel_motte.engine import Game
from mogel.play.models import PracticeGame

from .play_helpers import LOBBY, post, row_of, version_of

pytestmark = pytest.mark.django_db

QUIET = {"cheat_rate": 0.0, "false_alarm": 0.0}
DRAW = ["1", "2", "3", "4", "5"] * 3
# The human holds one card that fits: one move ends the round, and with it a one-round game.
LAST_MOVE = {"players": 3, "hands": [["3"], ["2", "4", "5", "1"], ["1", "2", "3", "4"]],
             "discard": ["2"], "draw": DRAW, "guard": 0, "turn": 0}
FIELDS = {"name": "Ann", "players": 4, "level": "hard", "pace": "quick", "rounds": "single",
          "first_guard": "left", "ant_pile": "draw"}


def checked(html, name):
    """The value of the checked radio button of ``name`` in the lobby form."""
    found = re.findall(rf'<input type="radio" name="{name}" value="([^"]+)"[^>]*\bchecked\b', html)
    assert len(found) == 1, (name, found)
    return found[0]


def start(client, **fields):
    response = client.post(LOBBY["en"], {**FIELDS, **fields})
    assert response.status_code == 302, response.content[:300]
    return response.url


def test_the_lobby_offers_three_paces(client):
    html = client.get(LOBBY["en"]).content.decode()
    assert [v for v in re.findall(r'name="pace" value="(\w+)"', html)] == ["relaxed", "normal", "quick"]
    assert checked(html, "pace") == "normal"
    assert "Relaxed" in html and "Quick" in html


@pytest.mark.parametrize("pace,moved", [("quick", True), ("normal", False), ("relaxed", False)])
def test_the_pace_reaches_the_bots(client, settings, clock, pace, moved):
    # Lucy holds the Guard Bug and starts; a second later a quick bot has played, the others not yet.
    settings.MOGEL_BOT_PACE_MS = 1000
    settings.MOGEL_PLAY_SEED = 11
    settings.MOGEL_BOT_PROFILE = QUIET
    url = start(client, players=3, pace=pace)
    assert row_of(url).pace == pace
    html = client.get(url).content.decode()
    wake = int(re.search(r'data-wake-in="(\d+)"', html).group(1))
    assert wake >= {"quick": 420, "normal": 1000, "relaxed": 1800}[pace]
    clock.tick(900)
    response = client.get(url + "poll/", {"version": version_of(html)}, HTTP_HX_REQUEST="true")
    assert (response.status_code == 200) is moved
    clock.tick(2600)   # 3.5 s: every pace has played by now
    response = client.get(url + "poll/", {"version": version_of(html)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "played" in response.content.decode().lower()


def test_a_lobby_post_without_a_pace_plays_at_the_normal_pace(client, settings):
    # A lobby page opened before the pace existed.
    fields = {k: v for k, v in FIELDS.items() if k != "pace"}
    response = client.post(LOBBY["en"], fields)
    assert response.status_code == 302 and row_of(response.url).pace == "normal"


def test_the_lobby_remembers_every_choice(client, settings):
    settings.MOGEL_PLAY_SEED = 5
    start(client)
    html = client.get(LOBBY["en"]).content.decode()
    assert 'value="Ann"' in html
    for name in ("players", "level", "pace", "rounds", "first_guard", "ant_pile"):
        assert checked(html, name) == str(FIELDS[name]), name


def test_a_link_can_preset_choices_and_bad_values_are_ignored(client):
    html = client.get(LOBBY["en"], {"players": "3", "level": "easy", "pace": "relaxed", "rounds": "forever",
                                    "ant_pile": "<b>"}).content.decode()
    assert (checked(html, "players"), checked(html, "level"), checked(html, "pace")) == ("3", "easy", "relaxed")
    assert checked(html, "rounds") == "full" and checked(html, "ant_pile") == "discard"


def test_play_again_starts_at_once_with_the_same_settings(client, settings, clock):
    settings.MOGEL_PLAY_SEED = 3
    settings.MOGEL_BOT_PROFILE = QUIET
    settings.MOGEL_PLAY_SCENARIO = LAST_MOVE
    url = start(client, players=3)
    html = client.get(url).content.decode()
    html = post(client, url, "play 3", version_of(html)).content.decode()
    assert row_of(url).over
    again = re.search(r'<form class="summary__again" method="post" action="([^"]+)"[^>]*>(.*?)</form>', html, re.S)
    assert again, "the final ranking offers Play again"
    action, body = again.groups()
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', body))
    # The browser posts this form as it is: a new game, no lobby in between.
    settings.MOGEL_PLAY_SCENARIO = None
    response = client.post(action, fields)
    assert response.status_code == 302
    new = row_of(response.url)
    assert new.pk != row_of(url).pk
    assert (new.player_name, new.level, new.pace, new.choices["first_guard"]) == ("Ann", "hard", "quick", "left")
    game = client.get(response.url).content.decode()
    assert game.count('class="seat') >= 3
    options = Game.from_json(new.state).options
    assert (Game.from_json(new.state).players, options["rounds"], options["ant_pile"]) == (3, "single", "draw")
    # ... and a link changes them: the lobby with this game's choices already picked.
    link = re.search(r'<a href="([^"]+)" id="change-settings">', html).group(1).replace("&amp;", "&")
    lobby = client.get(link).content.decode()
    assert checked(lobby, "level") == "hard" and checked(lobby, "pace") == "quick" and checked(lobby, "players") == "3"


def test_play_again_still_counts_against_the_caps(client, settings):
    settings.MOGEL_PLAY_SEED = 9
    settings.MOGEL_UNFINISHED_GAMES_PER_SESSION = 1
    start(client)
    response = client.post(LOBBY["en"], FIELDS)
    assert response.status_code == 409
    assert PracticeGame.objects.count() == 1
