"""Spider, mosquito, cockroach and ant, and an action card as the last card."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.game import slowest_slapper
from games.mogel_motte.engine.replay import replay

from .helpers import refused


# Spider -------------------------------------------------------------------------


def test_after_a_spider_you_may_give_one_card_to_any_other_player(make):
    game = make([["spider3", "5", "moth1"], ["1", "1"], ["1", "1"]], discard=["2"])
    game.apply(0, "play spider3", 1)
    assert game.phase == "spider"
    gives = [a for a in game.legal_actions(0) if a.startswith(("give", "keep"))]
    assert sorted(gives) == ["give 5 1", "give 5 2", "keep"], "never the moth, never to yourself"
    game.apply(0, "give 5 2", 2)
    assert game.hands[2] == ["1", "1", "5"] and game.hands[0] == ["moth1"]
    assert game.phase == "turn" and game.turn == 1


def test_the_spider_gift_can_be_declined(make):
    game = make([["spider3", "5"], ["1"], ["1"]], discard=["2"])
    game.apply(0, "play spider3", 1)
    game.apply(0, "keep", 2)
    assert game.hands[0] == ["5"] and game.turn == 1


def test_the_moth_cannot_be_given_with_the_spider(make):
    game = make([["spider3", "5", "moth1"], ["1"], ["1"]], discard=["2"])
    game.apply(0, "play spider3", 1)
    assert refused(game, 0, "give moth1 1", 2) == "moth_not_giftable"
    assert refused(game, 0, "give 5 0", 2) == "bad_target"


def test_giving_your_last_card_away_ends_the_round(make):
    game = make([["spider3", "5"], ["1", "1"], ["1"]], discard=["2"], options={"rounds": "single"})
    game.apply(0, "play spider3", 1)
    game.apply(0, "give 5 1", 2)
    assert game.over and game.history[0]["out"] == 0 and game.history[0]["minus"] == [0, 3, 1]


# Mosquito -----------------------------------------------------------------------


def mosquito_table(make, **options):
    return make([["mosquito3", "4", "5"], ["1", "2", "moth2"], ["1", "3"], ["5", "moth1"]],
                discard=["2"], options={"mosquito_ms": 1000, **options})


def test_everyone_but_the_mosquitos_player_slaps_and_the_last_one_is_slowest(make):
    game = mosquito_table(make)
    game.apply(0, "play mosquito3", 100)
    assert game.phase == "mosquito"
    assert "slap" not in game.legal_actions(0)
    game.apply(2, "slap", 200)
    game.apply(3, "slap", 300)
    game.apply(1, "slap", 400)
    assert game.phase == "mosquito_gifts", "the window closes early once everyone has slapped"
    assert game.gifts["to"] == 1
    assert sorted(game.expected()) == [0, 2, 3]


def test_a_late_slap_is_refused_and_who_never_slapped_is_slowest(make):
    game = mosquito_table(make)
    game.apply(0, "play mosquito3", 100)
    game.apply(1, "slap", 300)
    assert refused(game, 2, "slap", 1100) == "no_slap_now", "window [100, 1100) has closed"
    game.advance(1100)
    assert game.gifts["to"] == 2, "of the seats that never slapped, the first clockwise from the mosquito"


def test_a_slap_that_arrives_late_counts_at_the_time_it_was_made(make):
    # The player's tap reached the game after the other slaps, but was made before seat 3's:
    # seat 3 is the slowest. Its date is kept in the log; the log stays in arrival order.
    game = mosquito_table(make)
    game.apply(0, "play mosquito3", 100)
    game.apply(2, "slap", 300)
    game.apply(3, "slap", 500)
    game.advance(700)
    game.apply(1, "slap", 400)
    assert game.gifts["to"] == 3
    assert game.log[-2]["code"] == "slapped" and game.log[-1]["code"] == "mosquito_slowest"
    assert [e["t"] for e in game.log] == sorted(e["t"] for e in game.log)
    assert {k: game.log[-2][k] for k in ("seat", "t", "dated")} == {"seat": 1, "t": 700, "dated": 400}
    again = replay(mosquito_table(make), json.loads(json.dumps(game.log)))
    assert again.log == game.log and again.gifts == game.gifts


def tied_mosquito(seed, arrival, land_ms=0):
    """Seat 0's mosquito at 100 ms on a seeded table; seat 2 slaps first, the others in ``arrival`` order at the same ms."""
    scenario = {"players": 4, "hands": [["mosquito3", "4", "5"], ["1", "2", "moth2"], ["1", "3"], ["5", "moth1"]],
                "discard": ["2"], "guard": 0, "turn": 0, "options": {"mosquito_ms": 1000, "land_ms": land_ms}}
    game = Game.from_scenario(scenario, seed=seed)
    game.apply(0, "play mosquito3", 100)
    game.apply(2, "slap", 300)
    for seat in arrival:
        game.apply(seat, "slap", 400)
    return game.gifts["to"]


def test_of_equal_times_a_drawn_order_decides_not_the_seat_nor_the_arrival():
    slowest = {seed: tied_mosquito(seed, (3, 1)) for seed in range(40)}
    # Either tied seat can be the slowest: the seats' numbers and the arrival order do not decide ...
    assert set(slowest.values()) == {1, 3}
    for seed, seat in slowest.items():
        # ... a draw from the game's seed does: the same in a replay, whatever order the slaps arrived in.
        assert tied_mosquito(seed, (3, 1)) == seat and tied_mosquito(seed, (1, 3)) == seat


@given(seed=st.integers(0, 2**40), arrival=st.permutations([1, 2, 3]))
def test_a_tie_of_three_falls_to_a_drawn_seat_whatever_the_arrival(seed, arrival):
    scenario = {"players": 4, "hands": [["mosquito3", "4", "5"], ["1", "2", "moth2"], ["1", "3"], ["5", "moth1"]],
                "discard": ["2"], "guard": 0, "turn": 0}
    results = set()
    for order in (arrival, sorted(arrival)):
        game = Game.from_scenario(scenario, seed=seed)
        game.apply(0, "play mosquito3", 100)
        for seat in order:
            game.apply(seat, "slap", 700)
        results.add(game.gifts["to"])
    assert len(results) == 1


def test_slowest_slapper_breaks_ties_by_the_order_given_and_else_by_arrival():
    assert slowest_slapper(0, 4, [3, 1, 2], [400, 400, 300], order=[1, 0, 3, 2]) == 3
    assert slowest_slapper(0, 4, [3, 1, 2], [400, 400, 300], order=[3, 0, 1, 2]) == 1
    assert slowest_slapper(0, 4, [3, 1, 2], [400, 400, 300]) == 1, "a window stored before the drawn order"
    assert slowest_slapper(0, 4, [3, 1, 2], [400, 500, 300], order=[1, 0, 3, 2]) == 1, "times decide first"


def test_at_a_digital_table_the_window_counts_from_its_card_on_the_pile(make):
    game = mosquito_table(make, land_ms=600)
    game.apply(0, "play mosquito3", 100)
    opened = game.log[-1]
    assert opened["code"] == "mosquito_open" and opened["landed"] == 700 and opened["closes"] == 1700
    assert game.window["closes"] == 1700
    game.advance(1650)
    assert game.phase == "mosquito", "a window as long as mosquito_ms from the landing"
    game.advance(1700)
    assert game.phase != "mosquito"
    plain = mosquito_table(make)
    plain.apply(0, "play mosquito3", 100)
    assert "landed" not in plain.log[-1] and plain.window["closes"] == 1100, "a real table: the card is there at once"


def test_land_ms_must_be_a_sensible_whole_number(make):
    for bad in (-1, 3001, 1.5, "600", True):
        with pytest.raises(ValueError):
            mosquito_table(make, land_ms=bad)


def test_only_a_slap_may_be_dated_back_and_never_before_the_mosquito(make):
    game = mosquito_table(make)
    game.apply(0, "play mosquito3", 100)
    game.apply(2, "slap", 300)
    assert refused(game, 1, "slap", 99) == "time_backwards"
    assert refused(game, 1, "cheat 1", 200) == "time_backwards"
    game.advance(1100)   # the window closed: a slap dated inside it is still too late
    assert refused(game, 1, "slap", 500) == "time_backwards"


def test_the_slowest_gets_one_card_from_every_other_player_never_a_moth(make):
    game = mosquito_table(make)
    game.apply(0, "play mosquito3", 100)
    for seat in (1, 2, 3):
        game.apply(seat, "slap", 200 + seat)
    assert game.gifts["to"] == 3
    assert [a for a in game.legal_actions(1) if a.startswith("hand")] == ["hand 1", "hand 2"]
    assert refused(game, 1, "hand moth2", 300) == "moth_not_giftable"
    assert game.turn == 0 and refused(game, 1, "play 1", 300) == "not_your_turn"
    game.apply(2, "hand 3", 310)
    game.apply(0, "hand 5", 320)
    assert game.phase == "mosquito_gifts"
    game.apply(1, "hand 2", 330)
    assert sorted(game.hands[3]) == ["2", "3", "5", "5", "moth1"]
    assert game.phase == "turn" and game.turn == 1, "play goes on clockwise from the mosquito's player"


def test_a_giver_with_only_moths_gives_nothing(make):
    game = make([["mosquito3", "4"], ["1", "1"], ["moth3"]], discard=["2"], options={"mosquito_ms": 1000})
    game.apply(0, "play mosquito3", 0)
    game.apply(2, "slap", 10)
    game.apply(1, "slap", 20)
    assert game.gifts["to"] == 1 and game.gifts["from"] == [0]


def test_turns_pause_while_the_slap_window_is_open(make):
    game = mosquito_table(make)
    game.apply(0, "play mosquito3", 100)
    assert refused(game, 1, "play 1", 150) == "not_your_turn"


# Cockroach ----------------------------------------------------------------------


def cockroach_table(make):
    return make([["cockroach3", "3", "4"], ["3", "5"], ["3", "spider3"]],
                discard=["2"], options={"cockroach_ms": 1000})


def test_the_first_number_card_of_the_same_value_stays_and_closes_the_race(make):
    game = cockroach_table(make)
    game.apply(0, "play cockroach3", 100)
    assert game.phase == "cockroach"
    assert "race 3" in game.legal_actions(0), "the cockroach's player may race too"
    game.apply(2, "race 3", 250)
    assert game.top == "3" and game.hands[2] == ["spider3"]
    assert game.hands[1] == ["3", "5"], "nobody else loses a card"
    assert game.phase == "turn" and game.turn == 1
    assert refused(game, 1, "race 3", 260) == "no_race_now"


def test_only_number_cards_race(make):
    game = cockroach_table(make)
    game.apply(0, "play cockroach3", 100)
    assert refused(game, 2, "race spider3", 200) == "race_needs_number"


def test_when_nobody_races_in_time_play_continues(make):
    game = cockroach_table(make)
    game.apply(0, "play cockroach3", 100)
    assert refused(game, 1, "race 3", 1100) == "no_race_now"
    game.advance(1100)
    assert game.phase == "turn" and game.turn == 1 and game.top == "cockroach3"


# Ant ----------------------------------------------------------------------------


def test_after_an_ant_every_other_player_takes_the_cards_under_it(make):
    game = make([["ant3", "4"], ["1"], ["1"], ["1"]], discard=["5", "1", "2"], draw=["3", "4"])
    game.apply(0, "play ant3", 1)
    assert game.hands[1] == ["1", "2"] and game.hands[2] == ["1", "1"]
    assert game.hands[3] == ["1", "5"]
    assert game.discard == ["ant3"] and game.turn == 1


def test_when_the_discard_pile_runs_out_the_rest_draw(make):
    game = make([["ant3", "4"], ["1"], ["1"], ["1"]], discard=["2"], draw=["3", "4"])
    game.apply(0, "play ant3", 1)
    assert game.hands[1] == ["1", "2"], "the one card under the ant"
    assert game.hands[2] == ["1", "4"] and game.hands[3] == ["1", "3"], "then from the draw pile, top first"


def test_the_draw_pile_variant_makes_everyone_draw(make):
    game = make([["ant3", "4"], ["1"], ["1"]], discard=["5", "2"], draw=["3", "4"],
                options={"ant_pile": "draw"})
    game.apply(0, "play ant3", 1)
    assert game.hands[1] == ["1", "4"] and game.hands[2] == ["1", "3"] and game.discard == ["5", "2", "ant3"]


# Last card ----------------------------------------------------------------------


@pytest.mark.parametrize("last", ["spider3", "mosquito3", "cockroach3", "ant3"])
def test_an_action_card_as_last_card_ends_the_round_without_its_action(make, last):
    game = make([[last], ["3", "4"], ["1"]], discard=["2"], draw=["5"])
    game.apply(0, f"play {last}", 1)
    assert game.round == 2 and game.history[0]["out"] == 0
    assert game.history[0]["minus"] == [0, 2, 1], "no ant took, no gift, no window"
