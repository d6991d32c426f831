from collections import Counter

import pytest

from games.mogel_motte.engine import DECK, card
from games.mogel_motte.engine.cards import MINUS_POINTS, fits, may_give, may_play, minus_points, neighbours


def test_the_deck_holds_71_playing_cards_in_the_documented_split():
    kinds = Counter(card(c).kind for c in DECK)
    assert len(DECK) == 71
    assert kinds == {"number": 43, "spider": 5, "mosquito": 5, "cockroach": 5, "ant": 5, "moth": 8}
    assert sorted(card(c).value for c in DECK if card(c).kind == "moth") == [1, 2, 3, 3, 4, 4, 5, 5]
    for species in ("spider", "mosquito", "cockroach", "ant"):
        assert sorted(card(c).value for c in DECK if card(c).kind == species) == [1, 2, 3, 4, 5]
    assert Counter(c for c in DECK if card(c).kind == "number") == {"1": 9, "2": 9, "3": 9, "4": 8, "5": 8}


def test_every_card_has_a_value_from_1_to_5_and_round_trips_its_notation():
    for c in set(DECK):
        assert 1 <= card(c).value <= 5
        assert str(card(c)) == c


@pytest.mark.parametrize("text", ["0", "6", "spider", "spider6", "Spider3", "3spider", "guard", "", None, 3])
def test_anything_else_is_not_a_card(text):
    with pytest.raises(ValueError):
        card(text)


@pytest.mark.parametrize("top, allowed", [(1, {2, 5}), (2, {1, 3}), (3, {2, 4}), (4, {3, 5}), (5, {4, 1})])
def test_a_card_fits_one_above_or_below_with_1_and_5_adjacent(top, allowed):
    assert set(neighbours(top)) == allowed
    for v in range(1, 6):
        assert fits(str(v), str(top)) == (v in allowed)


def test_only_value_counts_for_fitting_whatever_the_kind():
    assert fits("spider3", "mosquito2")
    assert fits("2", "moth1")
    assert not fits("ant3", "3")


def test_the_moth_is_played_only_by_the_guard_and_never_given():
    assert not may_play("moth3", "2", is_guard=False)
    assert may_play("moth3", "2", is_guard=True)
    assert not may_play("moth3", "3", is_guard=True)
    assert not may_give("moth3")
    assert may_give("spider3") and may_give("4")


def test_minus_points_are_1_per_number_5_per_action_10_per_moth():
    assert MINUS_POINTS["number"] == 1 and MINUS_POINTS["moth"] == 10
    assert minus_points(["1", "5"]) == 2
    assert minus_points(["spider1", "mosquito2", "cockroach3", "ant4"]) == 20
    assert minus_points(["moth5", "3"]) == 11
