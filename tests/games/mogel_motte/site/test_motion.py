"""The moves the page animates (games.mogel_motte.table.motion, ``data-moves``): every public move, and
never a card the player may not see."""

import html as htmllib
import json
import random
import re

import pytest

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.simulate import random_step
from games.mogel_motte.table import motion
from games.mogel_motte.table.events import visible

from tests.platform.lesson_helpers import lessons  # noqa: F401  (a fixture)
from tests.platform.play_helpers import LOBBY, post, version_of

PRIVATE_KINDS = {"draw", "gift", "hand", "penalty"}


def moves_of(page: str) -> list[dict]:
    found = re.search(r'<template class="table__moves" data-moves="([^"]*)"', page)
    return json.loads(htmllib.unescape(found.group(1))) if found else []


def faces_of(page: str) -> list[str]:
    found = re.search(r'<template class="table__moves".*?</template>', page, re.S)
    return re.findall(r'data-face="([^"]+)"', found.group(0)) if found else []


def test_each_public_move_becomes_a_move_from_a_place_to_a_place():
    log = [
        {"code": "played", "seat": 1, "card": "mosquito2"},
        {"code": "mosquito_open", "seat": 1, "closes": 900},
        {"code": "slapped", "seat": 0},
        {"code": "mosquito_slowest", "seat": 2},
        {"code": "handed", "seat": 0, "to": 2, "card": "3", "see": [0, 2]},
        {"code": "handed", "seat": 1, "to": 2, "card": "4", "see": [1, 2]},
        {"code": "drew", "seat": 2, "card": "moth5", "see": [2]},
        {"code": "ant_took", "seat": 0, "card": "1"},
        {"code": "caught", "seat": 1, "accused": 2, "card": "5"},
        {"code": "penalty", "seat": 1, "to": 2, "card": "spider3", "see": [1, 2]},
        {"code": "guard_moved", "seat": 2},
    ]
    assert motion.moves(log, 0, limit=0) == [
        {"kind": "play", "from": 1, "to": "discard", "card": "mosquito2"},
        {"kind": "mosquito", "from": 1, "to": None},
        {"kind": "slap", "from": 0, "to": None},
        {"kind": "slowest", "from": 2, "to": None},
        {"kind": "hand", "from": 0, "to": 2, "card": "3"},   # my own card: I see it
        {"kind": "hand", "from": 1, "to": 2},                # between two others: face down
        {"kind": "draw", "from": "draw", "to": 2},
        {"kind": "ant", "from": "discard", "to": 0, "card": "1"},
        {"kind": "caught", "from": 1, "to": 2},
        {"kind": "penalty", "from": 1, "to": 2},
        {"kind": "guard", "from": 1, "to": 2},               # the Guard Bug flies from the catcher
    ]


def test_a_cheat_the_viewer_cannot_see_is_no_move_and_a_page_that_fell_behind_gets_the_latest_only():
    cheat = [{"code": "cheated", "seat": 1, "card": "3", "until": 5, "only": [1]},
             {"code": "got_away", "seat": 1, "card": "3", "only": [1]}]
    assert motion.moves(cheat, 0) == []
    many = [{"code": "played", "seat": i % 3, "card": str(1 + i % 5)} for i in range(20)]
    assert len(motion.moves(many, 0)) == motion.MAX_MOVES
    assert motion.moves(many, 0)[-1]["card"] == many[-1]["card"]


@pytest.mark.parametrize("players", [3, 5])
def test_over_random_games_no_viewer_is_ever_sent_a_card_it_may_not_see(players):
    for seed in range(6):
        game = Game.new(players, seed)
        rng = random.Random(seed)
        while random_step(game, rng, side_rate=0.15):
            pass
        for viewer in range(players):
            for event in game.log:
                for move in motion.moves([event], viewer):
                    if "card" not in move:
                        continue
                    shown = visible(event, viewer)
                    assert shown is not None and shown.get("card") == move["card"], (event, viewer)
                    if move["kind"] in PRIVATE_KINDS:
                        assert viewer in (move["from"], move["to"]), (event, viewer, move)


# -- through the practice game's pages -------------------------------------------------------

DRAW = ["1", "2", "3", "4", "5", "4", "mosquito2"]
# I play the 3; Lucy (seat 1) has nothing on a 3 and draws the top of the draw pile, a Mosquito 2.
LUCY_DRAWS = {"players": 3, "hands": [["3", "5", "5", "1"], ["5", "5", "1", "1"], ["2", "2", "5", "1"]],
              "discard": ["2"], "draw": DRAW, "guard": 0, "turn": 0}


@pytest.mark.django_db
def test_the_page_is_told_the_moves_since_its_version_and_not_the_card_another_seat_drew(client, clock, settings):
    settings.MOGEL_PLAY_SCENARIO = LUCY_DRAWS
    settings.MOGEL_BOT_PACE_MS = 1000
    settings.MOGEL_BOT_PROFILE = {"cheat_rate": 0.0, "false_alarm": 0.0}
    url = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                    "ant_pile": "discard"}).url
    page = client.get(url).content.decode()
    assert moves_of(page) == []  # a page that is loaded whole shows the table as it is
    mine = post(client, url, "play 3", version_of(page)).content.decode()
    assert moves_of(mine) == [{"kind": "play", "from": 0, "to": "discard", "card": "3"}]
    assert faces_of(mine) == ["3"]
    clock.tick(1500)  # Lucy's pace: she draws
    polled = client.get(url + "poll/", {"version": version_of(mine)}, HTTP_HX_REQUEST="true")
    news = polled.content.decode()
    assert {"kind": "draw", "from": "draw", "to": 1} in moves_of(news)
    assert all("card" not in m for m in moves_of(news) if m["kind"] == "draw")
    assert "mosquito2" not in news and "Mosquito" not in faces_of(news)


def scripts_of(page: str) -> list[str]:
    return re.findall(r'<script src="([^"]+)"', page)


@pytest.mark.django_db
def test_the_game_and_a_lesson_page_register_mogel_mottes_moves_after_the_shared_queue(client, clock, lessons):
    """Its card flights live in its own motion.js, which needs the shared queue loaded first."""
    game = client.get(client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                                 "ant_pile": "discard"}).url).content.decode()
    lesson = client.get("/en/learn/draw/", follow=True).content.decode()
    for page in (game, lesson):
        scripts = scripts_of(page)
        assert "/static/mogel_motte/motion.js" in scripts
        assert scripts.index("/static/table/motion.js") < scripts.index("/static/mogel_motte/motion.js")
