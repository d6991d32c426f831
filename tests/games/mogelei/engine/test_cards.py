from collections import Counter

import pytest

from games.mogelei.engine import COLOURS, FAMILY, card, deck, eggs
from games.mogelei.engine.cards import in_play, sorted_cards, values


def test_four_colours_one_per_family_member():
    assert COLOURS == ("black", "red", "yellow", "blue")
    assert FAMILY == {"black": "father", "red": "mother", "yellow": "daughter", "blue": "son"}
    assert card("yellow-12").family == "daughter"


@pytest.mark.parametrize("players,top", [(3, 9), (4, 12), (5, 15), (6, 18), (7, 21), (8, 24)])
def test_values_by_player_count_give_every_player_12_cards(players, top):
    cards = deck(players)
    assert list(values(players)) == list(range(1, top + 1))
    assert len(cards) == 12 * players == len(set(cards))
    assert Counter(card(c).colour for c in cards) == {c: top for c in COLOURS}
    assert in_play(f"blue-{top}", players) and not in_play(f"blue-{top + 1}", players)


@pytest.mark.parametrize("players", [2, 9, "4", None])
def test_mogelei_is_for_3_to_8_players(players):
    with pytest.raises(ValueError):
        deck(players)


def test_card_ids_round_trip_and_are_immutable_values():
    c = card("black-9")
    assert (c.colour, c.value, str(c)) == ("black", 9, "black-9")
    with pytest.raises(AttributeError):
        c.value = 10


@pytest.mark.parametrize("text", ["black-0", "black-25", "green-3", "Black-9", "black9", "black-09", "", None, 9])
def test_anything_else_is_not_a_card(text):
    with pytest.raises(ValueError):
        card(text)


def test_eggs_by_value_grow_with_the_number_and_the_one_egg_option_is_flat():
    assert [eggs(f"red-{v}") for v in (1, 8, 9, 16, 17, 24)] == [1, 1, 2, 2, 3, 3]
    assert eggs(card("red-24"), "by_value") == 3
    assert {eggs(c, "one") for c in deck(8)} == {1}
    with pytest.raises(ValueError):
        eggs("red-3", "two")


def test_a_hand_sorts_by_colour_then_value():
    assert sorted_cards(["blue-2", "black-10", "red-1", "black-9"]) == ["black-9", "black-10", "red-1", "blue-2"]
