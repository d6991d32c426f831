"""Mogel Motte's expert: it prices a cheat by the guard's known noticing model, decides from its own
view only (the same decision when the cards it cannot see are dealt differently), and plays legally."""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.bots import PROFILES, Bot, next_move, observe, play_bots
from games.mogel_motte.engine.expert import ExpertBot, cheat_value, notice_chance

from .test_bot_levels import shuffled_hidden_cards

HAND = ["moth2", "1", "3", "4", "5"]


def expert_move(game, seat=2):
    bots, memories = {seat: ExpertBot()}, {}
    observe(game, bots, memories, 0)
    return next_move(game, bots, memories, 0)


def test_the_expert_cheats_its_moth_while_the_guard_is_busy_with_its_own_turn(make):
    game = make([["1", "2", "3"], ["2", "3", "4"], HAND], discard=["4"], guard=0, turn=0)
    move = expert_move(game)
    assert move is not None and move.action == "cheat moth2"


def test_the_expert_keeps_still_while_an_idle_guard_watches(make):
    # The guard (seat 0) is idle while seat 1 is on turn: a hard guard notices 90% of cheats.
    game = make([["1", "2", "3"], ["2", "3", "4"], HAND], discard=["4"], guard=0, turn=1)
    assert expert_move(game) is None
    hard = {2: Bot("hard")}
    cheats = 0
    for seed in range(300):     # hard cheats now and then even so (its rate when the guard is idle)
        move = next_move(game, hard, {}, seed)
        cheats += move is not None and move.action.startswith("cheat ")
    assert cheats > 0


def test_with_two_moths_being_caught_pays_too_the_caught_seat_becomes_the_guard(make):
    # Only the guard may play a moth: a caught cheater with moths in hand gets the Guard Bug.
    game = make([["1", "2", "3"], ["2", "3", "4"], ["moth2", "moth4", "1", "3", "5"]], discard=["4"],
                guard=0, turn=1)
    move = expert_move(game)
    assert move is not None and move.action in ("cheat moth2", "cheat moth4")


def test_the_guards_chance_follows_the_documented_table_and_its_bonuses(make):
    hard = PROFILES["hard"]
    view = make([["1", "2"], ["2", "3"], HAND], discard=["4"], guard=0, turn=1).view(2)
    assert notice_chance(hard, view, {}) == hard["notice"]["idle"]
    assert notice_chance(hard, view, {"caught_by": [0]}) == 0.95, "capped"
    busy = make([["1", "2"], ["2", "3"], HAND], discard=["4"], guard=0, turn=0).view(2)
    assert notice_chance(hard, busy, {}) == hard["notice"]["turn"]
    few = make([["1", "2"], ["2", "3"], ["moth2", "1", "3", "4"]], discard=["4"], guard=0, turn=0).view(2)
    assert notice_chance(hard, few, {}) == hard["notice"]["turn"] + hard["notice_bonus_few"]


def test_a_moth_is_worth_more_to_cheat_than_a_number_and_a_watchful_guard_less_than_a_busy_one():
    assert cheat_value("moth3", 0.4) > cheat_value("spider3", 0.4) > cheat_value("3", 0.4)
    assert cheat_value("moth3", 0.4) > cheat_value("moth3", 0.6) > cheat_value("moth3", 0.9)
    assert cheat_value("3", 0.9) < 0 < cheat_value("moth3", 0.4)


def test_the_expert_remembers_which_guard_caught_it(make):
    game = make([["1", "2", "3"], ["2", "3", "4"], HAND], discard=["4"], guard=0, turn=0)
    bots, memories = {2: ExpertBot()}, {}
    game.apply(2, "cheat moth2", 100)
    game.apply(0, "catch 2", 600)
    observe(game, bots, memories, 0)
    assert memories[2]["caught_by"] == [0]


def mixed(players, seed):
    return {s: (ExpertBot() if (s + seed) % 2 else Bot("hard")) for s in range(players)}


def test_whole_games_of_experts_and_hard_bots_end_with_legal_moves_only():
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        game = Game.new(players, seed)
        stats = play_bots(game, mixed(players, seed), seed)   # next_move refuses an illegal choice
        assert game.over and len(game.history) == players
        assert any(c["seat"] % 2 != seed % 2 for c in stats["cheats"]), "the experts cheat too"


def same_decision_when_hidden_cards_move(game, bots, memories, seed, rng):
    compared = 0
    for seat, bot in bots.items():
        if not isinstance(bot, ExpertBot):
            continue
        other = shuffled_hidden_cards(game, seat, rng)
        assert other.view(seat) == game.view(seat)
        one = {seat: bot}
        mine = next_move(game, one, copy.deepcopy(memories), seed)
        theirs = next_move(other, one, copy.deepcopy(memories), seed)
        assert mine == theirs
        compared += mine is not None
    return compared


def test_the_experts_decision_does_not_depend_on_cards_it_cannot_see():
    compared = 0
    for seed in range(3):
        game, bots, memories = Game.new(4, seed), mixed(4, seed), {}
        rng = random.Random(seed)
        for stop in range(4_000, 80_000, 4_000):
            play_bots(game, bots, seed, memories, until=stop)
            if game.over:
                break
            compared += same_decision_when_hidden_cards_move(game, bots, memories, seed, rng)
    assert compared > 30


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5), stop=st.integers(1_000, 120_000))
def test_property_any_position_reshuffled_behind_the_experts_back_gives_the_same_move(seed, players, stop):
    game, bots, memories = Game.new(players, seed), mixed(players, seed), {}
    play_bots(game, bots, seed, memories, until=stop)
    if not game.over:
        same_decision_when_hidden_cards_move(game, bots, memories, seed, random.Random(seed))
