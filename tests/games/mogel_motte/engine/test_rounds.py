"""Round end, scoring, the next guard, the end of the game."""

from games.mogel_motte.engine import Game


def test_scoring_is_1_per_number_5_per_action_10_per_moth(make):
    game = make([["3"], ["1", "spider2", "moth4"], ["ant5", "5"]], discard=["2"])
    game.apply(0, "play 3", 1)
    assert game.history[0]["minus"] == [0, 16, 6]
    assert game.scores == [0, 16, 6]


def test_the_next_round_goes_to_the_left_of_the_last_starter(make):
    game = make([["3"], ["1", "1"], ["1", "1"]], discard=["2"], guard=2, turn=0, starter=1)
    game.apply(0, "play 3", 1)
    assert game.starter == 2 and game.guard == 2 and game.turn == 2


def test_the_game_lasts_as_many_rounds_as_players_and_fewest_points_win(make):
    game = make([["3"], ["1", "1"], ["moth1", "1"]], discard=["2"], round=3, scores=[20, 3, 0])
    game.apply(0, "play 3", 1)
    assert game.over
    assert game.scores == [20, 5, 11]
    assert game.ranking() == [[1], [2], [0]]
    assert game.view(0)["ranking"] == [[1], [2], [0]]


def test_a_single_round_game_ends_after_one_round():
    from games.mogel_motte.engine.simulate import random_game

    game, _ = random_game(4, seed=3, rounds="single")
    assert game.over and len(game.history) == 1


def test_tied_players_share_a_place(make):
    game = make([["3"], ["1"], ["2", "2"]], discard=["2"], round=3, scores=[1, 0, 0])
    game.apply(0, "play 3", 1)
    assert game.ranking() == [[0, 1], [2]]


def test_a_full_game_has_a_round_per_player():
    from games.mogel_motte.engine.simulate import random_game

    for players in (3, 4, 5):
        game, _ = random_game(players, seed=players)
        assert game.over and [r["round"] for r in game.history] == list(range(1, players + 1))
        assert game.scores == [sum(r["minus"][s] for r in game.history) for s in range(players)]
        assert game.legal_actions(0) == []


def test_options_are_checked():
    import pytest

    for bad in ({"ant_pile": "floor"}, {"rounds": "many"}, {"first_guard": 4}, {"act_ms": 100}, {"colour": 1}):
        with pytest.raises(ValueError):
            Game.new(4, seed=1, **bad)
