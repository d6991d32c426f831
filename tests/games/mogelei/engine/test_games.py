"""Dealing, the end of a game, scoring, the match of 5 games (or 1), options, JSON."""

import random

import pytest

from games.mogelei.engine import Game, deck, eggs
from games.mogelei.engine.game import game_points, places

from .helpers import codes, lay_all, play, position

LAST = [["black-1"], ["black-2"], ["red-3"]]


def finish_round(game, laid=("black-1", "black-2", "red-3")):
    """The one-card round of LAST: seat 1 reveals its black 2 and ends; seat 0's hidden black 1 earns the egg."""
    lay_all(game, list(laid))
    return play(game, (0, "hide"), (1, "reveal"), (2, "hide"), (1, "end"))


def test_a_new_game_deals_every_card_in_play_12_each():
    for players in range(3, 9):
        game = Game.new(players, seed=players)
        assert sorted(c for h in game.hands for c in h) == sorted(deck(players))
        assert [len(h) for h in game.hands] == [12] * players
        dealt = [e for e in game.log if e["code"] == "dealt"]
        assert [(e["seat"], e["only"]) for e in dealt] == [(s, [s]) for s in range(players)]


def test_the_first_caller_sits_left_of_the_dealer_and_by_default_that_is_seat_0():
    game = Game.new(4, seed=1)
    assert (game.dealer, game.caller) == (3, 0)
    assert codes(game.log) == ["game_start", "dealt", "dealt", "dealt", "dealt", "round_start"]
    assert game.log[0] == {"code": "game_start", "game": 1, "dealer": 3, "caller": 0, "t": 0}
    game = Game.new(4, seed=1, dealer=1)
    assert (game.dealer, game.caller, game.expected()) == (1, 2, [2])


def test_the_same_seed_deals_the_same_hands_and_another_seed_others():
    assert Game.new(5, seed=7).hands == Game.new(5, seed=7).hands
    assert Game.new(5, seed=7).hands != Game.new(5, seed=8).hands


def test_the_collector_calls_the_next_round():
    game = position([["black-1", "red-1"], ["black-2", "red-2"], ["red-3", "blue-3"]], colour="black")
    lay_all(game, ["black-1", "black-2", "red-3"])
    play(game, (0, "reveal"), (1, "hide"), (2, "hide"), (0, "accuse 1"))
    assert game.caller == 1 and game.expected() == [1] and game.round == 2 and game.game_round == 2


def test_a_game_ends_when_the_hands_are_empty_and_the_next_dealer_deals():
    game = position(LAST, colour="black", dealer=2, options={"games": 5})
    events = finish_round(game)
    assert codes(events)[-7:] == ["round_end", "game_end", "game_start", "dealt", "dealt", "dealt", "round_start"]
    assert game.game_no == 2 and game.dealer == 0 and game.caller == 1, "the dealer moves one seat on"
    assert [len(h) for h in game.hands] == [12, 12, 12]
    assert game.rewards == [0, 0, 0] and game.view(0)["piles"] == [0, 0, 0] and game.rewards_left == 12
    assert game.view(0)["games_history"][0]["game"] == 1


def test_the_dealer_rotates_clockwise_game_after_game():
    game = Game.new(3, seed=4)
    rng, dealers = random.Random(4), [game.dealer]
    while not game.over:
        seat = rng.choice(game.expected())
        game.apply(seat, rng.choice(game.legal_actions(seat)), game.clock + 1)
        if game.log[-1]["code"] == "round_start" and game.game_round == 1:
            dealers.append(game.dealer)
    assert dealers == [2, 0, 1, 2, 0]
    starts = [e for e in game.log if e["code"] == "game_start"]
    assert [(e["dealer"], e["caller"]) for e in starts] == [(2, 0), (0, 1), (1, 2), (2, 0), (0, 1)]


def test_game_points_are_3_per_reward_minus_the_eggs_collected():
    game = position(LAST, colour="black", rewards=[2, 1, 0], piles=[["blue-9", "blue-1"], [], ["red-8"]],
                    options={"games": 1})
    events = finish_round(game)
    # seat 1 collected black-1, black-2, red-3 (1 egg each); seat 0 earned the egg with its hidden black 1.
    end = next(e for e in events if e["code"] == "game_end")
    assert end["rewards"] == [3, 1, 0]
    assert end["eggs"] == [2 + 1, 3, 1]
    assert end["points"] == [9 - 3, 3 - 3, -1] == game_points([3, 1, 0], [3, 3, 1])
    assert end["totals"] == end["points"] and game.scores == end["points"]


def test_the_one_egg_option_counts_every_card_once():
    game = position(LAST, colour="black", piles=[["blue-9"], [], ["red-8", "red-9"]], options={"games": 1, "eggs": "one"})
    end = next(e for e in finish_round(game) if e["code"] == "game_end")
    assert end["eggs"] == [1, 3, 2]
    assert eggs("blue-9", "by_value") == 2, "the default would have counted 2 for it"


def test_eggs_are_counted_only_at_the_end_of_a_game():
    game = position([["black-1", "red-1"], ["black-2", "red-2"], ["red-3", "blue-3"]], colour="black")
    events = finish_round(game)
    assert all("eggs" not in e for e in events) and game.view(1)["piles"] == [0, 3, 0]
    assert "eggs" not in str(game.view(1)["history"])


def test_a_match_is_5_games_and_the_best_total_wins():
    game = position(LAST, colour="black", game_no=5, scores=[10, -3, 4], rewards=[0, 0, 0])
    events = finish_round(game)
    assert codes(events)[-2:] == ["game_end", "match_end"]
    assert game.over and game.phase == "over" and game.expected() == []
    # seat 0: +3 (fattest egg); seat 1: -3 (three eggs collected); seat 2: 0
    assert game.scores == [13, -6, 4]
    assert events[-1]["totals"] == [13, -6, 4] and events[-1]["ranking"] == [[0], [2], [1]]
    assert game.view(2)["ranking"] == [[0], [2], [1]]
    assert all(game.legal_actions(s) == [] for s in range(3))


def test_the_one_game_option_ends_the_match_after_one_game():
    game = position(LAST, colour="black", options={"games": 1})
    finish_round(game)
    assert game.over and len(game.games_history) == 1


def test_whole_matches_last_5_games_or_1():
    for games in (5, 1):
        game = Game.new(6, seed=games, games=games)
        rng = random.Random(games)
        while not game.over:
            seat = rng.choice(game.expected())
            game.apply(seat, rng.choice(game.legal_actions(seat)), game.clock + 1)
        assert [g["game"] for g in game.games_history] == list(range(1, games + 1))
        assert game.scores == [sum(g["points"][s] for g in game.games_history) for s in range(6)]


def test_tied_totals_share_a_place():
    assert places([3, 5, 3, -1]) == [[1], [0, 2], [3]]


@pytest.mark.parametrize("bad", [{"eggs": "two"}, {"games": 3}, {"games": True}, {"dealer": 4}, {"dealer": -1}])
def test_options_are_checked(bad):
    with pytest.raises(ValueError):
        Game.new(4, seed=1, **bad)


@pytest.mark.parametrize("players", [2, 9, "5"])
def test_mogelei_is_for_3_to_8_players(players):
    with pytest.raises(ValueError):
        Game.new(players, seed=1)


def test_json_round_trip_is_exact_at_every_step_of_a_match():
    game = Game.new(3, seed=9, games=1)
    rng = random.Random(9)
    while not game.over:
        text = game.to_json()
        restored = Game.from_json(text)
        assert restored.to_json() == text
        assert all(restored.view(s) == game.view(s) for s in (0, 1, 2, None))
        seat = rng.choice(game.expected())
        assert restored.legal_actions(seat) == game.legal_actions(seat)
        game.apply(seat, rng.choice(game.legal_actions(seat)), game.clock + 1)


def test_time_is_an_input_and_never_runs_backwards():
    game = Game.new(3, seed=1)
    assert game.advance(500) == [] and game.clock == 500 and game.next_deadline() is None
    with pytest.raises(Exception) as error:
        game.advance(499)
    assert error.value.code == "time_backwards"
