"""Mogelei against bots through HTTP: lobby, start, the game page, poll, act, refusals, forged posts.

The player's moves are posted as the page posts them; the bots catch up from the (fake) server
clock on every request, as in production.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from django.utils import translation

from mogel import games
from games.mogelei.engine.errors import CODES as MOGELEI_CODES
from mogel.play.models import PracticeEvent
from games.mogelei.table.refusals import explain

from tests.platform.play_helpers import log_of, post, row_of, state, version_of

pytestmark = pytest.mark.django_db

SEED = 424242
LANGS = ("en", "de", "fr", "nl", "it")


def kind():
    return games.get("mogelei")


def lobby(lang):
    with translation.override(lang):
        return kind().play_url("lobby")


@pytest.fixture
def fast(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_PLAY_SEED = SEED
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    return settings


def start(client, lang="en", **fields):
    data = {"name": "Ann", "players": 3, "level": "normal", "pace": "quick", "games": 1, "dealer": "right", **fields}
    response = client.post(lobby(lang), data)
    assert response.status_code == 302, response.content[:800]
    return response.url


def actions(html):
    return re.findall(r'name="action" value="([^"]+)"', html)


def scenario(settings, **position):
    settings.PLAY_SCENARIOS = {"mogelei": position}


# -- lobby and start ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_offers_three_to_eight_players_the_match_length_and_the_first_dealer(client, lang):
    response = client.get(lobby(lang))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'lang="{lang}"' in html
    for n in range(3, 9):
        assert f'name="players" value="{n}"' in html
    assert 'name="players" value="9"' not in html and 'name="players" value="2"' not in html
    assert 'name="games" value="5"' in html and 'name="games" value="1"' in html
    assert 'name="dealer"' in html and 'name="level"' in html and 'name="pace"' in html


def test_a_bad_lobby_post_is_refused_with_a_translated_message_and_starts_nothing(client):
    response = client.post(lobby("de"), {"name": "", "players": 9, "level": "x", "games": 3, "pace": "x"})
    assert response.status_code == 400
    assert "Bitte" in response.content.decode()
    assert not row_of_any()


def row_of_any():
    from mogel.play.models import PracticeGame
    return PracticeGame.objects.exists()


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_starts_under_the_mogelei_address_and_shows_the_table(client, fast, lang):
    url = start(client, lang, players=8)
    assert url.startswith(lobby(lang))
    html = client.get(url).content.decode()
    assert len(re.findall(r'class="mz-seat[ "]', html)) == 8
    assert len(re.findall(r'class="mz-hand__item[ "]', html)) == 12
    # The human calls first (the dealer sits on their right): four colours to call.
    assert [a for a in actions(html) if a.startswith("call ")] == ["call black", "call red", "call yellow", "call blue"]
    assert f'lang="{lang}"' in html


def test_the_page_polls_and_the_bots_lay_one_at_a_time_at_their_pace(client, fast, clock):
    url = start(client, players=4)
    html = client.get(url).content.decode()
    version = version_of(html)
    assert client.get(url + f"poll/?version={version}", HTTP_HX_REQUEST="true").status_code == 204
    response = post(client, url, "call red", version)
    assert response.status_code == 200
    version = version_of(response.content.decode())
    laid = 0
    for _ in range(6):
        clock.tick(60)
        answer = client.get(url + f"poll/?version={version}", HTTP_HX_REQUEST="true")
        if answer.status_code == 200:
            page = answer.content.decode()
            assert version_of(page) == version + 1, "one bot move per answer"
            version = version_of(page)
            laid += 1
    assert laid == 3
    assert "laid a card face down" in page


# -- refusals ------------------------------------------------------------------------------

HANDS = [["red-2", "red-5", "blue-1"], ["red-1", "black-2", "blue-2"], ["yellow-1", "yellow-2", "blue-3"]]


def refused(client, url, action, lang="en", status=400):
    html = client.get(url).content.decode()
    before = state(url)
    with translation.override(lang):
        response = post(client, url, action, version_of(html))
    assert response.status_code == status, (action, response.status_code)
    assert state(url) == before, "a refused move changes nothing"
    return response.content.decode()


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_every_refusal_the_player_can_cause_is_explained_and_changes_nothing(client, fast, settings, lang):
    def message(code, **params):
        with translation.override(lang):
            return explain(code, params)[0]

    scenario(settings, players=3, hands=HANDS, caller=0, colour="red", dealer=2)
    url = start(client, lang)
    seen = set()
    for action, code in [("dance", "malformed"), ("call green", "not_your_call"), ("reveal", "not_your_reveal"),
                         ("end", "not_on_turn"), ("lay blue-2", "not_in_hand"), ("lay blue-1", "must_follow")]:
        html = refused(client, url, action, lang)
        assert message(code, colour="red") in html.replace("&#x27;", "'"), (action, code)
        assert "role=\"alert\"" in html
        seen.add(code)
    html = client.get(url).content.decode()
    assert post(client, url, "lay red-2", version_of(html)).status_code == 200
    html = refused(client, url, "lay red-5", lang)
    assert message("already_laid") in html.replace("&#x27;", "'")
    seen.add("already_laid")
    assert seen <= set(MOGELEI_CODES)


def test_a_card_of_another_colour_cannot_be_revealed_and_the_caller_chooses(client, fast, settings, clock):
    scenario(settings, players=3, hands=[["blue-1", "blue-4"], ["red-1", "black-2"], ["red-3", "yellow-2"]],
             caller=0, colour="red", dealer=2)
    url = start(client)
    html = client.get(url).content.decode()
    post(client, url, "lay blue-1", version_of(html))
    for _ in range(20):
        clock.tick(100)
        html = client.get(url).content.decode()
        if "hide" in actions(html):
            break
    assert "hide" in actions(html) and "reveal" not in actions(html)
    text = refused(client, url, "reveal")
    assert explain("cannot_reveal")[0] in text
    assert post(client, url, "hide", version_of(client.get(url).content.decode())).status_code == 200


def test_on_turn_the_player_may_not_accuse_themselves_nor_continue_with_empty_hands(client, fast, settings, clock):
    scenario(settings, players=3, hands=[["red-9"], ["red-1"], ["red-3"]], caller=0, colour="red", dealer=2,
             options={"games": 1})
    settings.MOGEL_PLAY_SEED = 7
    url = start(client)
    html = client.get(url).content.decode()
    post(client, url, "lay red-9", version_of(html))
    for _ in range(40):
        clock.tick(100)
        html = client.get(url).content.decode()
        found = actions(html)
        if "reveal" in found:
            post(client, url, "reveal", version_of(html))
        if "end" in found:
            break
    assert "end" in actions(html) and "continue" not in actions(html)
    assert explain("cannot_continue")[0] in refused(client, url, "continue")
    assert explain("bad_accusation")[0] in refused(client, url, "accuse 0").replace("&#x27;", "'")


def test_after_the_match_every_move_is_refused_as_over(client, fast, settings, clock):
    scenario(settings, players=3, hands=[["red-9"], ["red-1"], ["red-3"]], caller=0, colour="red", dealer=2,
             options={"games": 1})
    url = start(client)
    play_out(client, url, clock, random.Random(1))
    assert row_of(url).over
    html = refused(client, url, "end", status=409)
    assert explain("game_over")[0] in html


# -- forged and stale posts ------------------------------------------------------------------

def test_forged_posts_get_a_clear_answer_and_change_nothing(client, fast):
    url = start(client)
    before = state(url)
    assert client.post(url + "act/", {"action": "call red"}, HTTP_HX_REQUEST="true").status_code == 400
    assert client.post(url + "act/", {"action": "call red", "version": "x"}, HTTP_HX_REQUEST="true").status_code == 400
    assert client.post(url + "act/", {"action": "", "version": 1}, HTTP_HX_REQUEST="true").status_code == 400
    assert client.post(url + "act/", {"action": "call " + "red" * 40, "version": 1},
                       HTTP_HX_REQUEST="true").status_code in (400, 409)
    assert client.get(url + "poll/?version=-3", HTTP_HX_REQUEST="true").status_code == 400
    assert state(url) == before
    # Another browser knows nothing of this game.
    stranger = Client()
    assert stranger.get(url).status_code == 404
    assert stranger.post(url + "act/", {"action": "call red", "version": 1}).status_code == 404
    assert state(url) == before


def test_a_move_from_a_page_that_is_behind_the_table_is_not_made(client, fast, settings, clock):
    url = start(client, players=4, dealer="me")  # seat 1 calls: the bots move first
    old = version_of(client.get(url).content.decode())
    for _ in range(10):
        clock.tick(200)
        client.get(url)
    html = client.get(url).content.decode()
    assert version_of(html) > old
    choice = next(a for a in actions(html) if a.startswith("lay "))
    before = state(url)
    response = post(client, url, "end", old)
    assert response.status_code == 409 and state(url)[1] == before[1] or response.status_code == 400
    assert post(client, url, choice, version_of(html)).status_code == 200


# -- whole games, and what they never show -------------------------------------------------------

def secrets(log):
    """Cards the player may not see: face-down cards of other seats never turned up (earlier passes: never)."""
    return Secrets().take(log).hidden


class Secrets:
    """:func:`secrets` kept up to date from the game's event table, reading only the new events."""

    def __init__(self, url=None):
        self.url, self.read, self.laid, self.shown = url, -1, set(), set()

    def take(self, events):
        for e in events:
            if e["code"] == "laid" and e["seat"] != 0:
                self.laid.add(e["card"])
            elif e["code"] in ("revealed", "accused", "fattest_egg"):
                self.shown.add(e["card"])
            elif e["code"] == "turned_up":
                self.shown.update(e["cards"].values())
        return self

    @property
    def hidden(self):
        if self.url is not None:
            rows = PracticeEvent.objects.filter(game=row_of(self.url), index__gt=self.read).order_by("index")
            for index, text in rows.values_list("index", "event"):
                self.take([json.loads(text)])
                self.read = index
        return self.laid - self.shown


CARD_TEXT = re.compile(r"\b(black|red|yellow|blue)[ -](\d+)\b")


def leaks(text, hidden):
    """The hidden cards named in ``text``, by id ("black-9") or by name ("black 9")."""
    return {f"{colour}-{value}" for colour, value in CARD_TEXT.findall(text)} & hidden


def play_out(client, url, clock, rng, *, scan=False, max_requests=4000):
    """Play the player's seat at random (as the page offers), polling while the bots move; with
    ``scan``, every answer is searched for a card the player may not see. Returns the answers read."""
    html = client.get(url).content.decode()
    answers = 1
    watch = Secrets(url)
    for _ in range(max_requests):
        if scan:
            hidden = watch.hidden
            assert not leaks(html, hidden), leaks(html, hidden)
        if 'id="btn-play-again"' in html:
            return answers
        choices = actions(html)
        if choices:
            response = post(client, url, rng.choice(choices), version_of(html))
            assert response.status_code in (200, 409), response.status_code
            html = response.content.decode()
        else:
            clock.tick(200)
            response = client.get(url + f"poll/?version={version_of(html)}", HTTP_HX_REQUEST="true")
            assert response.status_code in (200, 204, 286)
            if response.status_code != 204:
                html = response.content.decode()
        answers += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("batch", range(6))
def test_thirty_seeded_games_through_http_never_show_a_face_down_card_of_another_seat(client, fast, settings, clock,
                                                                                       batch):
    """Six batches of five games (so that test runners share them out): 3 to 8 players, every level."""
    answers = 0
    for n in range(batch * 5, batch * 5 + 5):
        settings.MOGEL_PLAY_SEED = 1000 + n
        players = (3, 4, 5)[n % 3] if n < 27 else n - 21   # and one game each with 6, 7 and 8
        url = start(client, players=players, level=("easy", "normal", "hard")[n % 3])
        answers += play_out(client, url, clock, random.Random(n), scan=True)
        log = log_of(url)
        assert any(e["code"] == "match_end" for e in log)
        # The page after the match, with its scores, still shows no earlier-pass face-down card.
        assert not leaks(client.get(url).content.decode(), secrets(log))
    assert answers > 100


def test_after_a_game_the_bots_wait_until_the_player_has_read_the_scores(client, fast, settings, clock):
    scenario(settings, players=3, hands=[["red-9"], ["red-1"], ["blue-3"]], caller=0, colour="red", dealer=2,
             options={"games": 5})
    url = start(client, games=5)
    html = client.get(url).content.decode()
    post(client, url, "lay red-9", version_of(html))
    for _ in range(40):
        clock.tick(100)
        html = client.get(url).content.decode()
        if "reveal" in actions(html):
            html = post(client, url, "reveal", version_of(html)).content.decode()
        if "end" in actions(html):
            html = post(client, url, "end", version_of(html)).content.decode()
        if row_of(url).hold:
            break
    assert row_of(url).hold, "the game's end holds the bots"
    assert "Game 1 is over" in html and 'value="next"' in html and "Fried eggs" in html
    version = version_of(html)
    before = state(url)
    clock.tick(60_000)
    assert client.get(url + f"poll/?version={version}", HTTP_HX_REQUEST="true").status_code == 204
    assert state(url) == before, "nobody moves while the player reads"
    # Game 2 is dealt already (the dealer moved on: the player's left calls); the bots go on once the player does.
    post(client, url, "next", version)
    assert not row_of(url).hold
    moved = state(url)[0]
    clock.tick(5_000)
    client.get(url)
    assert state(url)[0] > moved, "the bots go on"


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_caller_is_told_about_colours_and_when_cards_are_laid(client, fast, settings, lang):
    scenario(settings, players=3, hands=HANDS, caller=0, dealer=2)
    url = start(client, lang)
    for action, code in [("call green", "bad_colour"), ("lay red-2", "not_your_lay")]:
        html = refused(client, url, action, lang)
        with translation.override(lang):
            assert explain(code)[0] in html.replace("&#x27;", "'"), (action, code)
    # Every code the engine has is explained (the ones a page cannot cause too: tests/mogelei/table).
    assert {"bad_colour", "not_your_lay"} <= set(MOGELEI_CODES)
