"""Mogelei's expert: its rule (hard's count with its own profile) and its search over sampled deals;
legal whole matches, decisions from its own view only (the same when the others' unseen cards are
dealt differently), deals consistent with everything public, the time cap, and the habits it was
tuned for (it expects more bluffs than hard does, so it accuses more)."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.mogelei.engine import Game
from games.mogelei.engine import search as S
from games.mogelei.engine.bots import Bot, observe, observe_all, play_bots
from games.mogelei.engine.cards import colour
from games.mogelei.engine.expert import PROFILE, ExpertBot

from .test_bots import decisions, reshuffled_hands

SMALL = 12      # iterations: enough to exercise the search, cheap enough for a test run


def expert(seed, iterations=SMALL):
    """The expert with its search at every table size: the search's tests cover 3 to 8 players."""
    return ExpertBot(seed, iterations=iterations, time_ms=None, most_players=8)


def table(players, seed):
    return {s: (expert(seed) if (s + seed) % 2 else Bot("hard", seed)) for s in range(players)}


@pytest.mark.parametrize("players", (3, 5, 8))
def test_experts_and_hard_bots_play_whole_matches_with_legal_actions_only(players):
    game = Game.new(players, players, games=1)
    play_bots(game, table(players, players))      # Bot.choose asserts every action is legal
    assert game.over


def test_the_expert_is_hard_with_its_tuned_profile_and_the_profile_changes_its_play():
    bot = ExpertBot(3)
    assert bot.level == "hard" and bot.p["bluff_prior"] == PROFILE["bluff_prior"]

    def actions(make):
        game = Game.new(4, 11, games=1)
        return [action for _, _, _, _, action in decisions(game, {s: make() for s in range(4)})]
    assert actions(lambda: expert(11, iterations=0)) != actions(lambda: Bot("hard", 11))


def test_the_expert_accuses_more_often_than_hard_and_hits_more_often():
    totals = {"expert": [0, 0, 0], "hard": [0, 0, 0]}      # turns, accusations, right ones
    for seed in range(40):
        bots = table(4, seed)
        stats = play_bots(Game.new(4, seed, games=1), bots)
        for seat, bot in bots.items():
            t = totals["expert" if isinstance(bot, ExpertBot) else "hard"]
            for i, key in enumerate(("turns", "accusations", "right")):
                t[i] += stats[seat][key]
    expert, hard = totals["expert"], totals["hard"]
    assert expert[1] / expert[0] > hard[1] / hard[0] + 0.1
    assert expert[2] / expert[1] > hard[2] / hard[1]


def test_the_experts_decision_depends_only_on_what_its_seat_sees():
    swapped = 0
    for seed in range(10):
        game = Game.new(5, seed, games=1)
        bots = table(5, seed)
        target = random.Random(seed).randrange(20, 90)
        for n, (seat, view, legal, before, action) in enumerate(decisions(game, bots)):
            if n < target or not isinstance(bots[seat], ExpertBot):
                continue
            other = reshuffled_hands(game, seat, random.Random(seed))
            hidden = [s for s in range(5) if s != seat and other.passes and other.passes[-1][s] is not None
                      and s not in other.up[-1]]
            if len(hidden) >= 2:
                last = other.passes[-1]
                last[hidden[0]], last[hidden[1]] = last[hidden[1]], last[hidden[0]]
            assert other.view(seat) == view and other.to_json() != game.to_json()
            assert bots[seat].choose(other.view(seat), other.legal_actions(seat), before) == action
            swapped += 1
            break
    assert swapped == 10


def searched_position(seed, players):
    """A match of the expert's rule against hard, stopped at a random decision of a searched kind
    with a real choice: (game, seat, memories), or None when the match ended first."""
    rng = random.Random(seed)
    game = Game.new(players, seed, games=1)
    bots = {s: expert(seed, iterations=0) if s % 2 else Bot("hard", seed) for s in range(players)}
    memories = {}
    observe_all(game, memories)
    stop, seen = rng.randrange(3, 60), 0
    while not game.over:
        for seat in game.expected():
            legal = game.legal_actions(seat)
            if game.phase in ExpertBot.searched and len(legal) > 1:
                seen += 1
                if seen >= stop:
                    return game, seat, memories
            game.apply(seat, bots[seat].choose(game.view(seat), legal, memories[seat]), game.clock + 1000)
            observe_all(game, memories)
    return None


def some_position(seed, players):
    for more in range(20):
        found = searched_position(seed + 1000 * more, players)
        if found is not None:
            return found
    raise AssertionError("no searched decision in 20 matches")


def reshuffled(game, seat, rng):
    """The other hands dealt anew and two other seats' face-down cards of this pass swapped."""
    other = reshuffled_hands(game, seat, rng)
    down = [s for s in range(game.players) if s != seat and other.passes and other.passes[-1][s] is not None
            and s not in other.up[-1]]
    if len(down) >= 2:
        last = other.passes[-1]
        last[down[0]], last[down[1]] = last[down[1]], last[down[0]]
    return other


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8))
def test_the_searched_decision_is_the_same_when_the_cards_hidden_from_it_are_dealt_differently(seed, players):
    game, seat, memories = some_position(seed, players)
    other = reshuffled(game, seat, random.Random(seed))
    assert other.view(seat) == game.view(seat)
    mine, theirs = expert(seed), expert(seed)
    first = mine.choose(game.view(seat), game.legal_actions(seat), copy.deepcopy(memories[seat]))
    assert mine.last is not None, "the decision was searched"
    assert theirs.choose(other.view(seat), other.legal_actions(seat), copy.deepcopy(memories[seat])) == first
    assert theirs.last.means == mine.last.means, "the same samples, the same figures"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8))
def test_every_sampled_deal_keeps_what_the_seat_knows_and_what_is_public(seed, players):
    game, seat, memories = some_position(seed, players)
    view = game.view(seat)
    memory = copy.deepcopy(memories[seat])
    observe(view, memory)
    prior = PROFILE["bluff_prior"]
    odds, table = S.decision_reads(view, memory, prior, S.MODEL["hard"])
    rng = random.Random(seed)
    for _ in range(5):
        sim = S.determinize(view, memory, rng, odds, table)
        if sim is None:
            continue
        assert sim.hands[seat] == view["hand"], "its own hand as it is"
        assert [len(h) for h in sim.hands] == view["hand_sizes"]
        for s, stack in enumerate(view["stacks"]):
            for k, entry in enumerate(stack):
                if entry["card"] is not None:
                    assert sim.passes[k][s] == entry["card"], "every card it saw, where it saw it"
        for s in range(players):
            if s == seat:
                continue
            voids = memory["void"].get(str(s), [])
            assert not [c for c in sim.hands[s] if colour(c) in voids], "a seat holds no colour it showed it lacks"
            laid = [p[s] for p in sim.passes if p[s] is not None]
            off = [i for i, c in enumerate(laid) if colour(c) != view["colour"]]
            if off:
                assert all(colour(c) != view["colour"] for c in laid[off[0]:] + sim.hands[s]), \
                    "once it laid another colour, it holds none of the called one"
        everything = [c for h in sim.hands for c in h] + [c for p in sim.passes for c in p if c]
        assert len(everything) == len(set(everything)), "no card twice"
        assert not set(everything) & set(memory["shown"]) - set(view["hand"]) - {
            c for stack in view["stacks"] for c in (e["card"] for e in stack) if c}, "no card shown in an earlier round"


def test_the_time_cap_ends_a_search_with_the_best_action_so_far():
    game, seat, memories = some_position(4, 5)
    bot = ExpertBot(4, iterations=10**7, time_ms=1, most_players=5)
    action = bot.choose(game.view(seat), game.legal_actions(seat), copy.deepcopy(memories[seat]))
    assert action in game.legal_actions(seat)
    assert bot.last.stopped_by_time and bot.last.iterations < 10**7


def test_the_search_overrules_the_rule_now_and_then_and_only_when_clearly_better():
    overruled = searched = 0
    for seed in range(6):
        bots = {s: expert(seed, iterations=48) if s % 2 == 0 else Bot("hard", seed) for s in range(4)}
        for seat, view, legal, memory, action in decisions(Game.new(4, seed, games=1), bots):
            bot = bots[seat]
            if isinstance(bot, ExpertBot) and bot.last is not None:
                searched += 1
                rule = expert(seed, iterations=0).choose(view, legal, copy.deepcopy(memory))
                if action != rule:
                    overruled += 1
                    assert bot.overruled
                    margin = bot.margin[view["phase"]] / S.SCALE
                    assert bot.last.means[action] - bot.last.means[rule] > margin
    assert searched > 100 and 0 < overruled < searched / 4


def test_a_decision_with_one_legal_action_or_a_call_is_not_searched():
    bot = expert(2)
    game = Game.new(4, 2, games=1)
    caller = game.expected()[0]
    assert game.phase == "call"
    bot.choose(game.view(caller), game.legal_actions(caller), {})
    assert bot.last is None


def test_the_site_expert_searches_at_three_players_and_decides_by_its_rule_at_more():
    for players, searched in ((3, True), (4, False), (8, False)):
        game, seat, memories = some_position(7, players)
        bot = ExpertBot(7, iterations=SMALL, time_ms=None)
        action = bot.choose(game.view(seat), game.legal_actions(seat), copy.deepcopy(memories[seat]))
        assert (bot.last is not None) == searched, players
        if not searched:
            assert action == expert(7, iterations=0).choose(game.view(seat), game.legal_actions(seat),
                                                             copy.deepcopy(memories[seat]))


def test_a_searched_decision_is_kept_in_the_memory_and_read_back_when_asked_again():
    """The site plans a bot's move after a change and asks again when it falls due: the second
    asking answers from the memory without a search; a kept decision of another moment, or one
    no longer legal, is not used."""
    game, seat, memories = some_position(11, 3)
    view, legal = game.view(seat), game.legal_actions(seat)
    memory = copy.deepcopy(memories[seat])
    bot = ExpertBot(11, iterations=SMALL, time_ms=None)
    first = bot.choose(view, legal, memory)
    assert bot.last is not None and memory["decided"][1] == first
    again = ExpertBot(11, iterations=SMALL, time_ms=None)
    assert again.choose(view, legal, memory) == first and again.last is None, "read back, not searched"
    other = next(a for a in legal if a != first)
    for stale in ([[*memory["decided"][0][:-1], 99], other], [memory["decided"][0], "lay nothing"]):
        fresh = ExpertBot(11, iterations=SMALL, time_ms=None)
        assert fresh.choose(view, legal, {**copy.deepcopy(memories[seat]), "decided": stale}) == first
        assert fresh.last is not None, "searched: the kept decision was not this one's"
