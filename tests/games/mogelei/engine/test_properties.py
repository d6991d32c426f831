"""Invariants over 1,000 seeded random matches (random legal actions, 3-8 players, both
egg options, 1- and 5-game matches), plus hypothesis over positions in between."""

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mogelei.engine import Game, deck, eggs, seen_by
from games.mogelei.engine.simulate import random_game, random_step

from .helpers import random_position

GAMES = 1000
SHOWN_BY = {"revealed": "card", "accused": "card", "fattest_egg": "card"}
CARD_ID = re.compile(r'"((?:black|red|yellow|blue)-[0-9]+)"')


def every_card_once(game):
    places = [c for h in game.hands for c in h] + [c for pile in game.piles for c in pile]
    places += [c for laid in game.passes for c in laid if c is not None]
    cards = set(deck(game.players))  # all different: as many places as cards, and the same cards
    return len(places) == len(cards) and set(places) == cards


class Tally:
    """What the test itself learns from the public events of one match, to check the engine by."""

    def __init__(self, game):
        n = game.players
        self.shown = set()      # cards turned up for everyone in this game
        self.dealt = {e["seat"]: set(e["cards"]) for e in game.log if e["code"] == "dealt"}
        self.rewards = [0] * n  # fattest eggs this game
        self.rounds = 0         # rounds this game
        self.totals = [0] * n

    def known_to(self, game, seat):
        """The cards ``seat`` may see now: the cards dealt to it this game (its own, wherever
        they are now), face-up cards, and the cards turned up for everyone in this game."""
        known = set(self.shown)
        if seat is not None:
            known.update(self.dealt[seat])
        for laid, up in zip(game.passes, game.up):
            known.update(c for s, c in enumerate(laid) if c is not None and s in up)
        return known

    def follow(self, game, before, events):
        """Check the events one action logged; ``before`` is what the table held just before it."""
        for event in events:
            code = event["code"]
            if code == "game_start":
                self.shown.clear()
                self.rewards, self.rounds = [0] * game.players, 0
            elif code == "dealt":
                self.dealt[event["seat"]] = set(event["cards"])
            elif code in SHOWN_BY:
                self.shown.add(event[SHOWN_BY[code]])
                if code == "fattest_egg":
                    self.rewards[event["seat"]] += 1
            elif code == "turned_up":
                self.shown.update(event["cards"].values())
            elif code == "round_end":
                self.rounds += 1
            elif code == "collected":
                before["piles"][event["seat"]] += [c for laid in before["passes"] for c in laid]
            elif code == "game_end":
                self.game_end(game, event, before["piles"])

    def game_end(self, game, event, piles):
        expected_eggs = [sum(eggs(c, game.options["eggs"]) for c in pile) for pile in piles]
        assert event["eggs"] == expected_eggs
        assert event["rewards"] == self.rewards and sum(self.rewards) <= 12, "at most 12 rewards a game"
        assert self.rounds <= 12
        assert event["points"] == [3 * r - e for r, e in zip(self.rewards, expected_eggs)]
        self.totals = [t + p for t, p in zip(self.totals, event["points"])]
        assert event["totals"] == self.totals


def assert_nothing_hidden_leaks(game, seat, tally):
    seen = set(CARD_ID.findall(json.dumps(game.view(seat))))
    leaked = seen - tally.known_to(game, seat)
    assert not leaked, f"seat {seat} sees {sorted(leaked)}"


def check_table(game):
    assert every_card_once(game), "every card in exactly one place"
    sizes = {len(h) for h in game.hands}
    if game.phase == "lay":
        laid = game.passes[-1]
        sizes = {len(h) + (laid[s] is not None) for s, h in enumerate(game.hands)}
    assert len(sizes) == 1, "equal hands whenever no pass is being laid"
    assert sum(game.rewards) <= 12


def play_checked(n, seed, options, every_view):
    """A random match, its invariants checked after every action; the views for leaks: all of
    them after every action (``every_view``), else one at random after every 8th action."""
    game = Game.new(n, seed, **options)
    rng = random.Random(seed)
    tally, moves = Tally(game), []
    while not game.over:
        before = {"piles": [list(p) for p in game.piles], "passes": [list(p) for p in game.passes]}
        mark = game.log_length
        seat, action = random_step(game, rng)
        moves.append((seat, action, game.clock))
        tally.follow(game, before, game.log[mark - game.log_base:])
        check_table(game)
        if every_view:
            viewers = (*range(n), None)
        else:
            viewers = (rng.choice((*range(n), None)),) if len(moves) % 8 == 0 else ()
        for viewer in viewers:
            assert_nothing_hidden_leaks(game, viewer, tally)
    assert game.scores == tally.totals == [sum(g["points"][s] for g in game.games_history) for s in range(n)]
    assert len(game.games_history) == options["games"]
    return game, moves


def test_1000_random_matches_keep_every_invariant_and_replay_from_seed_and_actions():
    for i in range(GAMES):
        n = 3 + i % 6
        options = {"eggs": ("by_value", "one")[i % 2], "games": 5 if i % 50 == 0 else 1}
        game, moves = play_checked(n, seed=i, options=options, every_view=i % 20 == 0)
        if i % 10 == 0:
            again = Game.new(n, i, **options)
            for seat, action, at in moves:
                again.apply(seat, action, at)
            assert again.to_json() == game.to_json(), "the same seed and actions replay the same match"


players = st.integers(min_value=3, max_value=8)
seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=100, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=300))
def test_json_round_trip_is_exact_and_the_restored_match_plays_on_identically(n, seed, stop):
    game = random_position(n, seed, stop)
    text = game.to_json()
    restored = Game.from_json(text)
    assert restored.to_json() == text
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    while (move := random_step(game, rng_a)) is not None:
        assert random_step(restored, rng_b) == move
    assert restored.to_json() == game.to_json()


@settings(max_examples=100, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=300))
def test_every_legal_action_applies_and_every_event_hides_what_it_must(n, seed, stop):
    game = random_position(n, seed, stop)
    for seat in range(n):
        for action in game.legal_actions(seat):
            Game.from_json(game.to_json()).apply(seat, action, game.clock)
    for event in game.log:
        for seat in (*range(n), None):
            seen = seen_by(event, seat)
            if event["code"] == "dealt":
                assert (seen is None) == (seat != event["seat"])
            elif event["code"] == "laid":
                assert ("card" in seen) == (seat == event["seat"])
            else:
                assert seen == event, "every other event is public"


def test_a_random_game_helper_plays_a_whole_match():
    game, moves = random_game(4, seed=1, games=1)
    assert game.over and len(moves) == sum(1 for e in game.log if e["code"] in (
        "called", "laid", "revealed", "hid", "continued", "ended", "accused"))
