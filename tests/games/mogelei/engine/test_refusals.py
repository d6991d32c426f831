"""Every refusal has its code, links a Mogelei rules section and leaves the game unchanged."""

import pytest

from games.mogel_motte.engine.errors import CODES
from games.mogelei.engine.errors import CODES as MOGELEI_CODES
from mogel.core.errors import IllegalAction
from games.mogelei.engine import Game

from .helpers import lay_all, play, position, refused

ANCHORS = {"aim", "material", "setup", "round", "reveal", "choices", "fattest-egg", "end", "example", "tips"}
HANDS = [["black-1", "red-1"], ["black-2", "red-2"], ["red-3", "blue-3"]]


def calling():
    return position(HANDS, caller=1)


def laying():
    game = position(HANDS, colour="black")
    play(game, (0, "lay black-1"))
    return game


def revealing():
    game = position(HANDS, colour="black")
    lay_all(game, ["black-1", "black-2", "red-3"])
    play(game, (0, "reveal"), (1, "hide"))
    return game


def choosing():
    game = revealing()
    play(game, (2, "hide"))
    return game


def last_choice(games=5):
    game = position([["black-1"], ["black-2"], ["red-3"]], colour="black", options={"games": games})
    lay_all(game, ["black-1", "black-2", "red-3"])
    play(game, (0, "reveal"), (1, "hide"), (2, "hide"))
    return game


def over_game():
    game = last_choice(games=1)
    play(game, (0, "end"))
    return game


REFUSALS = [
    # (position, seat, action, code)
    (calling, 1, "shout black", "malformed"),
    (calling, 1, "call", "malformed"),
    (calling, 1, "call black now", "malformed"),
    (calling, 1, " call black", "malformed"),
    (calling, 1, None, "malformed"),
    (choosing, 0, "accuse one", "malformed"),
    (choosing, 0, "accuse ²", "malformed"),
    (calling, 3, "call black", "bad_seat"),
    (calling, -1, "call black", "bad_seat"),
    (calling, "1", "call black", "bad_seat"),
    (calling, True, "call black", "bad_seat"),
    (over_game, 0, "call black", "game_over"),
    (over_game, 0, "end", "game_over"),
    (calling, 0, "call black", "not_your_call"),
    (laying, 0, "call black", "not_your_call"),
    (calling, 1, "call green", "bad_colour"),
    (calling, 1, "call Black", "bad_colour"),
    (calling, 1, "lay black-2", "not_your_lay"),
    (revealing, 2, "lay red-3", "not_your_lay"),
    (laying, 0, "lay red-1", "already_laid"),
    (laying, 1, "lay black-1", "not_in_hand"),
    (laying, 1, "lay blue-24", "not_in_hand"),
    (laying, 1, "lay nonsense", "not_in_hand"),
    (laying, 1, "lay red-2", "must_follow"),
    (laying, 1, "hide", "not_your_reveal"),
    (revealing, 0, "hide", "not_your_reveal"),
    (revealing, 1, "reveal", "not_your_reveal"),
    (revealing, 2, "reveal", "cannot_reveal"),
    (revealing, 2, "end", "not_on_turn"),
    (choosing, 1, "accuse 2", "not_on_turn"),
    (choosing, 1, "continue", "not_on_turn"),
    (last_choice, 0, "continue", "cannot_continue"),
    (choosing, 0, "accuse 0", "bad_accusation"),
    (choosing, 0, "accuse 3", "bad_accusation"),
    (choosing, 0, "accuse 999", "bad_accusation"),
]


@pytest.mark.parametrize("make,seat,action,code", REFUSALS)
def test_a_refusal_names_its_code_and_changes_nothing(make, seat, action, code):
    assert refused(make(), seat, action) == code


def test_every_mogelei_code_is_produced_and_links_a_rules_section():
    assert {code for *_, code in REFUSALS} | {"time_backwards"} == set(MOGELEI_CODES)
    assert set(MOGELEI_CODES.values()) <= ANCHORS
    assert {"malformed", "bad_seat", "game_over", "time_backwards"} <= set(CODES), "shared with Mogel Motte"


def test_an_action_dated_before_the_last_one_is_refused_and_changes_nothing():
    game = calling()
    play(game, (1, "call red"))
    before = game.to_json()
    for at in (game.clock - 1, "5", None, 1.5):
        with pytest.raises(IllegalAction) as error:
            game.apply(0, "lay red-1", at)
        assert error.value.code == "time_backwards" and game.to_json() == before


def test_a_refused_call_then_a_legal_one_plays_on_normally():
    game = calling()
    assert refused(game, 1, "call green") == "bad_colour"
    play(game, (1, "call red"))
    assert game.phase == "lay"


def test_view_refuses_a_seat_that_is_not_at_the_table():
    with pytest.raises(ValueError):
        Game.new(3, seed=1).view(3)
