"""Mogel Motte's table at a tempo (issue 33): the bots' planned moves (the platform's pace floor
included) and the tells a guard must spot last ``tempo`` times as long."""

import re

import pytest

from games.mogel_motte.table import bots
from mogel import games

from tests.platform.play_helpers import version_of
from .test_cheating import SNEAKY, YOU_GUARD, game_of, table, wait_for_tell  # noqa: F401 (table: a fixture)

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


@pytest.mark.django_db
@pytest.mark.parametrize("tempo", (1, 3))
def test_at_the_table_a_tell_and_the_act_it_belongs_to_last_tempo_times_as_long(client, table, clock, settings,
                                                                                  tempo):
    settings.MOGEL_PLAY_SCENARIO = YOU_GUARD
    settings.MOGEL_BOT_PROFILE = SNEAKY
    settings.MOGEL_BOT_PACE_MS = 1000
    url = client.post("/en/play/", {"name": "Ann", "players": 3, "level": "easy", "rounds": "single",
                                    "ant_pile": "discard", "tempo": tempo}).url
    seat, html = wait_for_tell(client, clock, url, version_of(client.get(url).content.decode()), limit=200 * tempo)
    shown = re.search(rf'data-seat="{seat}" data-tell="[^"]+" data-tell-ms="(\d+)"', html)
    assert int(shown.group(1)) == 800 * tempo
    game = game_of(url)
    cheated = next(e for e in game.log if e["code"] == "cheated" and e["seat"] == seat)
    assert game.acts[seat]["until"] - cheated["t"] == 2000 * tempo, "the act (settings: 2 s) scales too"
