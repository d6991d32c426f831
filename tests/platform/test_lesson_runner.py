"""The runner's shared predicates and checks on another kind's rules (the test kind Climb)."""

import dataclasses

import pytest

from tests.third_game.engine import Climb
from tests.third_game.kind import RULES
from tutorial import runner


def climb():
    return Climb.from_scenario({"players": 3, "hands": [["2", "9"], ["3"], ["4", "8"]], "top": 1, "turn": 0})


def test_shared_and_own_predicates_read_the_kinds_game():
    game = climb()
    game.apply(0, "lay 2", 10)
    assert runner.holds({"turn": 1}, game, RULES) and not runner.holds({"turn": 0}, game, RULES)
    assert runner.holds({"all": [{"top": 2}, {"phase": "lay"}, {"not": {"over": True}}]}, game, RULES)
    assert runner.holds({"event": "laid", "seat": 0, "card": "2"}, game, RULES)
    with pytest.raises(ValueError):
        runner.check_predicate({"guard": 0}, RULES)  # Mogel Motte's, not this kind's


def test_an_event_matcher_may_name_a_field_called_like_a_predicate():
    runner.check_predicate({"event": "laid", "top": 2}, RULES)
    with pytest.raises(ValueError):
        runner.check_predicate({"top": 2, "turn": 0}, RULES)


def test_a_kinds_predicate_key_can_make_a_step_about_the_end_of_a_round():
    about_top = dataclasses.replace(RULES, round_events=("round_end", "top"))
    step = {"success": {"all": [{"top": 9}]}}
    assert runner.about_round_end(step, about_top) and not runner.about_round_end(step, RULES)
