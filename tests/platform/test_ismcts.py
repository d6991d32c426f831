"""The game-independent search (mogel/core/ismcts.py) on a toy game with a hidden card."""

import random

import pytest

from mogel.core import ismcts


class Guess:
    """Seat 1 holds a hidden card, red three times in four. Seat 0 bets "red" or "black" (1 point
    if right) or passes (0.3 for sure); then seat 1 says something that tells nothing."""

    def __init__(self, red: bool) -> None:
        self.red, self.bet, self.said = red, None, False

    def current(self):
        if self.bet is None:
            return 0
        if not self.said:
            return 1
        return None

    def actions(self):
        return ["red", "black", "pass"] if self.bet is None else ["hm"]

    def key(self):
        return ("bet",)

    def apply(self, action):
        if self.bet is None:
            self.bet = action
        else:
            self.said = True

    def policy(self, rng):
        return self.actions()[0]

    def returns(self):
        win = 0.3 if self.bet == "pass" else float((self.bet == "red") == self.red)
        return [win, -win]


def deal(rng):
    return Guess(rng.random() < 0.75)


def test_the_search_finds_the_best_bet_over_sampled_deals():
    result = ismcts.search(deal, 0, random.Random(1), iterations=300, time_ms=None)
    assert result.action == "red"
    assert result.iterations == 300 and sum(result.visits.values()) == 300
    assert 0.6 < result.means["red"] < 0.9 and result.means["pass"] == pytest.approx(0.3)
    assert result.clearly_better("red", "black") and not result.clearly_better("black", "red")


def test_the_same_seed_gives_the_same_search_and_the_cap_stops_it_early():
    one = ismcts.search(deal, 0, random.Random(7), iterations=50, time_ms=None)
    two = ismcts.search(deal, 0, random.Random(7), iterations=50, time_ms=None)
    assert (one.action, one.visits, one.means) == (two.action, two.visits, two.means)
    capped = ismcts.search(deal, 0, random.Random(7), iterations=10**9, time_ms=0)
    assert capped.stopped_by_time and capped.iterations == 1


def test_only_the_root_seats_decisions_get_nodes_the_others_follow_the_policy():
    seen = []

    class Watched(Guess):
        def policy(self, rng):
            seen.append(self.current())
            return super().policy(rng)
    ismcts.search(lambda rng: Watched(rng.random() < 0.75), 0, random.Random(3), iterations=20, time_ms=None)
    assert set(seen) == {1}
