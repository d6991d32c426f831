"""Cheating and Caught! in the practice game: forged posts, the sleeve, tells, catches, from known positions.

Determinism: every test starts from a fixed position (``settings.MOGEL_PLAY_SCENARIO``, a
``Game.from_scenario`` dict read by ``service.start``) and overrides the bots' profile
(``settings.MOGEL_BOT_PROFILE``, merged into each bot's ``PROFILES[level]``): a guard that
always notices and calls after 300 ms, one that never notices, bots that never cheat or cheat
at once. Both settings are test-only (read with ``getattr``); the clock is mocked.
"""

import re

import pytest

from games.mogel_motte.engine import Game
from games.mogel_motte.table import tells

from tests.platform.play_helpers import LOBBY, events_after, log_of, post, row_of, state, version_of

pytestmark = pytest.mark.django_db

DRAW = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]
# Seat 1 (Lucy / Lotte) holds the Guard Bug and is on turn; the human (seat 0) may cheat.
YOU_CHEAT = {"players": 3, "hands": [["1", "3", "moth4", "spider2"], ["2", "4", "5", "1"], ["1", "2", "3", "4"]],
             "discard": ["5"], "draw": DRAW, "guard": 1, "turn": 1}
# The human holds the Guard Bug; Lucy is on turn.
YOU_GUARD = {"players": 3, "hands": [["1", "3", "5", "moth4"], ["2", "4", "spider5", "1"], ["2", "3", "4", "5"]],
             "discard": ["2"], "draw": DRAW, "guard": 0, "turn": 1}
# The human has one card left.
LAST_CARD = {"players": 3, "hands": [["3"], ["2", "4", "5", "1"], ["1", "2", "3", "4"]],
             "discard": ["5"], "draw": DRAW, "guard": 1, "turn": 1}

QUIET = {"cheat_rate": 0.0, "false_alarm": 0.0}
ALWAYS = {**QUIET, "notice": {"idle": 1.0, "turn": 1.0, "window": 1.0}, "catch_ms": [300, 300], "late_call": 0.0}
NEVER = {**QUIET, "notice": {"idle": 0.0, "turn": 0.0, "window": 0.0}, "notice_bonus_repeat": 0.0,
         "notice_bonus_few": 0.0, "late_call": 0.0}
SNEAKY = {"cheat_rate": 1.0, "cheat_busy": {"idle": 1.0, "turn": 1.0, "window": 1.0}, "cheat_numbers": 1.0,
          "cheat_after_catch": 1.0, "cheat_ms": [1, 1], "false_alarm": 0.0,
          "notice": {"idle": 0.0, "turn": 0.0, "window": 0.0}, "notice_bonus_repeat": 0.0, "notice_bonus_few": 0.0}


@pytest.fixture
def table(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 60_000    # no deliberate bot move unless a test waits that long
    settings.MOGEL_MOSQUITO_MS = 1000
    settings.MOGEL_COCKROACH_MS = 1000
    settings.MOGEL_ACT_MS = 2000
    settings.MOGEL_PLAY_SEED = 7

    def make(client, scenario, profile, lang="en"):
        # Cheats are deliberate moves: a bot makes one no sooner than a pace after the last
        # public event, so tables with cheating bots run at a 1 s pace, the others stand still.
        settings.MOGEL_BOT_PACE_MS = 1000 if profile.get("cheat_rate") else 60_000
        settings.MOGEL_PLAY_SCENARIO = scenario
        settings.MOGEL_BOT_PROFILE = profile
        response = client.post(LOBBY[lang], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                             "ant_pile": "discard"})
        assert response.status_code == 302
        url = response.url
        html = client.get(url).content.decode()
        return url, html

    return make


def game_of(url):
    return Game.from_json(row_of(url).state)


def poll(client, url, version):
    return client.get(url + "poll/", {"version": version}, HTTP_HX_REQUEST="true")


def codes(url, since=None):
    """The codes of the events after the page version ``since`` (all of them without it)."""
    return [e["code"] for e in (log_of(url) if since is None else events_after(url, since))]


# -- forged posts ---------------------------------------------------------------------

FORGED = [
    # (scenario, action, German message, code)
    (YOU_GUARD, "cheat 3", "Der Wächter mogelt nie", "guard_may_not_cheat"),
    (YOU_CHEAT, "cheat 5", "nicht auf deiner Hand", "not_in_hand"),
    (YOU_CHEAT, "cheat moth9", "kein Zug in diesem Spiel", "malformed"),
    (LAST_CARD, "cheat 3", "letzte Karte kannst du nicht", "last_card"),
    (YOU_CHEAT, "catch 2", "Nur der Wächter darf", "not_guard"),
    (YOU_GUARD, "catch 7", "Diesen Spieler gibt es", "bad_seat"),
    (YOU_GUARD, "catch 0", "nicht selbst beschuldigen", "catch_self"),
    (YOU_GUARD, "catch -1", "kein Zug in diesem Spiel", "malformed"),
    (YOU_GUARD, "catch", "kein Zug in diesem Spiel", "malformed"),
    # str.isdigit() takes these as digits, int() does not: once a 500.
    (YOU_GUARD, "catch ²", "kein Zug in diesem Spiel", "malformed"),
    (YOU_GUARD, "catch ①", "kein Zug in diesem Spiel", "malformed"),
]


@pytest.mark.parametrize("scenario,action,text,code", FORGED, ids=[f[3] + ":" + f[1] for f in FORGED])
def test_forged_cheats_and_catches_are_refused_with_a_translated_message_and_change_nothing(
        client, table, scenario, action, text, code):
    url, html = table(client, scenario, QUIET, lang="de")
    before = state(url)
    response = post(client, url, action, version_of(html))
    assert response.status_code == 400
    body = response.content.decode()
    assert 'role="alert"' in body and '<section id="table"' in body
    assert text in body, (code, re.search(r'role="alert">([^<]*)', body).group(1))
    assert state(url) == before


def test_a_second_cheat_while_in_the_act_is_refused(client, table):
    url, html = table(client, YOU_CHEAT, NEVER, lang="fr")
    response = post(client, url, "cheat moth4", version_of(html))
    assert response.status_code == 200
    before = state(url)
    response = post(client, url, "cheat spider2", version_of(response.content.decode()))
    assert response.status_code == 400
    assert "Une seule triche à la fois" in response.content.decode()
    assert state(url) == before


def test_no_cheat_and_no_catch_while_a_caught_is_settled(client, table, clock):
    url, html = table(client, YOU_GUARD, SNEAKY, lang="nl")
    v = version_of(html)
    accused, _ = wait_for_tell(client, clock, url, v)
    v = row_of(url).public_version
    response = post(client, url, f"catch {accused}", v)
    assert response.status_code == 200
    game = game_of(url)
    assert game.settling is not None   # the human guard still owes the penalty card
    before = state(url)
    v = version_of(response.content.decode())
    for action in ("cheat 1", f"catch {3 - accused}"):
        response = post(client, url, action, v)
        assert response.status_code == 400
        assert "afgehandeld" in response.content.decode()
        assert state(url) == before


# -- you cheat ------------------------------------------------------------------------------

def test_the_sleeve_is_offered_only_where_the_rules_allow_it(client, table):
    url, html = table(client, YOU_CHEAT, QUIET)
    offered = set(re.findall(r'class="[^"]*\bsleeve-btn\b[^"]*"[^>]*value="(cheat [^"]+)"', html))
    assert offered == {f"cheat {c}" for c in YOU_CHEAT["hands"][0]}
    assert 'draggable="true"' in html and 'aria-keyshortcuts="x"' in html
    for scenario in (YOU_GUARD, LAST_CARD):
        client.cookies.clear()
        url, html = table(client, scenario, QUIET)
        assert "sleeve-btn" not in html and 'draggable="true"' not in html


def test_you_cheat_and_get_away(client, table, clock):
    url, html = table(client, YOU_CHEAT, NEVER)
    response = post(client, url, "cheat moth4", version_of(html))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="sleeve"' in html and "In your sleeve: the Cheating Moth" in html
    assert "You made the Cheating Moth 4 disappear." in html
    assert "sleeve-btn" not in html   # one at a time
    v = version_of(html)
    clock.tick(1500)
    assert poll(client, url, v).status_code == 204   # still in the act, nobody noticed
    clock.tick(600)
    response = poll(client, url, v)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Got away with it!" in html and "flash--got-away" in html
    assert 'id="sleeve"' not in html
    game = game_of(url)
    assert "moth4" not in game.hands[0] and len(game.hands[0]) == 3 and game.guard == 1
    assert codes(url)[-1] == "got_away"


def test_you_cheat_and_get_caught_the_card_comes_back_with_a_penalty_and_the_bug_moves(client, table, clock):
    url, html = table(client, YOU_CHEAT, ALWAYS, lang="de")
    response = post(client, url, "cheat moth4", version_of(html))
    v = version_of(response.content.decode())
    clock.tick(350)
    response = poll(client, url, v)
    html = response.content.decode()
    game = game_of(url)
    assert codes(url, v) == ["caught", "penalty", "guard_moved"]
    assert game.guard == 0 and game.settling is None
    assert "moth4" in game.hands[0] and len(game.hands[0]) == 5
    assert "flash--caught" in html
    assert re.search(r'seat--me[^"]*seat--guard-arrived', html)
    assert "hand__item--arrived" in html
    assert "Erwischt! Lotte hat dich mit der Mogel-Motte 4 erwischt." in html   # the log line, in German
    # Now the human holds the Guard Bug: keys 1 and 2 call Caught! on Lotte and Emil.
    assert 'data-key="1"' in html and 'data-key="2"' in html
    assert "Tasten 1 und 2" in html   # two others: "1 und 2", never "1 bis 2"


# -- you guard ---------------------------------------------------------------------------------

def wait_for_tell(client, clock, url, v, limit=200):
    """Tick until a bot's hand shrinks unexplained; returns that seat and the page showing the tell."""
    for _ in range(limit):
        clock.tick(100)
        response = poll(client, url, v)
        if response.status_code == 204:
            continue
        html = response.content.decode()
        v = version_of(html)
        found = re.search(r'class="seat[^"]*seat--tell[^"]*" data-seat="(\d)"', html)
        if found:
            return int(found.group(1)), html
    raise AssertionError("no bot cheated")


def test_a_bot_cheat_shows_a_tell_and_is_announced(client, table, clock):
    url, html = table(client, YOU_GUARD, SNEAKY)
    _, html = wait_for_tell(client, clock, url, version_of(html))
    assert "seat--tell-new" in html
    assert re.search(r"(Lucy|Oscar)&#x27;s hand just got smaller…|(Lucy|Oscar)'s hand just got smaller…", html)
    assert 'id="announcer" hx-swap-oob' in html
    # The tell is a moment (normal bots: 0.6 s), not the whole act; the page's script ends it.
    ms = [int(m) for m in re.findall(r'data-tell-ms="(-?\d+)"', html)]
    assert ms and all(m == 600 for m in ms)


def test_as_guard_you_catch_a_bot(client, table, clock):
    url, html = table(client, YOU_GUARD, SNEAKY)
    accused, _ = wait_for_tell(client, clock, url, version_of(html))
    v = row_of(url).public_version
    size = len(game_of(url).hands[accused])
    response = post(client, url, f"catch {accused}", v)
    html = response.content.decode()
    assert response.status_code == 200
    game = game_of(url)
    assert codes(url, v)[0] == "caught"
    assert len(game.hands[accused]) == size + 1 and game.settling == {"guard": 0, "accused": accused,
                                                                       "since": game.settling["since"]}
    assert "flash--catch" in html and "Caught! You caught" in html
    # Settling: the human hands a penalty card, then the Guard Bug moves to the caught bot.
    hand = re.findall(r'value="(hand [^"]+)"', html)
    assert hand
    response = post(client, url, hand[0], version_of(html))
    game = game_of(url)
    assert game.guard == accused and codes(url)[-2:] == ["penalty", "guard_moved"]
    assert "seat__guard--arrived" in response.content.decode()


def test_as_guard_you_accuse_wrongly_and_draw(client, table, clock):
    url, html = table(client, YOU_GUARD, QUIET, lang="it")
    v = version_of(html)
    response = post(client, url, "catch 2", v)
    html = response.content.decode()
    assert response.status_code == 200
    game = game_of(url)
    assert codes(url, v) == ["wrong_accusation", "drew"]
    assert len(game.hands[0]) == 5 and game.guard == 0
    assert "flash--wrong" in html and html.count("hand__item--arrived") == 1   # the card drawn


def test_bots_guard_each_other_and_the_catch_is_in_the_log(client, table, clock):
    profile = {**SNEAKY, "notice": {"idle": 1.0, "turn": 1.0, "window": 1.0}, "catch_ms": [300, 300],
               "late_call": 0.0}
    url, html = table(client, YOU_CHEAT, profile)
    v = version_of(html)
    for _ in range(300):
        clock.tick(100)
        response = poll(client, url, v)
        if response.status_code == 200:
            html = response.content.decode()
            v = version_of(html)
        if any(e["code"] == "caught" and e["accused"] != 0 for e in log_of(url)):
            break
    else:
        raise AssertionError("no bot caught another bot")
    html = client.get(url).content.decode()
    assert re.search(r"Caught! (Lucy|Oscar) caught (Lucy|Oscar) with the", html)


# -- tells come from the human's own view only ------------------------------------------------

def test_tells_come_from_hand_sizes_and_the_public_log_only():
    game = Game.from_scenario(YOU_CHEAT)
    memory = {}
    tells.watch(game.view(0), memory, len(game.log))
    game.apply(1, "play 4", 100)           # a logged play: no tell
    assert tells.watch(game.view(0), memory, len(game.log)) == []
    game.apply(2, "cheat 3", 200)          # a hand shrinks with nothing in the human's log
    assert "cheated" not in [e["code"] for e in game.view(0)["log"]]
    started = tells.watch(game.view(0), memory, len(game.log))
    assert [t["seat"] for t in started] == [2] and started[0]["until"] == 200 + game.options["act_ms"]
    assert [t["seat"] for t in tells.active(memory, 300)] == [2]
    assert tells.active(memory, 200 + game.options["act_ms"]) == []
    game.apply(0, "cheat 1", 300)           # my own cheat is no tell
    assert tells.watch(game.view(0), memory, len(game.log)) == []
    game.apply(1, "catch 2", 400)          # caught: the tell ends
    tells.watch(game.view(0), memory, len(game.log))
    assert [t["seat"] for t in tells.active(memory, 500)] == []
