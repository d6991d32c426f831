"""Mogel Motte's expert: it prices a cheat by the guard's known noticing model, searches its
deliberate moves over deals drawn from its own view, decides from its own view only (the same
decision when the cards it cannot see are dealt differently), and plays legally."""

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mogel_motte.engine import Game
from games.mogel_motte.engine import cards as C
from games.mogel_motte.engine import search as S
from games.mogel_motte.engine.bots import PROFILES, Bot, cheat_kind, next_move, observe, play_bots
from games.mogel_motte.engine.expert import ExpertBot, cheat_value, notice_chance

from .test_bot_levels import shuffled_hidden_cards

HAND = ["moth2", "1", "3", "4", "5"]
SMALL = 8       # search iterations: enough to exercise the search, cheap enough for a test run


def searching(**kwargs):
    """An expert that searches with a small budget and no time cap, so that it replays exactly."""
    return ExpertBot(iterations=SMALL, time_ms=None, **kwargs)


def expert_move(game, seat=2):
    bots, memories = {seat: ExpertBot()}, {}
    observe(game, bots, memories, 0)
    return next_move(game, bots, memories, 0)


def test_the_expert_cheats_its_moth_while_the_guard_is_busy_with_its_own_turn(make):
    game = make([["1", "2", "3"], ["2", "3", "4"], HAND], discard=["4"], guard=0, turn=0)
    move = expert_move(game)
    assert move is not None and move.action == "cheat moth2"


def test_the_expert_keeps_still_while_an_idle_guard_watches(make):
    # The guard (seat 0) is idle while seat 1 is on turn: a hard guard notices 90% of cheats.
    game = make([["1", "2", "3"], ["2", "3", "4"], HAND], discard=["4"], guard=0, turn=1)
    assert expert_move(game) is None
    hard = {2: Bot("hard")}
    cheats = 0
    for seed in range(300):     # hard cheats now and then even so (its rate when the guard is idle)
        move = next_move(game, hard, {}, seed)
        cheats += move is not None and move.action.startswith("cheat ")
    assert cheats > 0


def test_with_two_moths_being_caught_pays_too_the_caught_seat_becomes_the_guard(make):
    # Only the guard may play a moth: a caught cheater with moths in hand gets the Guard Bug.
    game = make([["1", "2", "3"], ["2", "3", "4"], ["moth2", "moth4", "1", "3", "5"]], discard=["4"],
                guard=0, turn=1)
    move = expert_move(game)
    assert move is not None and move.action in ("cheat moth2", "cheat moth4")


def test_the_guards_chance_follows_the_documented_table_and_its_bonuses(make):
    hard = PROFILES["hard"]
    view = make([["1", "2"], ["2", "3"], HAND], discard=["4"], guard=0, turn=1).view(2)
    assert notice_chance(hard, view, {}) == hard["notice"]["idle"]
    assert notice_chance(hard, view, {"caught_by": [0]}) == 0.95, "capped"
    busy = make([["1", "2"], ["2", "3"], HAND], discard=["4"], guard=0, turn=0).view(2)
    assert notice_chance(hard, busy, {}) == hard["notice"]["turn"]
    few = make([["1", "2"], ["2", "3"], ["moth2", "1", "3", "4"]], discard=["4"], guard=0, turn=0).view(2)
    assert notice_chance(hard, few, {}) == hard["notice"]["turn"] + hard["notice_bonus_few"]


def test_a_moth_is_worth_more_to_cheat_than_a_number_and_a_watchful_guard_less_than_a_busy_one():
    assert cheat_value("moth3", 0.4) > cheat_value("spider3", 0.4) > cheat_value("3", 0.4)
    assert cheat_value("moth3", 0.4) > cheat_value("moth3", 0.6) > cheat_value("moth3", 0.9)
    assert cheat_value("3", 0.9) < 0 < cheat_value("moth3", 0.4)


def test_the_expert_remembers_which_guard_caught_it(make):
    game = make([["1", "2", "3"], ["2", "3", "4"], HAND], discard=["4"], guard=0, turn=0)
    bots, memories = {2: ExpertBot()}, {}
    game.apply(2, "cheat moth2", 100)
    game.apply(0, "catch 2", 600)
    observe(game, bots, memories, 0)
    assert memories[2]["caught_by"] == [0]


def mixed(players, seed, expert=searching):
    return {s: (expert() if (s + seed) % 2 else Bot("hard")) for s in range(players)}


def test_whole_games_of_experts_and_hard_bots_end_with_legal_moves_only():
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        game = Game.new(players, seed)
        stats = play_bots(game, mixed(players, seed), seed)   # next_move refuses an illegal choice
        assert game.over and len(game.history) == players
        assert any(c["seat"] % 2 != seed % 2 for c in stats["cheats"]), "the experts cheat too"


def hidden_from(game, seat, rng):
    """A copy of ``game`` with every card ``seat`` cannot see dealt anew: the other hands, the draw
    pile and the other seats' cards under the table (its own cheated cards, and cards still in a
    pending cheat, stay where they are)."""
    other = shuffled_hidden_cards(game, seat, rng)
    mine = Counter(e["card"] for e in game.view(seat)["log"] if e["code"] == "cheated")
    mine.update(a["card"] for a in other.acts.values())
    keep, free = [], []
    for c in other.under:
        if mine[c]:
            mine[c] -= 1
            keep.append(c)
        else:
            free.append(c)
    if not free:
        return other
    pool = free + other.draw + [c for s in range(other.players) if s != seat for c in other.hands[s]]
    rng.shuffle(pool)
    other.under, pool = keep + pool[:len(free)], pool[len(free):]
    other.draw, pool = pool[:len(other.draw)], pool[len(other.draw):]
    for s in range(other.players):
        if s != seat:
            n = len(other.hands[s])
            other.hands[s], pool = pool[:n], pool[n:]
    return other


def same_decision_when_hidden_cards_move(game, bots, memories, seed, rng):
    compared = 0
    for seat, bot in bots.items():
        if not isinstance(bot, ExpertBot):
            continue
        other = hidden_from(game, seat, rng)
        assert other.view(seat) == game.view(seat)
        one = {seat: bot}
        mine = next_move(game, one, copy.deepcopy(memories), seed)
        theirs = next_move(other, one, copy.deepcopy(memories), seed)
        assert mine == theirs
        compared += mine is not None
    return compared


def test_the_experts_decision_does_not_depend_on_cards_it_cannot_see():
    compared = under_moved = 0
    for seed in range(3):
        game, bots, memories = Game.new(4, seed), mixed(4, seed), {}
        rng = random.Random(seed)
        for stop in range(4_000, 80_000, 4_000):
            play_bots(game, bots, seed, memories, until=stop)
            if game.over:
                break
            compared += same_decision_when_hidden_cards_move(game, bots, memories, seed, rng)
            under_moved += any(hidden_from(game, s, rng).under != game.under for s in range(4))
    assert compared > 30
    assert under_moved > 3, "the others' cards under the table were dealt anew too"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5), stop=st.integers(1_000, 120_000))
def test_property_any_position_reshuffled_behind_the_experts_back_gives_the_same_move(seed, players, stop):
    game, bots, memories = Game.new(players, seed), mixed(players, seed), {}
    play_bots(game, bots, seed, memories, until=stop)
    if not game.over:
        same_decision_when_hidden_cards_move(game, bots, memories, seed, random.Random(seed))


# -- the search -------------------------------------------------------------------------------------

def searched_positions(seed, players, stops=range(3_000, 60_000, 3_000)):
    """(game, memories, seat) of a seeded game between searching experts and hard, where an expert
    owes a deliberate move with a choice (the search runs)."""
    game, bots, memories = Game.new(players, seed), mixed(players, seed), {}
    for stop in stops:
        play_bots(game, bots, seed, memories, until=stop)
        if game.over:
            return
        for seat, bot in bots.items():
            owed = game.owed_actions(seat)
            if isinstance(bot, ExpertBot) and len(owed) > 1 and not owed[0].startswith(("slap", "race ")):
                yield game, memories, seat


def test_the_search_decides_the_deliberate_moves_and_is_asked_once_per_decision():
    searched = remembered = 0
    for game, memories, seat in searched_positions(4, 4):
        bot = searching()
        one, memory = {seat: bot}, copy.deepcopy(memories)
        memory[seat].get("x", {}).pop("decided", None)      # as if asked for the first time
        first = next_move(game, one, memory, 4, deliberate_only=True)
        ran = bot.last
        again = next_move(game, one, memory, 4, deliberate_only=True)
        assert first == again
        searched += ran is not None and ran.iterations == SMALL
        remembered += ran is not None and bot.last is None      # the second ask read its memory
    assert searched > 3 and remembered == searched


def test_asking_again_after_a_restart_gives_the_same_move():
    """The site keeps a bot's memory as JSON between requests and builds a new bot per request."""
    for game, memories, seat in searched_positions(7, 3):
        stored = json.loads(json.dumps(memories[seat]))
        first = next_move(game, {seat: searching()}, {seat: stored}, 7)
        again = next_move(game, {seat: searching()}, {seat: json.loads(json.dumps(stored))}, 7)
        assert first == again


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5), stop=st.integers(2_000, 90_000))
def test_property_the_weighted_sampler_keeps_every_public_count(seed, players, stop):
    game, bots, memories = Game.new(players, seed), mixed(players, seed), {}
    play_bots(game, bots, seed, memories, until=stop)
    if game.over:
        return
    for seat in range(players):
        view = game.view(seat)
        x = S.remember(view, copy.deepcopy(memories.get(seat, {})))
        sample = S.determinize(view, x, random.Random(seed), Bot("hard"), S.CHEAT_WEIGHTS["hard"])
        if sample is None:
            continue     # its memory does not add up (a log it did not watch from the start): no search
        g = sample.game
        assert g.hands[seat] == game.hands[seat]
        assert [len(h) for h in g.hands] == view["hand_sizes"]
        assert (len(g.draw), len(g.under), g.discard) == (view["draw_size"], view["under_size"], game.discard)
        assert Counter(c for h in g.hands for c in h) + Counter(g.draw + g.discard + g.under) == C.DECK_COUNTS


def test_the_sampler_puts_under_the_table_what_the_level_cheats():
    # Seat 0 knows nothing of the others' cards; two cards of others are under the table.
    view = Game.new(4, 11).view(0)
    view = {**view, "under_size": 2, "draw_size": view["draw_size"] - 2}
    x = S.remember(view, {})
    kinds = Counter()
    for seed in range(300):
        _, under, _ = S.deal_hidden(view, x, random.Random(seed), S.CHEAT_WEIGHTS["hard"])
        kinds.update(cheat_kind(c) for c in under)
    uniform = Counter()
    for seed in range(300):
        _, under, _ = S.deal_hidden(view, x, random.Random(seed), {"moth": 1, "action": 1, "number": 1})
        uniform.update(cheat_kind(c) for c in under)
    assert kinds["moth"] > 2 * uniform["moth"] and kinds["number"] < uniform["number"] / 2


def test_the_time_cap_ends_a_search_with_the_best_move_so_far():
    for game, memories, seat in searched_positions(5, 4):
        bot, memory = ExpertBot(iterations=10**6, time_ms=1), copy.deepcopy(memories)
        memory[seat].get("x", {}).pop("decided", None)
        move = next_move(game, {seat: bot}, memory, 5, deliberate_only=True)
        if bot.last is not None:
            assert bot.last.stopped_by_time and bot.last.iterations < 10**6
            assert move.action in game.owed_actions(seat)
            return
    raise AssertionError("no position where the expert searched")


def test_whole_games_of_searching_experts_and_hard_bots_end_with_legal_moves_only():
    for seed, players in ((21, 3), (22, 5)):
        game = Game.new(players, seed)
        play_bots(game, mixed(players, seed), seed)   # next_move refuses an illegal choice
        assert game.over and len(game.history) == players
