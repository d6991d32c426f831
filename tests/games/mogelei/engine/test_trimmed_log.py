"""A match that keeps only the end of its log plays exactly like one that keeps it whole.

The web game stores every event in a table and keeps in its row only the end of the log
the game still reads (``Game.trim_log``), as it does for Mogel Motte.
"""

import json
import random

import pytest

from games.mogelei.engine import Game, deck
from games.mogelei.engine.replay import replay
from games.mogelei.engine.simulate import random_game, random_step


def test_a_trimmed_match_plays_and_views_as_the_whole_one_and_stays_small():
    whole, trimmed = Game.new(5, seed=3), Game.new(5, seed=3)
    rng_whole, rng_trimmed = random.Random(3), random.Random(3)
    stored, biggest = [], 0
    while (move := random_step(whole, rng_whole)) is not None:
        assert random_step(trimmed, rng_trimmed) == move
        stored += trimmed.trim_log()
        trimmed = Game.from_json(trimmed.to_json())
        assert stored + trimmed.log == whole.log and trimmed.log_length == len(whole.log)
        for seat in (*range(5), None):
            full, short = whole.view(seat), trimmed.view(seat)
            assert short["log"] == full["log"][short["log_start"]:]
            assert {**short, "log": None, "log_start": 0} == {**full, "log": None}
        biggest = max(biggest, len(trimmed.to_json()))
    assert trimmed.over and trimmed.scores == whole.scores
    assert biggest <= 8192, biggest


def test_the_log_keeps_the_last_public_event():
    game = Game.new(3, seed=1)
    game.trim_log()
    assert [e["code"] for e in game.log] == ["round_start"]
    assert game.log_base == 4 and game.view(0)["log_start"] == 2, "game_start and its own dealt event"
    assert game.view(None)["log_start"] == 1
    game.apply(0, "call red", 10)
    game.apply(1, game.legal_actions(1)[0], 20)
    game.trim_log()
    assert [e["code"] for e in game.log] == ["laid"]


def test_the_stored_events_replay_the_match_and_refuse_a_changed_one():
    game, _ = random_game(4, seed=6, games=1)
    events = json.loads(json.dumps(game.log))
    again = replay(Game.new(4, 6, games=1), events)
    assert again.to_json() == game.to_json()
    laid = next(i for i, e in enumerate(events) if e["code"] == "laid")
    events[laid]["card"] = next(c for c in deck(4) if c != events[laid]["card"])
    with pytest.raises(ValueError):
        replay(Game.new(4, 6, games=1), events)
    with pytest.raises(ValueError):
        replay(Game.new(4, 7, games=1), game.log)
