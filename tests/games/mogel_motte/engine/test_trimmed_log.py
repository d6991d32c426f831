"""A game that keeps only the end of its log plays exactly like one that keeps it whole, and replays.

The web game stores every event in a table and keeps in its row only the end of the log
the game still reads (``Game.trim_log``); a game is then rebuilt from its seed and the
stored events (``games.mogel_motte.engine.replay``).
"""

import json

import pytest

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.bots import Bot, next_move, observe
from games.mogel_motte.engine.replay import replay

LEVELS = ("easy", "normal", "hard", "normal", "hard")


def step(game, bots, memories, seed):
    """One bot move or one closing window, then every bot looks; False once the game is over."""
    if game.over:
        return False
    move = next_move(game, bots, memories, seed)
    deadline = game.next_deadline()
    if deadline is not None and (move is None or deadline <= move.at):
        game.advance(deadline)
    else:
        game.apply(move.seat, move.action, move.at)
    observe(game, bots, memories, seed)
    return True


def twins(players, seed):
    """The same bot game twice: kept whole, and trimmed (through JSON) after every step like the web game.

    Yields both games after every step, with the events the trimmed one dropped so far.
    """
    whole, trimmed = Game.new(players, seed), Game.new(players, seed)
    bots = {s: Bot(LEVELS[s], pace_ms=400) for s in range(players)}
    memories_whole, memories_trimmed = {}, {}
    observe(whole, bots, memories_whole, seed)
    observe(trimmed, bots, memories_trimmed, seed)
    stored = []
    while step(whole, bots, memories_whole, seed):
        assert step(trimmed, bots, memories_trimmed, seed)
        stored += trimmed.trim_log()
        trimmed = Game.from_json(trimmed.to_json())
        assert memories_trimmed == memories_whole
        yield whole, trimmed, stored
    assert trimmed.over


@pytest.mark.parametrize("seed", [3, 11])
def test_a_trimmed_game_plays_as_the_whole_one_and_stays_small(seed):
    biggest = 0
    for whole, trimmed, stored in twins(5, seed):
        assert stored + trimmed.log == whole.log
        assert trimmed.log_length == len(whole.log)
        for seat in range(whole.players):
            full, short = whole.view(seat), trimmed.view(seat)
            assert short["log"] == full["log"][short["log_start"]:]
            assert {**short, "log": None, "log_start": 0} == {**full, "log": None}
        biggest = max(biggest, len(trimmed.to_json()))
    assert whole.over and trimmed.history == whole.history and trimmed.scores == whole.scores
    assert biggest <= 4096, biggest


def test_the_stored_events_replay_the_game():
    *_, (whole, trimmed, stored) = twins(5, 5)
    events = stored + trimmed.log
    start = Game.new(trimmed.players, trimmed.seed, **trimmed.options)
    again = replay(start, json.loads(json.dumps(events)))
    assert again.history == trimmed.history and again.scores == trimmed.scores
    assert again.log == events and again.hands == trimmed.hands


def test_a_replay_refuses_events_that_do_not_follow():
    *_, (whole, trimmed, stored) = twins(4, 2)
    events = json.loads(json.dumps(stored + trimmed.log))
    drew = next(i for i, e in enumerate(events) if e["code"] == "drew")
    events[drew]["card"] = "moth9" if events[drew]["card"] != "moth9" else "1"
    with pytest.raises(ValueError):
        replay(Game.new(4, 2), events)
    with pytest.raises(ValueError):
        replay(Game.new(4, 3), stored + trimmed.log)


def test_the_log_keeps_the_window_opening_and_the_last_public_event():
    game = Game.from_scenario({"players": 3, "hands": [["mosquito3", "1"], ["2", "4", "5"], ["1", "2", "moth3"]],
                               "discard": ["4"], "guard": 1, "turn": 0})
    game.apply(0, "play mosquito3", 100)
    game.apply(2, "cheat moth3", 150)
    game.apply(1, "slap", 200)
    game.trim_log()
    assert [e["code"] for e in game.log] == ["mosquito_open", "cheated", "slapped"]
    game.apply(2, "slap", 300)   # everyone slapped: the window closes, Emil (seat 2) was slowest
    game.trim_log()
    assert game.window is None and game.log[0]["code"] == "mosquito_slowest"
    assert game.view(0)["log_start"] == 5 and game.view(2)["log_start"] == 6   # the cheat is Emil's alone
