"""Cheating, the Guard Bug, the moth, and both outcomes of Caught!"""

import pytest

from .helpers import refused


def table(make, **options):
    # Seat 0 is the guard and on turn; seat 1 will cheat.
    return make([["1", "4", "moth3"], ["moth2", "5", "spider1"], ["2", "3"]],
                discard=["2"], draw=["4", "5"], options={"act_ms": 1000, **options})


def test_the_moth_is_refused_for_a_non_guard_and_accepted_for_the_guard(make):
    game = make([["4", "moth3"], ["moth3", "1"], ["1"]], discard=["2"], guard=0, turn=1)
    assert refused(game, 1, "play moth3", 1) == "moth_not_playable"
    game = make([["4", "moth3"], ["moth3", "1"], ["1"]], discard=["2"], guard=0, turn=0)
    game.apply(0, "play moth3", 1)
    assert game.top == "moth3"


def test_a_player_makes_one_card_disappear_at_any_time(make):
    game = table(make)
    game.apply(1, "cheat moth2", 100)
    assert game.hands[1] == ["5", "spider1"] and game.under == ["moth2"]
    assert game.view(1)["act"] == {"card": "moth2", "until": 1100}
    assert game.view(0)["act"] is None and game.view(0)["hand_sizes"][1] == 2


def test_the_guard_never_cheats(make):
    assert refused(table(make), 0, "cheat moth3", 100) == "guard_may_not_cheat"


def test_the_last_card_never_disappears(make):
    game = make([["1", "4"], ["5"], ["2", "3"]], discard=["2"])
    assert refused(game, 1, "cheat 5", 100) == "last_card"


def test_one_card_at_a_time(make):
    game = table(make)
    game.apply(1, "cheat moth2", 100)
    assert refused(game, 1, "cheat 5", 500) == "already_in_act"
    game.advance(1100)
    game.apply(1, "cheat 5", 1200)
    assert game.hands[1] == ["spider1"]


def test_a_cheat_is_secret_from_the_others(make):
    game = table(make)
    events = game.apply(1, "cheat moth2", 100)
    assert events == [], "nothing public happens"
    assert not any(e["code"] == "cheated" for e in game.view(0)["log"])
    assert [e["card"] for e in game.view(1)["log"] if e["code"] == "cheated"] == ["moth2"]


def test_caught_in_the_act_the_card_returns_the_guard_hands_a_card_and_the_bug_moves(make):
    game = table(make)
    game.apply(1, "cheat moth2", 100)
    events = game.apply(0, "catch 1", 600)
    assert [e["code"] for e in events] == ["caught"]
    assert "moth2" in game.hands[1] and game.under == []
    assert game.settling is not None and game.guard == 0
    assert game.legal_actions(0) == ["hand 1", "hand 4"], "the guard hands a card of its choice, never the moth"
    assert game.legal_actions(1) == [] and game.legal_actions(2) == [], "nobody cheats while it is settled"
    assert refused(game, 2, "cheat 2", 700) == "settling"
    assert refused(game, 0, "play 1", 700) == "settling"
    game.apply(0, "hand 4", 800)
    assert "4" in game.hands[1]
    assert game.guard == 1 and game.settling is None, "the accused is the new guard"
    assert "catch 0" in game.legal_actions(1) and "cheat 1" in game.legal_actions(0)


def test_every_clock_stands_still_while_a_caught_is_settled(make):
    game = make([["mosquito3", "1", "4"], ["5", "2", "3"], ["2", "3"]], discard=["2"],
                options={"act_ms": 1000, "mosquito_ms": 1000})
    game.apply(0, "play mosquito3", 0)     # window [0, 1000)
    game.apply(2, "cheat 3", 100)          # in the act until 1100
    game.apply(1, "cheat 5", 200)
    game.apply(0, "catch 1", 300)
    game.advance(5000)                     # settling: nothing closes
    assert game.phase == "mosquito" and 2 in game.acts
    game.apply(0, "hand 4", 5300)          # paused for 5000 ms
    assert game.window["closes"] == 6000 and game.acts[2]["until"] == 6100
    game.apply(2, "slap", 5900)
    assert game.phase == "mosquito"


def test_wrongly_accused_the_guard_draws_and_stays_guard(make):
    game = table(make)
    game.apply(0, "catch 2", 100)
    assert game.hands[0] == ["1", "4", "moth3", "5"] and game.guard == 0


def test_after_the_act_window_a_cheat_can_no_longer_be_caught(make):
    game = table(make)
    game.apply(1, "cheat moth2", 100)
    game.apply(0, "catch 1", 1100)         # window [100, 1100) closed
    assert game.under == ["moth2"] and "moth2" not in game.hands[1]
    assert game.guard == 0 and len(game.hands[0]) == 4, "a wrong accusation"


def test_only_the_guard_calls_caught(make):
    game = table(make)
    assert refused(game, 1, "catch 2", 100) == "not_guard"
    assert refused(game, 0, "catch 0", 100) == "catch_self"
    assert refused(game, 0, "catch 7", 100) == "bad_seat"


# Digits Python's str.isdigit() accepts but int() does not (superscript, circled), and
# ones int() would read (Arabic-Indic, fullwidth): a seat is named in ASCII digits only.
@pytest.mark.parametrize("seat", ["²", "①", "١", "３", "1\u0301", "9" * 5000])
def test_a_seat_in_anything_but_ascii_digits_is_malformed(make, seat):
    game = table(make)
    assert refused(game, 0, f"catch {seat}", 100) == "malformed"
    assert refused(game, 0, f"give 5 {seat}", 100) == "malformed"


def test_a_guard_holding_only_moths_hands_over_nothing(make):
    game = make([["moth3"], ["4", "5"], ["2", "3"]], discard=["2"], turn=1, options={"act_ms": 1000})
    game.apply(1, "cheat 5", 10)
    game.apply(0, "catch 1", 20)
    assert game.settling is None and game.guard == 1 and game.hands[0] == ["moth3"]


def test_cheated_cards_come_back_into_the_deck_next_round(make):
    game = make([["1", "4"], ["5", "2", "3"], ["3"]], discard=["2"], turn=2, options={"act_ms": 1000})
    game.apply(1, "cheat 5", 10)
    game.apply(2, "play 3", 2000)
    assert game.round == 2 and game.under == [] and game.history[0]["minus"] == [2, 2, 0]
