"""The bots' timing at the web table tells nothing the rules hide."""

from __future__ import annotations

from games.mogelei.engine import Game
from games.mogelei.table import bots

HANDS_FOLLOW = [["red-2", "red-5"], ["red-1", "black-2"], ["yellow-1", "red-3"]]
HANDS_CANNOT = [["red-2", "red-5"], ["black-1", "black-3"], ["yellow-1", "yellow-2"]]


def position(hands):
    return Game.from_scenario({"players": 3, "hands": hands, "caller": 0, "colour": "red", "dealer": 2}, seed=9)


def test_a_bot_lays_after_the_same_moment_whether_or_not_it_can_follow(settings):
    settings.MOGEL_BOT_PACE_MS = 1000
    follow, cannot = position(HANDS_FOLLOW), position(HANDS_CANNOT)
    for seat in (1, 2):
        assert bots.delay_ms(follow, seat, "normal") == bots.delay_ms(cannot, seat, "normal")


def test_a_forced_keep_hidden_takes_as_long_as_a_free_choice(settings):
    settings.MOGEL_BOT_PACE_MS = 1000
    follow, cannot = position(HANDS_FOLLOW), position(HANDS_CANNOT)
    for game, cards in ((follow, ["red-2", "red-1", "red-3"]), (cannot, ["red-2", "black-1", "yellow-1"])):
        for seat, card in enumerate(cards):
            game.apply(seat, f"lay {card}", game.clock + 1)
        game.apply(0, "hide", game.clock + 1)
    assert follow.legal_actions(1) == ["reveal", "hide"] and cannot.legal_actions(1) == ["hide"]
    assert bots.delay_ms(follow, 1, "normal") == bots.delay_ms(cannot, 1, "normal")


def test_every_decision_takes_a_visible_moment_at_the_chosen_pace(settings):
    settings.MOGEL_BOT_PACE_MS = 1000
    game = position(HANDS_FOLLOW)
    quick, relaxed = bots.delay_ms(game, 1, "quick"), bots.delay_ms(game, 1, "relaxed")
    assert 250 <= quick < relaxed <= 1.8 * 1000
    assert relaxed == round(quick / 0.6 * 1.8) or abs(relaxed - quick / 0.6 * 1.8) <= 2
