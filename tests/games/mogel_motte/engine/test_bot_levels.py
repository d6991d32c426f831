"""Bots of every level: legal, deterministic, view-only, and as watchful as docs/cheating-model.md says."""

import copy
import json
import random
from collections import Counter
from functools import cache

import pytest

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.simulate import window_with_person
from games.mogel_motte.engine.bots import LEVELS, PROFILES, Bot, Move, guard_busy, next_move, observe, play_bots


def mixed_bots(players, seed, pace_ms=1000):
    rng = random.Random(seed)
    return {s: Bot(rng.choice(LEVELS), pace_ms=pace_ms) for s in range(players)}


def checked_game(players, seed, **options):
    """A whole bot game in which every move is checked against the rules before it is applied."""
    game = Game.new(players, seed, **options)
    bots = mixed_bots(players, seed, pace_ms=random.Random(seed).choice([200, 1000]))
    memories = {}
    observe(game, bots, memories, seed)
    for _ in range(50_000):
        if game.over:
            break
        move = next_move(game, bots, memories, seed)
        deadline = game.next_deadline()
        if deadline is not None and (move is None or deadline <= move.at):
            game.advance(deadline)
        else:
            assert move is not None, "all seats are bots: someone always moves or a window closes"
            assert move.action in game.legal_actions(move.seat)
            assert move.at >= game.clock
            if move.action.startswith("cheat "):
                assert move.seat != game.guard, "never as guard"
                assert len(game.hands[move.seat]) >= 2, "never the last card"
                assert move.seat not in game.acts, "one at a time"
                assert game.settling is None, "not while a Caught! is settled"
            if move.action.startswith("catch "):
                assert move.seat == game.guard
            game.apply(move.seat, move.action, move.at)
        observe(game, bots, memories, seed)
    return game, memories


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_of_mixed_levels_only_make_legal_moves_and_every_game_ends(players):
    for seed in range(12):
        options = [{}, {"act_ms": 1000, "mosquito_ms": 800}, {"ant_pile": "draw"}][seed % 3]
        game, memories = checked_game(players, seed, **options)
        assert game.over and len(game.history) == players
        for memory in memories.values():
            assert json.loads(json.dumps(memory)) == memory, "memories are JSON data"


def test_next_move_is_deterministic_whoever_asks_and_whenever():
    for seed in range(6):
        game = Game.new(4, seed)
        bots = mixed_bots(4, seed)
        memories = {}
        play_bots(game, bots, seed, memories, until=20_000 + 7_000 * seed)
        first = next_move(game, bots, copy.deepcopy(memories), seed)
        again = next_move(game, bots, copy.deepcopy(memories), seed)
        stored = json.dumps({str(k): v for k, v in memories.items()})    # as the web would keep them
        restored = {int(k): v for k, v in json.loads(stored).items()}
        elsewhere = next_move(Game.from_json(game.to_json()), {s: Bot(b.level) for s, b in bots.items()},
                              restored, seed)
        assert isinstance(first, Move) and first == again == elsewhere
        assert next_move(game, bots, copy.deepcopy(memories), seed + 1) is not None


def test_asking_for_a_move_changes_no_memory():
    game = Game.new(4, 3)
    bots = mixed_bots(4, 3)
    memories = {}
    play_bots(game, bots, 3, memories, until=15_000)
    before = copy.deepcopy(memories)
    next_move(game, bots, memories, 3)
    assert memories == before


def shuffled_hidden_cards(game, seat, rng):
    """A copy of ``game`` in which the cards ``seat`` cannot see (other hands, draw pile) are reshuffled."""
    other = Game.from_json(game.to_json())
    pool = [c for s in range(other.players) if s != seat for c in other.hands[s]] + other.draw
    rng.shuffle(pool)
    for s in range(other.players):
        if s != seat:
            n = len(other.hands[s])
            other.hands[s], pool = pool[:n], pool[n:]
    other.draw = pool
    return other


def test_a_bots_decision_does_not_depend_on_cards_it_cannot_see():
    compared = 0
    for seed in range(4):
        game = Game.new(4, seed)
        bots = {s: Bot(LEVELS[(s + seed) % 3]) for s in range(4)}
        memories = {}
        rng = random.Random(seed)
        for stop in range(5_000, 80_000, 5_000):
            play_bots(game, bots, seed, memories, until=stop)
            if game.over:
                break
            for seat in range(4):
                other = shuffled_hidden_cards(game, seat, rng)
                assert other.view(seat) == game.view(seat)
                one = {seat: bots[seat]}
                mine = next_move(game, one, copy.deepcopy(memories), seed)
                theirs = next_move(other, one, copy.deepcopy(memories), seed)
                assert mine == theirs
                compared += mine is not None
    assert compared > 50


# -- cheating and guarding --------------------------------------------------------------------

@cache
def cheat_stats(level, games, players=4):
    counts = Counter()
    rounds = 0
    for seed in range(games):
        game = Game.new(players, 1000 + seed)
        stats = play_bots(game, {s: Bot(level) for s in range(players)}, seed)
        rounds += len(game.history)
        for cheat in stats["cheats"]:
            busy = "idle" if cheat["busy"] == "idle" else "busy"
            counts[busy] += 1
            counts[busy + "_caught"] += cheat["caught"]
            counts["moth" if cheat["card"].startswith("moth") else "other"] += 1
        counts["wrong"] += len(stats["wrong"])
    rate = {b: counts[b + "_caught"] / counts[b] for b in ("idle", "busy")}
    rate["all"] = (counts["idle_caught"] + counts["busy_caught"]) / (counts["idle"] + counts["busy"])
    rate["wrong_per_round"] = counts["wrong"] / rounds
    rate["cheats_per_round"] = (counts["idle"] + counts["busy"]) / rounds
    rate["busy_share"] = counts["busy"] / (counts["idle"] + counts["busy"])
    return rate


# The ranges of docs/cheating-model.md ("Measured"), for guards and cheaters of one level.
DOCUMENTED = {
    "easy": {"idle": (0.33, 0.50), "busy": (0.14, 0.32), "wrong_per_round": (0.30, 0.57)},
    "normal": {"idle": (0.68, 0.84), "busy": (0.40, 0.52), "wrong_per_round": (0.03, 0.16)},
    "hard": {"idle": (0.70, 0.98), "busy": (0.48, 0.58), "wrong_per_round": (0.0, 0.05)},
}


@pytest.mark.parametrize("level", LEVELS)
def test_detection_rates_stay_in_the_documented_ranges_and_a_busy_guard_sees_less(level):
    rate = cheat_stats(level, games=40)
    for key, (low, high) in DOCUMENTED[level].items():
        assert low <= rate[key] <= high, (key, rate[key])
    assert rate["busy"] < rate["idle"], "a busy guard detects less often than an idle one"


def test_harder_guards_catch_more_and_harder_cheaters_pick_busy_moments():
    easy, normal, hard = (cheat_stats(level, games=40) for level in LEVELS)
    assert easy["all"] < normal["all"] and easy["idle"] < normal["idle"] < hard["idle"]
    assert easy["wrong_per_round"] > normal["wrong_per_round"] > hard["wrong_per_round"]
    assert easy["busy_share"] < normal["busy_share"] < hard["busy_share"]


def test_a_busy_guard_tempts_bots_to_cheat_and_a_fresh_catch_deters_them(make):
    # Seat 1 holds a moth; seat 0 guards. Same hand, three moments.
    def cheat_rate(game, memory=None, level="hard"):
        bot, view, legal = Bot(level), game.view(1), game.legal_actions(1)
        hits = 0
        for i in range(2000):
            choice = bot.decide(view, legal, dict(memory or {}), random.Random(i))
            hits += choice is not None and choice[0].startswith("cheat ")
        return hits / 2000

    hands = [["1", "4", "2"], ["moth2", "5", "1", "1"], ["2", "3"], ["3", "3"]]
    guard_on_turn = make(hands, discard=["2"], guard=0, turn=0)
    guard_idle = make(hands, discard=["2"], guard=0, turn=2)
    assert guard_busy(guard_on_turn.view(1)) == "turn" and guard_busy(guard_idle.view(1)) == "idle"
    busy, idle = cheat_rate(guard_on_turn), cheat_rate(guard_idle)
    deterred = cheat_rate(guard_on_turn, {"last_catch": 0})
    assert busy > 5 * idle and busy > 5 * deterred
    assert cheat_rate(guard_on_turn, level="easy") == pytest.approx(cheat_rate(guard_idle, level="easy"), abs=0.02)


def test_bots_cheat_moths_first_never_as_guard_and_never_their_last_card(make):
    sure = {"cheat_rate": 1.0, "cheat_busy": {"idle": 1.0, "turn": 1.0, "window": 1.0}}
    game = make([["moth1", "1"], ["2", "spider4", "moth5"], ["5"], ["3", "ant1"]], discard=["2"], guard=0, turn=0)
    for level in LEVELS:
        bot = Bot(level, profile=sure)
        for seat, expected in [(0, None), (1, "cheat moth5"), (2, None), (3, "cheat ant1")]:
            choice = bot.decide(game.view(seat), game.legal_actions(seat), {}, random.Random(1))
            cheat = choice[0] if choice and choice[0].startswith("cheat") else None
            assert cheat == expected, (level, seat, choice)


def test_a_watching_guard_sees_a_hand_shrink_and_calls_caught_in_the_act(make):
    game = make([["1", "4"], ["moth2", "5", "spider1"], ["2", "3"]], discard=["2"], guard=0, turn=2,
                options={"act_ms": 3000})
    bots = {0: Bot("hard", profile={"notice": {"idle": 1.0, "turn": 1.0, "window": 1.0}})}
    memories = {}
    observe(game, bots, memories, 0)
    game.apply(1, "cheat moth2", 100)
    observe(game, bots, memories, 0)
    move = next_move(game, bots, memories, 0)
    assert move.action == "catch 1" and 100 + 500 <= move.at <= 100 + 2000
    game.apply(0, move.action, move.at)
    assert game.log[-1]["code"] == "caught" and "moth2" in game.hands[1]


def test_a_blind_guard_misses_the_cheat_and_a_slow_hard_guard_does_not_call_late(make):
    game = make([["1", "4"], ["moth2", "5", "spider1"], ["2", "3"]], discard=["2"], guard=0, turn=2)
    blind = {0: Bot("hard", profile={"notice": {"idle": 0.0, "turn": 0.0, "window": 0.0}})}
    slow = {0: Bot("hard", profile={"notice": {"idle": 1.0, "turn": 1.0, "window": 1.0},
                                     "catch_ms": (4000, 5000)})}
    for bots in (blind, slow):
        g = Game.from_json(game.to_json())
        memories = {}
        observe(g, bots, memories, 0)
        g.apply(1, "cheat moth2", 100)
        observe(g, bots, memories, 0)
        assert next_move(g, bots, memories, 0) is None or not next_move(g, bots, memories, 0).action.startswith("catch")


def test_slaps_and_races_follow_the_level_reaction_times(make):
    def reactions(level, kind, high):
        times, missed = [], 0
        for seed in range(300):
            card = f"{kind}3"
            game = make([[card, "1", "4"], ["3", "2"], ["2", "5"]], discard=["2"], guard=0)
            game.apply(0, f"play {card}", 1000)
            memories = {}
            observe(game, {1: Bot(level)}, memories, seed)
            at = memories[1]["reflex"]["at"]
            if at is None or at - 1000 > high:
                missed += 1
            else:
                times.append(at - 1000)
        return min(times), max(times), missed / 300

    for level in LEVELS:
        p = PROFILES[level]
        low, high = p["slap_ms"]
        fastest, slowest, missed = reactions(level, "mosquito", high)
        assert low <= fastest and slowest <= high and abs(missed - p["slap_miss"]) < 0.07, (level, missed)
        low, high = p["race_ms"]
        fastest, slowest, missed = reactions(level, "cockroach", high)
        assert low <= fastest and slowest <= high and abs(missed - p["race_miss"]) < 0.07, (level, missed)


def test_at_a_digital_table_bots_react_to_the_card_on_the_pile(make):
    for seed in range(50):
        game = make([["mosquito3", "1", "4"], ["3", "2"], ["2", "5"]], discard=["2"], guard=0,
                    options={"land_ms": 600})
        game.apply(0, "play mosquito3", 1000)
        memories = {}
        observe(game, {1: Bot("normal")}, memories, seed)
        low, high = PROFILES["normal"]["slap_ms"]
        late = PROFILES["normal"]["slap_late_ms"][1]
        assert 1600 + low <= memories[1]["reflex"]["at"] <= 1600 + max(high, late)


# A child on a phone: reacts 0.6-0.9 s after the mosquito is on the pile. On the slowed phone
# (bench/windows.py) the slap then counts 0-0.6 s later than the reaction alone (median 0.3 s):
# the page asks for the table after the mosquito was played, draws it, and a network slower
# than the credit's cap is not all credited (docs/cheating-model.md, section 5a).
CHILD_MS = (600, 900)
PHONE_MS = (0, 600)


def child_slowest(level, players, games=300):
    """Share of bots' mosquitoes in which the child is the slowest to slap, against ``players - 1`` bots."""
    hands = [["1", "2"], ["mosquito3", "4"], ["2", "5"], ["3", "5"], ["4", "1"]][:players]
    rng = random.Random(f"child:{level}:{players}")
    slowest = 0
    for seed in range(games):
        game = Game.from_scenario({"players": players, "hands": hands, "discard": ["2"], "guard": 1, "turn": 1,
                                   "options": {"land_ms": 600}}, seed=seed)
        bots = {s: Bot(level, profile={"cheat_rate": 0}) for s in range(1, players)}
        memories = {}
        game.apply(1, "play mosquito3", 1000)
        observe(game, bots, memories, seed)
        child = 1600 + rng.randint(*PHONE_MS) + rng.randint(*CHILD_MS)
        window_with_person(game, bots, memories, seed, "slap", child)
        slowest += next(e["seat"] for e in game.log if e["code"] == "mosquito_slowest") == 0
    return slowest / games


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_child_on_a_phone_is_rarely_the_slowest_against_easy_bots_and_often_against_hard(players):
    easy, normal, hard = (child_slowest(level, players) for level in LEVELS)
    # 300 mosquitoes per row: the shares below have a margin of about 5 points.
    assert easy <= 1 / (players + 1), ("easy", easy)
    assert 0.5 / players <= normal <= 1.5 / players, ("normal: about one in players", normal)
    assert hard > max(normal, 1 / players), ("hard: more often", hard)
    assert easy < normal < hard


def test_only_hard_bots_ever_beat_a_childs_bare_reaction():
    # The child's reaction on its own (0.6-0.9 s, before the phone's delay) against one bot's slap
    # delay (distraction included): easy and normal bots always lie above it, so what decides
    # against them is the phone; a hard bot is sometimes quicker than the child itself.
    rng = random.Random(5)
    bots = {level: Bot(level) for level in LEVELS}
    slower = {level: 0 for level in LEVELS}
    for _ in range(4000):
        child = rng.randint(*CHILD_MS)
        for level, bot in bots.items():
            slower[level] += bot._reflex({"window": {"kind": "mosquito"}}, rng) > child
    assert slower["easy"] == slower["normal"] == 4000
    assert 0.5 < slower["hard"] / 4000 < 1


def test_harder_bots_slap_and_race_sooner_and_miss_less():
    easy, normal, hard = (PROFILES[level] for level in ("easy", "normal", "hard"))
    for key in ("slap_ms", "race_ms", "slap_late_ms"):
        for end in (0, 1):
            assert easy[key][end] > normal[key][end] > hard[key][end], (key, end)
    for key in ("slap_miss", "race_miss"):
        assert easy[key] > normal[key] > hard[key], key
    # A distracted bot slaps after every attentive one, so "late" means late.
    for p in (easy, normal, hard):
        assert p["slap_late_ms"][0] > p["slap_ms"][1]


def test_spider_gifts_go_to_the_leader_and_hand_overs_dump_the_worst_card(make):
    game = make([["2", "spider3", "4", "moth2"], ["1"], ["1", "1", "1"]], discard=["4"], guard=2, turn=0)
    game.apply(0, "play spider3", 1)
    for level in ("normal", "hard"):
        action, delay = Bot(level).decide(game.view(0), game.legal_actions(0), {}, random.Random(0))
        assert action == "give 4 1" and delay > 0
    game = make([["1", "ant2", "cockroach2", "moth5"], ["1"], ["1", "1"]], discard=["3"], guard=0)
    game.apply(2, "cheat 1", 5)
    game.apply(0, "catch 2", 10)
    action, _ = Bot("hard").decide(game.view(0), game.legal_actions(0), {}, random.Random(0))
    assert action == "hand cockroach2", "an action card, and not one the new guard can turn against us"


def test_pace_scales_deliberate_moves(make):
    game = make([["1", "4"], ["5", "2"], ["2", "3"]], discard=["2"], guard=0)
    slow = Bot("normal", pace_ms=1000).decide(game.view(0), ["play 1"], {}, random.Random(2))
    fast = Bot("normal", pace_ms=100).decide(game.view(0), ["play 1"], {}, random.Random(2))
    assert slow[0] == fast[0] == "play 1" and 700 <= slow[1] <= 1400
    assert slow[1] == pytest.approx(10 * fast[1], abs=10)
