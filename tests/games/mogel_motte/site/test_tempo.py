"""Mogel Motte's table at a tempo (issue 33): the bots' planned moves (the platform's pace floor
included) and the tells a guard must spot last ``tempo`` times as long."""

import pytest

from games.mogel_motte.table import bots
from mogel import games

CHOICES = {"rounds": "single", "ant_pile": "discard", "first_guard": "left"}


def planned(tempo, seed, level, pace):
    kind = games.get("mogel-motte")
    game = kind.new_game(4, seed, {**CHOICES, "tempo": tempo})
    memories = {}
    kind.observe(game, level, memories, pace)
    return kind.plan(game, level, memories, pace=pace)


@pytest.mark.parametrize("level", ("easy", "normal", "expert"))
@pytest.mark.parametrize("pace", ("quick", "relaxed"))
def test_the_bots_planned_moves_come_tempo_times_as_late(settings, level, pace):
    settings.MOGEL_BOT_PACE_MS = 1000
    for seed in range(8):
        usual = planned(1, seed, level, pace)
        for tempo in (3, 10):
            move = planned(tempo, seed, level, pace)
            assert (move.seat, move.action) == (usual.seat, usual.action)
            assert abs(move.at - usual.at * tempo) <= tempo, (seed, tempo, move, usual)


@pytest.mark.parametrize("level", ("easy", "normal", "hard", "expert"))
def test_a_bots_tell_shows_tempo_times_as_long(level):
    assert [bots.tell_ms(level, t) for t in (1, 3, 10)] == [bots.tell_ms(level) * t for t in (1, 3, 10)]
