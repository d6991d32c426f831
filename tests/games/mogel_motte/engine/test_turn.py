"""Setup, the discard rule, drawing, and the empty draw pile."""

import pytest

from games.mogel_motte.engine import Game, IllegalAction
from games.mogel_motte.engine.cards import DECK


def plays(game, seat):
    return sorted(a for a in game.legal_actions(seat) if a.startswith(("play", "draw")))


def test_a_new_game_deals_8_cards_each_and_turns_up_one_discard():
    game = Game.new(4, seed=7)
    view = game.view(0)
    assert view["hand_sizes"] == [8, 8, 8, 8]
    assert view["discard_size"] == 1 and view["draw_size"] == 71 - 32 - 1
    assert view["guard"] == 0 and view["turn"] == 0, "the guard starts"


def test_first_guard_option_chooses_who_guards_and_starts():
    game = Game.new(3, seed=1, first_guard=2)
    assert game.guard == 2 and game.turn == 2


@pytest.mark.parametrize("players", [2, 6])
def test_the_game_is_for_3_to_5_players(players):
    with pytest.raises(ValueError):
        Game.new(players, seed=1)


def test_an_action_card_turned_up_at_setup_only_counts_by_its_value(make):
    game = make([["1", "3", "4"], ["2"], ["2"]], discard=["mosquito2"])
    assert plays(game, 0) == ["play 1", "play 3"]
    game.apply(0, "play 3", 10)
    assert game.phase == "turn" and game.turn == 1, "no mosquito window from the turned-up card"


@pytest.mark.parametrize("top, playable", [
    ("2", ["play 1", "play 3"]),
    ("1", ["play 2", "play 5"]),
    ("5", ["play 1", "play 4"]),
])
def test_on_a_card_you_play_one_above_or_below(make, top, playable):
    game = make([["1", "2", "3", "4", "5"], ["2"], ["2"]], discard=[top])
    assert plays(game, 0) == playable


def test_a_card_that_does_not_fit_is_refused_and_nothing_changes(make):
    game = make([["1", "4"], ["2"], ["2"]], discard=["2"])
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, "play 4", 5)
    assert refused.value.code == "does_not_fit"
    assert game.to_json() == before


def test_only_the_player_on_turn_plays(make):
    game = make([["1", "4"], ["3", "5"], ["2"]], discard=["2"])
    with pytest.raises(IllegalAction) as refused:
        game.apply(1, "play 3", 5)
    assert refused.value.code == "not_your_turn"


def test_play_moves_the_card_to_the_discard_pile_and_passes_the_turn_clockwise(make):
    game = make([["1", "4"], ["3", "5"], ["1", "4"]], discard=["2"], guard=2)
    game.apply(2, "play 1", 5)
    assert game.top == "1" and game.hands[2] == ["4"] and game.turn == 0


def test_when_nothing_fits_you_draw_one_card_and_the_turn_passes(make):
    game = make([["4", "4"], ["3"], ["3"]], discard=["2"], draw=["5", "1"])
    assert plays(game, 0) == ["draw"]
    game.apply(0, "draw", 5)
    assert game.hands[0] == ["4", "4", "1"], "the top card of the draw pile"
    assert game.turn == 1 and game.top == "2", "the drawn card is not played even though it fits"


def test_you_may_not_draw_when_a_card_fits(make):
    game = make([["1", "4"], ["3"], ["3"]], discard=["2"], draw=["5"])
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, "draw", 5)
    assert refused.value.code == "must_play"


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_under_its_top(make):
    game = make([["4", "4"], ["3"], ["3"]], discard=["1", "5", "2"], draw=[])
    game.apply(0, "draw", 5)
    assert game.discard == ["2"], "the top card stays"
    assert len(game.hands[0]) == 3 and game.hands[0][-1] in ("1", "5")
    assert len(game.draw) == 1


def test_with_nothing_left_to_draw_the_turn_just_passes(make):
    game = make([["4", "4"], ["4"], ["4", "4"]], discard=["2"], draw=[])
    game.apply(0, "draw", 5)
    assert game.hands[0] == ["4", "4"] and game.turn == 1


def test_a_lap_of_players_who_can_neither_play_nor_draw_ends_the_round(make):
    game = make([["4", "4"], ["4"], ["4", "4"]], discard=["2"], draw=[], options={"rounds": "single"})
    game.apply(0, "draw", 1)
    game.apply(1, "draw", 2)
    assert not game.over
    game.apply(2, "draw", 3)
    assert game.over
    assert game.history[-1]["out"] is None and game.history[-1]["minus"] == [2, 1, 2]


def test_a_new_round_deals_all_71_cards_again(make):
    game = make([["3"], ["4", "4"], ["4"]], discard=["2"], draw=[])
    game.apply(0, "play 3", 1)
    assert game.round == 2
    everywhere = [c for h in game.hands for c in h] + game.draw + game.discard + game.under
    assert sorted(everywhere) == sorted(DECK)
