"""A round whose turns keep beginning in the same position is blocked on the fifth time
(docs/rules-decisions.md, section 28), and scored as section 9's round nobody can play on."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.bots import Bot, play_bots
from games.mogel_motte.engine.cards import minus_points
from games.mogel_motte.engine.expert import ExpertBot
from games.mogel_motte.engine.replay import replay
from games.mogel_motte.engine.simulate import random_step

# Every move forced (one legal action each turn): seats 0 and 2 play a 2, seats 1 and 3 an ant
# that hands the 2 and the card under it back. Once the draw pile is empty the table goes round
# the same four positions for ever; nobody cheats, nobody goes out.
LOOP = {"players": 4, "hands": [["2", "1"], ["ant3", "ant5"], ["5", "1"], ["ant2", "2"]],
        "discard": ["ant1"], "draw": ["2", "1", "4"], "guard": 3, "turn": 0, "options": {"rounds": "single"}}


# Steps (moves and windows closing) a bots-only game takes at most with the rule: bench/rounds.py
# measured the longest game under 3,000 moves at every level (docs/rules-decisions.md, section 28).
MOST_STEPS = 6000


class Unblocked(Game):
    """The rulebook alone: a round ends only on an empty hand (or section 9's lap of passes)."""

    block_at = None


def forced_move(game):
    owed = game.owed_actions(game.turn)
    assert len(owed) == 1, "every move of the loop is forced"
    return game.turn, owed[0]


def play_until(game, stop, limit=200):
    """Apply the forced moves, a second apart, until ``stop(game)`` or the round is over."""
    for _ in range(limit):
        if game.history or stop(game):
            return game
        game.apply(*forced_move(game), game.clock + 1000)
    return game


def test_the_fifth_turn_in_the_same_position_blocks_the_round_and_not_the_fourth():
    game = play_until(Game.from_scenario(LOOP), lambda g: g.repetitions() == 4)
    assert game.repetitions() == 4 and not game.history, "the fourth time the round goes on"
    while game.repetitions() == 4:
        game.apply(*forced_move(game), game.clock + 1000)
    # The loop has come back round: this turn would begin in a position for the fifth time.
    last = game.history[-1]
    assert last["repeated"] is True and last["out"] is None
    assert game.log[-2]["code"] == "round_end" and game.log[-2]["repeated"] is True
    assert game.over, "a one-round scenario is over"


def test_a_blocked_round_is_scored_as_a_round_nobody_can_play_on():
    game = play_until(Game.from_scenario(LOOP), lambda g: False)
    last = game.history[-1]
    # Section 9: nobody went out, every card left in a hand costs its minus points, as always.
    assert last["out"] is None
    assert last["minus"] == [minus_points(h) for h in last["hands"]] == [3, 5, 4, 11]
    assert last["totals"] == last["minus"]
    assert game.ranking() == [[0], [2], [1], [3]]


def test_without_the_rule_the_same_round_goes_round_for_ever():
    game = play_until(Unblocked.from_scenario(LOOP), lambda g: False, limit=400)
    assert not game.history and game.repetitions() > 50


def test_a_saved_game_keeps_its_count_and_blocks_the_round_on_the_same_move():
    game = play_until(Game.from_scenario(LOOP), lambda g: g.repetitions() == 3)
    restored = Game.from_json(game.to_json())
    assert restored.repetitions() == 3
    for played in (game, restored):
        play_until(played, lambda g: False)
    assert restored.to_json() == game.to_json()


def test_a_game_saved_before_positions_were_counted_loads_and_counts_from_there():
    game = play_until(Game.from_scenario(LOOP), lambda g: g.repetitions() == 4)
    state = json.loads(game.to_json())
    del state["positions"]
    old = Game.from_json(json.dumps(state))
    assert old.repetitions() == 0
    moves = 0
    while not old.history:
        old.apply(*forced_move(old), old.clock + 1000)
        moves += 1
    # Its first turn is counted once, then four more laps of the four-turn loop: five times.
    assert old.history[-1]["repeated"] and moves == 1 + 4 * 4


def test_a_blocked_round_replays_from_its_events():
    game = play_until(Game.from_scenario(LOOP), lambda g: False)
    again = replay(Game.from_scenario(LOOP), game.log)
    assert again.to_json() == game.to_json()


def test_the_next_round_is_dealt_after_a_blocked_one_and_counts_afresh():
    game = play_until(Game.from_scenario({**LOOP, "options": {"rounds": "full"}}), lambda g: False)
    assert game.history[-1]["repeated"] and game.round == 2 and not game.over
    assert game.repetitions() == 1 and len(game.positions) == 1, "the count starts again with the round"


# -- properties over random games -------------------------------------------------------------

players = st.integers(min_value=3, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32)

# Compared between two turns in the same position: all of every view but the time, the log
# and what earlier rounds left (the same round: the same history and scores).
_TIMELESS = ("clock", "log", "log_start", "changed_at")


def _views(game):
    views = [{k: v for k, v in game.view(s).items() if k not in _TIMELESS} for s in range(game.players)]
    for view in views:
        view["hand"] = sorted(view["hand"])  # the order a hand is held in is not the position
    return views


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(players, seeds, st.sampled_from([0.0, 0.0, 0.05]))
def test_turns_in_the_same_position_look_the_same_to_every_seat(n, seed, side_rate):
    """The position hides nothing a view shows: two turns that begin in the same position (by
    the count) look alike to every seat, so a blocked round never merges two different tables."""
    game, rng = Game.new(n, seed), random.Random(seed)
    seen: dict = {}
    for _ in range(3000):
        key = (game.round, game.position())
        if game.phase == "turn" and game.settling is None:
            assert seen.setdefault(key, _views(game)) == _views(game)
        if not random_step(game, rng, side_rate, 700):
            break


@settings(max_examples=16, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(players, st.integers(min_value=0, max_value=10**6), st.sampled_from(["easy", "normal", "hard", "expert"]))
def test_every_bots_only_game_ends(n, seed, level):
    """Bots of one level in every seat, seeded: the game is over within a bound of moves (without
    the rule, experts pass the same cards round the table for thousands: bench/rounds.py)."""
    game = Game.new(n, seed, first_guard=seed % n)
    bots = {s: ExpertBot(iterations=0) if level == "expert" else Bot(level) for s in range(n)}
    play_bots(game, bots, seed=seed, max_steps=MOST_STEPS)
    assert game.over
