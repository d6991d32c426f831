"""The table's tempo (issue 33): every window and every bot timing set against a person scales
with it together, so a person reacting ``tempo`` times as slowly fares as at the usual tempo."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.bots import LEVELS, Bot, next_move, observe
from games.mogel_motte.engine.game import DEFAULT_OPTIONS

TEMPOS = (1, 3, 10)
HANDS = [["mosquito3", "cockroach3", "1", "4"], ["3", "2", "5"], ["2", "5", "4"]]


def at_tempo(make, tempo, hands=HANDS, **extra):
    return make(hands, discard=["2"], guard=0, options={"tempo": tempo, **extra.pop("options", {})}, **extra)


@pytest.mark.parametrize("tempo", TEMPOS)
def test_every_window_lasts_tempo_times_as_long(make, tempo):
    game = at_tempo(make, tempo, options={"land_ms": 400})
    game.apply(0, "play mosquito3", 1000)
    assert game.window["closes"] == 1000 + 400 + 2500 * tempo, "the flight never scales: it is the page's"
    game = at_tempo(make, tempo)
    game.apply(0, "play cockroach3", 1000)
    assert game.window["closes"] == 1000 + 3000 * tempo
    game = at_tempo(make, tempo, turn=1)
    game.apply(1, "cheat 3", 1000)
    assert game.acts[1]["until"] == 1000 + 3000 * tempo


def _reflex(make, tempo, level, card, seed):
    game = at_tempo(make, tempo)
    game.apply(0, f"play {card}", 1000)
    memories = {}
    observe(game, {1: Bot(level)}, memories, seed)
    at = memories[1]["reflex"]["at"]
    return None if at is None else at - 1000


@pytest.mark.parametrize("level", LEVELS)
def test_slaps_and_races_come_tempo_times_as_late(make, level):
    for seed in range(40):
        for card in ("mosquito3", "cockroach3"):
            usual = _reflex(make, 1, level, card, seed)
            for tempo in (3, 10):
                scaled = _reflex(make, tempo, level, card, seed)
                assert scaled == (None if usual is None else usual * tempo), (seed, card, tempo)


def _catch(make, tempo, seed):
    game = at_tempo(make, tempo, turn=2)
    bots = {0: Bot("normal", profile={"notice": {"idle": 1.0, "turn": 1.0, "window": 1.0}})}
    memories = {}
    observe(game, bots, memories, seed)
    game.apply(1, "cheat 3", 100)
    observe(game, bots, memories, seed)
    watch = memories[0]["watch"]["1"]
    move = next_move(game, bots, memories, seed)
    return watch["at"] - 100, watch["until"] - 100, move


def test_a_guard_bots_catch_comes_tempo_times_as_late_within_the_longer_act(make):
    for seed in range(30):
        usual, act, _move = _catch(make, 1, seed)
        for tempo in (3, 10):
            react, until, move = _catch(make, tempo, seed)
            assert (react, until) == (usual * tempo, act * tempo)
            if move is not None and move.action == "catch 1":
                assert move.at == 100 + react


def _deliberate(make, tempo, seed, level="normal"):
    """The bot's delay for its owed play (the table's pace floor aside: mogel.play.bots.paced)."""
    game = at_tempo(make, tempo, turn=1)
    bots = {1: Bot(level, pace_ms=1000)}
    memories = {}
    observe(game, bots, memories, seed)
    return next_move(game, bots, memories, seed, deliberate_only=True).at


@pytest.mark.parametrize("level", ("easy", "hard"))
def test_deliberate_moves_and_cheats_come_tempo_times_as_late(make, level):
    for seed in range(30):
        usual = _deliberate(make, 1, seed, level)
        for tempo in (3, 10):
            # Drawn as a fraction of the pace, then cut to whole ms: within a ms per factor.
            assert abs(_deliberate(make, tempo, seed, level) - usual * tempo) <= tempo


def test_a_bots_cheat_is_timed_tempo_times_as_late(make):
    def cheat_delay(tempo):
        game = at_tempo(make, tempo, hands=[["1", "4"], ["moth2", "5", "spider1"], ["2", "3"]], turn=2)
        bot = Bot("hard", pace_ms=1000, profile={"cheat_rate": 1.0,
                                                     "cheat_busy": {"idle": 1, "turn": 1, "window": 1}})
        view = game.view(1)
        return bot._cheat(view, ["cheat moth2"], [], {}, random.Random(7), 0)

    usual = cheat_delay(1)
    assert usual is not None, "this bot cheats here at every tempo"
    for tempo in (3, 10):
        delay, action = cheat_delay(tempo)
        assert action == usual[1] and abs(delay - usual[0] * tempo) <= tempo


def test_a_game_of_before_the_tempo_plays_as_the_usual_tempo(make):
    """A game saved before the tempo existed has no "tempo" option: its windows and bots stay as they were."""
    game = at_tempo(make, 1)
    state = json.loads(game.to_json())
    del state["options"]["tempo"]
    old = Game.from_json(json.dumps(state))
    old.apply(0, "play mosquito3", 1000)
    assert old.window["closes"] == 1000 + DEFAULT_OPTIONS["mosquito_ms"]
    memories = {}
    observe(old, {1: Bot("easy")}, memories, 5)
    fresh = at_tempo(make, 1)
    fresh.apply(0, "play mosquito3", 1000)
    mine = {}
    observe(fresh, {1: Bot("easy")}, mine, 5)
    assert memories[1]["reflex"] == mine[1]["reflex"]


def test_a_game_keeps_its_tempo_through_its_saved_state():
    game = Game.new(4, 11, tempo=10)
    again = Game.from_json(game.to_json())
    assert again.options["tempo"] == 10 and again.view(2)["options"]["tempo"] == 10


@pytest.mark.parametrize("tempo", (0, 11, -3, "3", 3.0, True, None))
def test_the_engine_refuses_a_tempo_that_is_not_a_whole_factor_from_1_to_10(tempo):
    with pytest.raises(ValueError, match="tempo"):
        Game.new(3, 1, tempo=tempo)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), tempo=st.sampled_from((3, 10)), level=st.sampled_from(LEVELS),
       card=st.sampled_from(("mosquito3", "cockroach3")), land=st.integers(0, 3000))
def test_property_a_window_and_the_bots_answer_to_it_scale_together(seed, tempo, level, card, land):
    """Whatever the seed, level, window and flight: at ``tempo`` the window is that many times
    as long and every bot answers it that many times as late, so its answer falls at the same
    share of the window as at the usual tempo."""
    def window_and_reflex(factor):
        game = Game.from_scenario({"players": 3, "hands": [list(h) for h in HANDS], "discard": ["2"],
                                   "guard": 0, "turn": 0, "options": {"tempo": factor, "land_ms": land}}, seed=seed)
        game.apply(0, f"play {card}", 500)
        memories = {}
        observe(game, {1: Bot(level), 2: Bot(level)}, memories, seed)
        landed = 500 + land
        answers = [None if m["reflex"]["at"] is None else m["reflex"]["at"] - landed for m in memories.values()]
        return game.window["closes"] - landed, answers

    usual_window, usual = window_and_reflex(1)
    window, answers = window_and_reflex(tempo)
    assert window == usual_window * tempo
    assert answers == [None if a is None else a * tempo for a in usual]
