"""Mogelei's bots at a tempo (issue 33): every decision takes ``tempo`` times as long, on top of
the lobby's pace, and the match keeps its tempo in its own state."""

import json

import pytest

from games.mogelei.table import bots
from mogel import games


def match(tempo, seed):
    return games.get("mogelei").new_game(4, seed, {"games": 1, "dealer": "right", "tempo": tempo})


@pytest.mark.parametrize("pace", ("relaxed", "normal", "quick"))
def test_every_bot_decision_takes_tempo_times_as_long(settings, pace):
    settings.MOGEL_BOT_PACE_MS = 1000
    for seed in range(10):
        for seat in range(1, 4):
            usual = bots.delay_ms(match(1, seed), seat, pace)
            for tempo in (3, 10):
                assert abs(bots.delay_ms(match(tempo, seed), seat, pace) - usual * tempo) <= tempo


def test_the_next_bot_move_is_planned_tempo_times_as_late(settings):
    settings.MOGEL_BOT_PACE_MS = 1000
    kind = games.get("mogelei")
    for seed in range(5):
        usual = kind.plan(match(1, seed), "normal", {}, pace="normal", seats={0, 1, 2, 3})
        slow = kind.plan(match(10, seed), "normal", {}, pace="normal", seats={0, 1, 2, 3})
        assert (slow.seat, slow.action) == (usual.seat, usual.action) and abs(slow.at - 10 * usual.at) <= 10


def test_a_match_of_before_the_tempo_plays_at_the_usual_one(settings):
    settings.MOGEL_BOT_PACE_MS = 1000
    kind = games.get("mogelei")
    game = match(1, 3)
    state = json.loads(game.to_json())
    del state["options"]["tempo"]
    old = kind.from_json(json.dumps(state))
    assert bots.delay_ms(old, 1, "normal") == bots.delay_ms(game, 1, "normal")
