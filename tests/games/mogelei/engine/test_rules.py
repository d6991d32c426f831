"""One test or more per rule of a round: call, lay, reveal, who is on turn, the three choices."""

import pytest

from games.mogelei.engine import Game
from games.mogelei.engine.game import (accusable, collector_after_accusation, fattest_egg, follow_ok,
                                 on_turn_after_pass, reveal_allowed, reveal_order)

from .helpers import codes, lay_all, play, position, refused

THREE = [["black-1", "black-7", "red-2"], ["black-2", "red-5", "blue-4"], ["yellow-3", "red-9", "blue-9"]]


# Calling and laying -----------------------------------------------------------------


def test_the_caller_may_call_any_colour_even_one_it_lacks():
    game = position(THREE, caller=2)
    assert game.legal_actions(2) == ["call black", "call red", "call yellow", "call blue"]
    assert game.expected() == [2] and game.legal_actions(0) == []
    events = play(game, (2, "call black"))
    assert codes(events) == ["called", "pass_start"]
    assert events[1]["pass"] == 1 and events[1]["caller"] == 2
    assert game.phase == "lay" and game.colour == "black"


def test_a_seat_holding_the_called_colour_must_lay_it():
    game = position(THREE, colour="black")
    assert game.legal_actions(0) == ["lay black-1", "lay black-7"]
    assert refused(game, 0, "lay red-2") == "must_follow"
    assert follow_ok(["black-1", "red-2"], "black-1", "black") and not follow_ok(["black-1", "red-2"], "red-2", "black")


def test_a_seat_without_the_called_colour_may_lay_any_card():
    game = position(THREE, colour="black")
    assert game.legal_actions(2) == ["lay red-9", "lay yellow-3", "lay blue-9"]
    assert follow_ok(["yellow-3", "red-9"], "red-9", "black")


def test_seats_lay_in_any_order_and_the_reveal_starts_when_all_have_laid():
    game = position(THREE, colour="black")
    assert game.expected() == [0, 1, 2]
    play(game, (2, "lay red-9"), (0, "lay black-7"))
    assert game.expected() == [1] and game.phase == "lay"
    assert refused(game, 0, "lay black-1") == "already_laid"
    play(game, (1, "lay black-2"))
    assert game.phase == "reveal" and game.expected() == [0]


def test_everyone_sees_that_a_seat_laid_but_only_the_seat_sees_its_card():
    game = position(THREE, colour="black")
    (laid,) = play(game, (1, "lay black-2"))
    assert laid["see"] == [1] and laid["card"] == "black-2"
    assert all("card" not in e for e in game.view(0)["log"] if e["code"] == "laid")
    assert [e.get("card") for e in game.view(1)["log"] if e["code"] == "laid"] == ["black-2"]


# Reveal or not ---------------------------------------------------------------------------


def test_reveal_decisions_go_in_turn_order_from_the_pass_caller():
    game = position(THREE, caller=1, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    assert game.view(0)["reveal_order"] == [1, 2, 0] == reveal_order(1, 3)
    assert game.expected() == [1] and game.legal_actions(0) == []
    assert refused(game, 0, "reveal") == "not_your_reveal"
    play(game, (1, "hide"))
    assert game.expected() == [2]


def test_a_card_of_another_colour_cannot_be_revealed_but_its_seat_still_takes_its_turn():
    game = position(THREE, caller=2, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    assert game.expected() == [2] and game.legal_actions(2) == ["hide"]
    assert refused(game, 2, "reveal") == "cannot_reveal"
    events = play(game, (2, "hide"))
    assert events == [{"code": "hid", "seat": 2, "t": events[0]["t"]}], "a forced hide looks like any other"
    assert not reveal_allowed("red-9", "black") and reveal_allowed("black-1", "black")


def test_a_seat_holding_the_colour_may_reveal_or_bluff():
    game = position(THREE, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    assert game.legal_actions(0) == ["reveal", "hide"]
    (revealed,) = play(game, (0, "reveal"))
    assert revealed["card"] == "black-1" and "see" not in revealed


# Who is on turn -------------------------------------------------------------------------------


def test_the_highest_revealed_value_of_the_pass_is_on_turn():
    game = position(THREE, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    events = play(game, (0, "reveal"), (1, "reveal"), (2, "hide"))
    assert events[-1]["code"] == "on_turn" and events[-1]["seat"] == 1
    assert game.phase == "choose" and game.expected() == [1]


def test_nobody_revealed_the_pass_caller_is_on_turn():
    game = position(THREE, caller=2, colour="black")
    lay_all(game, ["black-7", "black-2", "red-9"])
    play(game, (2, "hide"), (0, "hide"), (1, "hide"))
    assert game.on_turn == 2
    assert on_turn_after_pass(["black-7", "black-2", "red-9"], [], 2) == 2
    assert on_turn_after_pass(["black-7", "black-2", "red-9"], [1, 0], 2) == 0


def test_the_pass_caller_keeps_no_privilege_once_someone_revealed():
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    play(game, (0, "reveal"), (1, "reveal"), (2, "hide"))
    assert game.on_turn == 1


# The three choices -------------------------------------------------------------------------------


def test_continue_starts_a_pass_of_the_same_colour_called_by_the_seat_on_turn():
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    play(game, (0, "reveal"), (1, "reveal"), (2, "hide"))
    events = play(game, (1, "continue"))
    assert codes(events) == ["continued", "pass_start"]
    assert events[1] == {"code": "pass_start", "pass": 2, "caller": 1, "colour": "black", "t": events[1]["t"]}
    assert game.phase == "lay" and game.colour == "black" and game.pass_caller == 1
    lay_all(game, ["black-7", "red-5", "blue-9"])
    assert game.view(2)["reveal_order"] == [1, 2, 0] and game.expected() == [1]
    assert game.legal_actions(0) == [], "the first caller is not first any more"


def test_continue_is_impossible_once_the_hands_are_empty():
    game = position([["black-1"], ["black-2"], ["red-3"]], colour="black")
    lay_all(game, ["black-1", "black-2", "red-3"])
    play(game, (0, "hide"), (1, "reveal"), (2, "hide"))
    assert "continue" not in game.legal_actions(1) and "end" in game.legal_actions(1)
    assert game.view(1)["can_continue"] is False
    assert refused(game, 1, "continue") == "cannot_continue"


def test_end_gives_the_seat_on_turn_the_round_s_cards_and_the_next_call():
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    play(game, (0, "reveal"), (1, "reveal"), (2, "hide"), (1, "continue"))
    lay_all(game, ["black-7", "red-5", "blue-9"])
    play(game, (1, "hide"), (2, "hide"), (0, "reveal"))
    assert game.on_turn == 0
    events = play(game, (0, "end"))
    assert codes(events) == ["ended", "turned_up", "no_fattest_egg", "collected", "round_end", "round_start"]
    assert events[3]["seat"] == 0 and events[3]["count"] == 6
    assert game.piles[0] == ["black-1", "black-2", "red-9", "black-7", "red-5", "blue-9"]
    assert game.caller == 0 and game.phase == "call" and game.game_round == 2


def test_the_seat_on_turn_may_accuse_any_other_seat_whose_last_card_is_face_down():
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    play(game, (0, "hide"), (1, "reveal"), (2, "hide"))
    assert game.legal_actions(1) == ["continue", "end", "accuse 0", "accuse 2"]
    assert game.view(0)["accusable"] == [0, 2] == accusable(3, [1], 1)


@pytest.mark.parametrize("action", ["accuse 1", "accuse 0", "accuse 3", "accuse 9"])
def test_nobody_accuses_themselves_a_revealed_card_or_a_seat_not_at_the_table(action):
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-1", "black-2", "red-9"])
    play(game, (0, "reveal"), (1, "reveal"), (2, "hide"))
    assert refused(game, 1, action) == "bad_accusation"


def test_a_right_accusation_gives_the_accused_the_round_s_cards():
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-7", "black-2", "red-9"])
    play(game, (0, "hide"), (1, "reveal"), (2, "hide"))
    events = play(game, (1, "accuse 0"))
    assert events[0] == {"code": "accused", "seat": 1, "target": 0, "card": "black-7", "right": True,
                         "t": events[0]["t"]}
    collected = next(e for e in events if e["code"] == "collected")
    assert collected["seat"] == 0 and game.caller == 0
    assert collector_after_accusation(1, 0, "black-7", "black") == 0


def test_a_wrong_accusation_gives_the_accuser_the_round_s_cards():
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-7", "black-2", "red-9"])
    play(game, (0, "reveal"), (1, "reveal"), (2, "hide"))
    events = play(game, (0, "accuse 2"))
    assert events[0]["right"] is False and events[0]["card"] == "red-9"
    assert next(e for e in events if e["code"] == "collected")["seat"] == 0
    assert collector_after_accusation(0, 2, "red-9", "black") == 0


def test_only_the_seat_on_turn_chooses():
    game = position(THREE, caller=0, colour="black")
    lay_all(game, ["black-7", "black-2", "red-9"])
    play(game, (0, "reveal"), (1, "reveal"), (2, "hide"))
    for action in ("continue", "end", "accuse 2"):
        assert refused(game, 1, action) == "not_on_turn"


# The fattest egg --------------------------------------------------------------------------------


def settle(hands, laid, reveals, final, caller=0):
    game = position(hands, caller=caller, colour="black")
    lay_all(game, laid)
    play(game, *((seat, decision) for seat, decision in reveals))
    return [e for e in play(game, final) if e["code"] in ("fattest_egg", "no_fattest_egg", "turned_up")]


FOUR = [["black-1", "black-3"], ["black-9", "red-1"], ["black-5", "black-6"], ["yellow-12", "red-4"]]


def test_the_highest_hidden_card_of_the_called_colour_earns_the_fattest_egg():
    events = settle(FOUR, ["black-1", "black-9", "black-5", "yellow-12"],
                    [(0, "reveal"), (1, "hide"), (2, "hide"), (3, "hide")], (0, "end"))
    assert events[0]["cards"] == {"1": "black-9", "2": "black-5", "3": "yellow-12"}
    assert events[1] == {"code": "fattest_egg", "seat": 1, "card": "black-9", "t": events[1]["t"]}


def test_a_voluntarily_revealed_card_cannot_earn_the_fattest_egg():
    events = settle(FOUR, ["black-1", "black-9", "black-5", "yellow-12"],
                    [(0, "hide"), (1, "reveal"), (2, "hide"), (3, "hide")], (1, "end"))
    assert events[-1]["code"] == "fattest_egg" and events[-1]["seat"] == 2, "black 5, not the revealed 9"


def test_the_card_an_accusation_uncovered_cannot_earn_the_fattest_egg():
    events = settle(FOUR, ["black-1", "black-9", "black-5", "yellow-12"],
                    [(0, "reveal"), (1, "hide"), (2, "hide"), (3, "hide")], (0, "accuse 1"))
    assert "1" not in events[0]["cards"]
    assert events[-1]["seat"] == 2, "the accused's black 9 is out; black 5 wins"


def test_another_colour_never_earns_the_fattest_egg():
    hands = [["black-1", "black-3"], ["red-9", "red-1"], ["black-5", "black-6"], ["yellow-12", "red-4"]]
    events = settle(hands, ["black-1", "red-1", "black-6", "yellow-12"],
                    [(0, "reveal"), (1, "hide"), (2, "reveal"), (3, "hide")], (2, "end"))
    assert events[-1]["code"] == "no_fattest_egg"
    assert fattest_egg(["red-1", "yellow-12"], [0, 1], "black") is None


def test_nothing_left_face_down_means_no_fattest_egg_and_no_turning_up():
    events = settle(FOUR, ["black-1", "black-9", "black-5", "yellow-12"],
                    [(0, "reveal"), (1, "reveal"), (2, "reveal"), (3, "hide")], (1, "accuse 3"))
    assert [e["code"] for e in events] == ["no_fattest_egg"]


def test_only_the_last_pass_counts_for_the_fattest_egg():
    hands = [["black-1", "black-2"], ["black-9", "red-1"], ["black-5", "red-2"], ["red-3", "red-4"]]
    game = position(hands, caller=0, colour="black")
    lay_all(game, ["black-1", "black-9", "black-5", "red-3"])
    play(game, (0, "reveal"), (1, "hide"), (2, "hide"), (3, "hide"), (0, "continue"))
    lay_all(game, ["black-2", "red-1", "red-2", "red-4"])
    events = play(game, (0, "hide"), (1, "hide"), (2, "hide"), (3, "hide"), (0, "end"))
    turned = next(e for e in events if e["code"] == "turned_up")
    assert turned["cards"] == {"0": "black-2", "1": "red-1", "2": "red-2", "3": "red-4"}
    assert next(e for e in events if "fattest" in e["code"]) == {
        "code": "fattest_egg", "seat": 0, "card": "black-2", "t": events[-1]["t"]}, "the hidden 9 of pass 1 is gone"


def test_only_the_last_pass_counts_for_who_is_on_turn_and_whom_to_accuse():
    hands = [["black-1", "black-2"], ["black-9", "red-1"], ["black-5", "red-2"]]
    game = position(hands, caller=0, colour="black")
    lay_all(game, ["black-1", "black-9", "black-5"])
    play(game, (0, "hide"), (1, "reveal"), (2, "hide"), (1, "continue"))
    lay_all(game, ["black-2", "red-1", "red-2"])
    play(game, (1, "hide"), (2, "hide"), (0, "hide"))
    assert game.on_turn == 1, "the black 9 of pass 1 does not count: nobody revealed, the pass caller"
    assert game.legal_actions(1)[-2:] == ["accuse 0", "accuse 2"]


def test_scenario_positions_are_checked():
    with pytest.raises(ValueError):
        position([["black-1"], ["black-1"], ["red-1"]])  # a card twice
    with pytest.raises(ValueError):
        position([["black-10"], ["black-1"], ["red-1"]])  # not in a 3-player game
    with pytest.raises(ValueError):
        position([["black-2", "red-5"], ["black-1"], ["red-1"]])  # unequal hands
    with pytest.raises(ValueError):
        Game.from_scenario({"players": 3, "hands": [["red-1"], ["red-2"], ["red-3"]], "colour": "green"})
    with pytest.raises(ValueError):
        Game.from_scenario({"players": 3, "hands": [["red-1"], ["red-2"], ["red-3"]], "moves": []})


def test_a_scenario_can_start_in_a_later_pass_with_earlier_cards_on_the_table():
    game = Game.from_scenario({
        "players": 3, "hands": [["black-1"], ["red-5"], ["blue-9"]], "caller": 0, "colour": "black",
        "passes": [["black-7", "black-2", "red-9"]], "revealed": [[1, 1]], "piles": [2, ["yellow-1"], 0],
        "rewards": [1, 0, 0], "scores": [4, -2, 0], "game_no": 2, "dealer": 2})
    assert game.pass_no == 2 and game.pass_caller == 1, "seat 1 revealed the highest: it continued"
    assert game.phase == "lay" and game.view(0)["reveal_order"] == [1, 2, 0]
    assert game.view(2)["stacks"][1] == [{"card": "black-2", "face": "up", "mine": False},
                                         {"card": None, "face": "empty", "mine": False}]
    assert game.view(2)["stacks"][0][0] == {"card": None, "face": "down", "mine": False}
    assert game.view(0)["piles"] == [2, 1, 0] and game.piles[0] == ["black-3", "black-4"]
    assert (game.game_no, game.dealer, game.options["dealer"]) == (2, 2, 1)
    lay_all(game, ["black-1", "red-5", "blue-9"])
    events = play(game, (1, "hide"), (2, "hide"), (0, "reveal"), (0, "end"))
    assert next(e for e in events if e["code"] == "collected")["count"] == 6


@pytest.mark.parametrize("bad", [
    {"passes": [["black-7", "black-2", "red-9"]], "colour": None},
    {"passes": [["black-7", "black-2"]]},
    {"passes": [["black-7", "black-2", "red-9"]], "revealed": [[1, 2]]},
    {"passes": [["black-7", "black-2", "red-9"]], "revealed": [[2, 0]]},
    {"piles": [["black-1"], [], []]},
    {"piles": [99, 0, 0]},
    {"rewards": [13, 0, 0]},
    {"game_no": 6},
    {"caller": 3},
])
def test_a_scenario_that_cannot_be_is_refused(bad):
    scenario = {"players": 3, "hands": [["black-1"], ["red-5"], ["blue-9"]], "colour": "black", **bad}
    with pytest.raises(ValueError):
        Game.from_scenario(scenario)


def test_a_scenario_after_a_silent_pass_keeps_the_seat_that_continued_as_caller():
    # Pass 1: seat 2 revealed the highest and continued, so it called pass 2; in pass 2
    # nobody revealed, so seat 2 (its caller) stayed on turn and continued again: it calls
    # pass 3, not the round's caller (seat 0).
    game = Game.from_scenario({
        "players": 3, "hands": [["black-1"], ["red-5"], ["blue-9"]], "caller": 0, "colour": "black",
        "passes": [["black-2", "red-1", "black-8"], ["red-2", "blue-1", "yellow-4"]],
        "revealed": [[1, 0], [1, 2]]})
    assert game.pass_no == 3 and game.pass_caller == 2
    assert game.view(1)["reveal_order"] == [2, 0, 1]


def test_continued_by_follows_every_pass_of_the_round():
    from games.mogelei.engine.game import _continued_by
    passes = [["black-2", "black-5", "red-1"], ["red-2", "blue-1", "yellow-4"], ["black-1", "red-3", "blue-2"]]
    assert _continued_by(passes, [[0, 1], [], []], caller=2) == 1, "seat 1 revealed highest, then two silent passes"
    assert _continued_by(passes, [[0, 1], [], [0]], caller=2) == 0, "seat 0 revealed in the last pass"
    assert _continued_by(passes[:1], [[]], caller=2) == 2, "nobody revealed: the caller stays on turn"
