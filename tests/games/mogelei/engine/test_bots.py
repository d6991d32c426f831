"""Mogelei bots of every level: legal, view-only, deterministic, and playing as their level says."""

import copy
import json
import random

import pytest

from games.mogelei.engine import COLOURS, Game, deck
from games.mogelei.engine.bots import LEVELS, Bot, new_stats, observe, observe_all, play_bots

from .helpers import lay_all, play, position


def seated(players, seed, levels=LEVELS):
    rng = random.Random(f"levels:{seed}")
    return {s: Bot(rng.choice(levels), seed) for s in range(players)}


def decisions(game, bots, memories=None):
    """Play ``game`` to its end like play_bots, yielding (seat, view, legal, memory, action) before each move.

    ``memory`` is the seat's memory as the bot decided from it (copy it to keep it).
    """
    memories = {} if memories is None else memories
    observe_all(game, memories)
    while not game.over:
        for seat in game.expected():
            view, legal = game.view(seat), game.legal_actions(seat)
            action = bots[seat].choose(view, legal, memories.setdefault(seat, {}))
            yield seat, view, legal, memories[seat], action
            game.apply(seat, action, game.clock + 1000)
            observe_all(game, memories)


def public_voids(game):
    """Seat -> colours it showed it lacks this game: a card of another colour turned up in a round of that colour."""
    voids = {}
    for entry in game.history:
        if entry["game"] != game.game_no:
            continue
        for seat, card in enumerate(entry["last_pass"]):
            if not card.startswith(entry["colour"] + "-") and seat not in entry["revealed"]:
                voids.setdefault(seat, set()).add(entry["colour"])
    return voids


# -- legal, whole games, every level and player count ------------------------------------------------

@pytest.mark.parametrize("players", range(3, 9))
def test_bots_of_every_level_play_whole_matches_with_legal_actions_only(players):
    for seed in range(4):
        level = LEVELS[seed % 3] if seed < 3 else None
        bots = {s: Bot(level, seed) for s in range(players)} if level else seated(players, seed)
        game = Game.new(players, seed, games=1 if seed else 5, eggs="one" if seed == 2 else "by_value")
        memories = {}
        for seat, view, legal, _, action in decisions(game, bots, memories):
            assert action in legal, (seat, action, legal)
        assert game.over and game.phase == "over"
        for memory in memories.values():
            assert json.loads(json.dumps(memory)) == memory, "a memory is JSON data"


def test_bots_decide_legally_from_positions_set_up_for_lessons():
    # Scenarios hold a few cards each, maybe earlier passes of the round, and no history.
    played = 0
    for seed in range(60):
        rng = random.Random(seed)
        players, size = rng.randint(3, 8), rng.randint(1, 4)
        cards = deck(players)
        rng.shuffle(cards)
        colour = rng.choice([None, *COLOURS])
        scenario = {"players": players, "hands": [cards[i * size:(i + 1) * size] for i in range(players)],
                    "caller": rng.randrange(players), "colour": colour}
        if colour and seed % 2:
            earlier = cards[players * size:players * (size + 1)]
            scenario.update(passes=[earlier], revealed=[[1, s] for s, c in enumerate(earlier)
                                                        if c.startswith(colour + "-") and rng.random() < 0.5])
        game = Game.from_scenario(scenario, seed)
        first = game.round
        for _seat, _view, legal, _, action in decisions(game, seated(players, seed)):
            assert action in legal
            if game.round != first:
                break                   # the scenario's round is settled
        played += game.round != first
    assert played == 60


def test_play_bots_counts_the_decisions_it_drove():
    game = Game.new(5, 11, games=1)
    stats = play_bots(game, seated(5, 11))
    assert game.over
    assert sum(s["decisions"] for s in stats) == sum(1 for e in game.log if e["code"] in (
        "called", "laid", "revealed", "hid", "continued", "ended", "accused"))
    assert sum(s["accusations"] for s in stats) == sum(1 for e in game.log if e["code"] == "accused")
    assert sum(s["right"] for s in stats) == sum(1 for e in game.log if e["code"] == "accused" and e["right"])
    for s in stats:
        assert s["hidden"] <= s["reveal_chances"] and s["accusations"] <= s["turns"]


# -- deterministic, and deciding from the view and memory only -----------------------------------------

def test_a_seed_replays_the_same_match_and_another_seed_plays_another():
    def actions(seed, bot_seed):
        game = Game.new(4, seed, games=1)
        bots = {s: Bot(LEVELS[s % 3], bot_seed) for s in range(4)}
        return [(seat, action) for seat, _, _, _, action in decisions(game, bots)]
    assert actions(5, 1) == actions(5, 1)
    assert actions(5, 1) != actions(5, 2), "the bots' seed changes their choices"


def test_asking_again_changes_no_memory_and_gives_the_same_answer_after_a_restart():
    game = Game.new(4, 8, games=1)
    bots = seated(4, 8)
    for n, (seat, view, legal, before, action) in enumerate(decisions(game, bots)):
        if n % 7:
            continue
        before = copy.deepcopy(before)
        memory = json.loads(json.dumps(before))           # as the web keeps it between requests
        again = Bot(bots[seat].level, 8).choose(json.loads(json.dumps(view)), list(legal), memory)
        assert again == action
        assert memory == before, "choose works on a copy; only observe writes the memory"


def reshuffled_hands(game, seat, rng):
    """A copy of ``game`` with the other seats' hands dealt anew among them (sizes kept)."""
    other = Game.from_json(game.to_json())
    others = [s for s in range(game.players) if s != seat]
    pool = [c for s in others for c in other.hands[s]]
    rng.shuffle(pool)
    for s in others:
        size = len(other.hands[s])
        other.hands[s], pool = sorted(pool[:size]), pool[size:]
    return other


def test_a_decision_depends_only_on_what_the_seat_sees():
    # Deal the other seats' unseen cards differently (their hands and their face-down cards
    # of this pass): the seat's view stays the same, and so does every bot's choice.
    swapped = 0
    for seed in range(12):
        game = Game.new(5, seed, games=1)
        bots = seated(5, seed)
        memories = {}
        target = random.Random(seed).randrange(20, 90)
        for n, (seat, view, legal, before, action) in enumerate(decisions(game, bots, memories)):
            if n < target:
                continue
            other = reshuffled_hands(game, seat, random.Random(seed))
            others = [s for s in range(5) if s != seat]
            hidden = [s for s in others if other.passes and other.passes[-1][s] is not None
                      and s not in other.up[-1]]
            if len(hidden) >= 2:
                a, b = hidden[:2]
                last = other.passes[-1]
                last[a], last[b] = last[b], last[a]
            assert other.view(seat) == view
            assert other.to_json() != game.to_json()
            for level in LEVELS:
                bot = Bot(level, seed)
                assert bot.choose(other.view(seat), other.legal_actions(seat), before) == \
                    bot.choose(view, legal, before)
            swapped += 1
            break
    assert swapped == 12


# -- what the memory learns ---------------------------------------------------------------------------

def test_memory_learns_who_cannot_follow_from_a_card_turned_up_at_the_end_of_a_round():
    game = position([["black-1", "red-2"], ["black-2", "red-3"], ["red-1", "blue-1"]], caller=0, colour="black")
    memories = {}
    observe_all(game, memories)
    lay_all(game, ["black-1", "black-2", "red-1"])
    play(game, (0, "reveal"), (1, "hide"), (2, "hide"), (0, "accuse 1"))   # right: seat 1 bluffed
    observe_all(game, memories)
    for seat in (0, 1):
        assert memories[seat]["void"] == {"2": ["black"]}, "seat 2's red 1 was turned up in a black round"
        assert "red-1" in memories[seat]["shown"] and "black-2" in memories[seat]["shown"]
    assert memories[2]["void"] == {"2": ["black"]}
    assert memories[0]["bluffs"]["1"] == [1, 0], "seat 1 kept a black hidden once"


# -- the levels' traits -------------------------------------------------------------------------------

def level_games(level_a, level_b, players=4, games=40):
    """Games with level_a at even seats and level_b at odd ones: yields each decision and the game."""
    for seed in range(games):
        game = Game.new(players, seed, games=1, dealer=seed % players)
        bots = {s: Bot(level_a if s % 2 == 0 else level_b, seed) for s in range(players)}
        for seat, view, legal, before, action in decisions(game, bots):
            yield game, bots[seat].level, seat, view, legal, before, action


def test_normal_lays_high_cards_of_the_colour_in_a_rounds_first_pass_and_low_ones_later():
    first = {"highest": 0, "lowest": 0}
    later = {"highest": 0, "lowest": 0}
    for _game, level, _seat, view, legal, _, action in level_games("normal", "easy"):
        values = sorted(int(a.rsplit("-", 1)[1]) for a in legal if a.startswith("lay "))
        if level != "normal" or len(values) < 2 or not legal[0].startswith(f"lay {view['colour']}-"):
            continue
        laid = int(action.rsplit("-", 1)[1])
        tally = first if view["pass_no"] == 1 else later
        tally["highest"] += laid == values[-1]
        tally["lowest"] += laid == values[0]
    assert first["highest"] > 3 * first["lowest"] and first["highest"] >= 50
    assert later["lowest"] > 3 * later["highest"] and later["lowest"] >= 20


def test_normal_lays_a_colour_it_holds_few_of_when_it_cannot_follow():
    game = position([["red-1", "red-2", "red-3", "blue-4"], ["black-1", "black-2", "black-3", "black-4"],
                     ["yellow-1", "yellow-2", "yellow-3", "yellow-4"]], caller=1, colour="black")
    view = game.view(0)
    assert Bot("normal", 0).choose(view, game.legal_actions(0), {}) == "lay blue-4"


def test_easy_bluffs_and_accuses_at_its_fixed_rates_and_normal_bluffs_less():
    tally = {lv: {"chances": 0, "hidden": 0, "turns": 0, "accused": 0} for lv in ("easy", "normal")}
    for _game, level, _seat, view, legal, _, action in level_games("easy", "normal"):
        t = tally[level]
        if "reveal" in legal:
            t["chances"] += 1
            t["hidden"] += action == "hide"
        if any(a.startswith("accuse ") for a in legal):
            t["turns"] += 1
            t["accused"] += action.startswith("accuse ")
    easy, normal = tally["easy"], tally["normal"]
    assert 0.3 < easy["hidden"] / easy["chances"] < 0.5          # PROFILES["easy"]["hide"] = 0.4
    assert 0.5 < easy["accused"] / easy["turns"] < 0.7           # PROFILES["easy"]["accuse"] = 0.6
    assert normal["hidden"] / normal["chances"] < easy["hidden"] / easy["chances"] - 0.1


def test_hard_never_accuses_a_seat_that_showed_it_lacks_the_colour():
    accusations = tempted = 0
    for game, level, seat, view, legal, _, action in level_games("hard", "normal", players=5, games=30):
        if level != "hard" or not action.startswith(("accuse ", "continue", "end")):
            continue
        voids = public_voids(game)
        tempted += any(view["colour"] in voids.get(int(a.split()[1]), ()) for a in legal if a.startswith("accuse "))
        if action.startswith("accuse "):
            accusations += 1
            target = int(action.split()[1])
            assert view["colour"] not in voids.get(target, ()), (game.seed, seat, target)
    assert accusations >= 25 and tempted >= 10


def test_hard_does_not_accuse_when_every_card_of_the_colour_is_accounted_for():
    # A face-down card can only be another colour, so accusing would just hand it the cards.
    game, memory = every_black_accounted_for()
    action = Bot("hard", 0).choose(game.view(0), game.legal_actions(0), memory)
    assert action in ("continue", "end")


def every_black_accounted_for():
    """Seat 0 on turn in a pass of black where it holds or has seen every black card (3 players: 1-9)."""
    hands = [["black-7", "black-8", "black-9", "red-9"], ["red-1", "red-2", "red-3", "red-4"],
             ["blue-1", "blue-2", "blue-3", "blue-4"]]
    game = position(hands, caller=0, colour="black",
                    passes=[["black-1", "black-2", "black-3"], ["black-4", "black-5", "black-6"]],
                    revealed=[[1, 1], [1, 2], [2, 0], [2, 1], [2, 2]], pass_caller=0)
    lay_all(game, ["black-7", "red-1", "blue-1"])
    play(game, (0, "reveal"), (1, "hide"), (2, "hide"))
    memory = {}
    observe(game.view(0), memory)
    memory["shown"] = sorted(set(memory["shown"]) | {"black-1"})   # seat 0 laid it: it knows it
    return game, memory


def test_normal_ends_the_round_when_every_card_of_the_colour_is_accounted_for():
    # The rulebook's tip: with nothing left to catch, another pass only makes the pot bigger.
    game, memory = every_black_accounted_for()
    assert "continue" in game.legal_actions(0)
    for seed in range(10):
        assert Bot("normal", seed).choose(game.view(0), game.legal_actions(0), memory) == "end"


def test_normal_ends_the_round_when_every_other_seat_showed_it_lacks_the_colour():
    # Red is still unseen, but both other seats showed earlier in this game that they hold no red.
    hands = [["red-9", "black-1", "black-2"], ["blue-1", "blue-2", "blue-3"], ["yellow-1", "yellow-2", "yellow-3"]]
    game = position(hands, caller=0, colour="red")
    lay_all(game, ["red-9", "blue-1", "yellow-1"])
    play(game, (0, "hide"), (1, "hide"), (2, "hide"))
    memory = {}
    observe(game.view(0), memory)
    assert game.legal_actions(0)[:2] == ["continue", "end"]
    assert Bot("normal", 0).choose(game.view(0), game.legal_actions(0), memory) != "end"
    memory["void"] = {"1": ["red"], "2": ["red"]}
    for seed in range(10):
        assert Bot("normal", seed).choose(game.view(0), game.legal_actions(0), memory) == "end"


def test_hard_accuses_a_card_kept_hidden_in_a_first_pass_when_the_colour_is_everywhere():
    # Black is the colour nobody has seen yet: a card kept hidden in the round's first pass
    # is almost surely a bluff. With the hands empty (no further pass), hard accuses rather than end.
    hands = [["black-9"], ["black-6"], ["black-7"], ["black-8"]]
    game = position(hands, caller=0, colour="black")
    lay_all(game, ["black-9", "black-6", "black-7", "black-8"])
    play(game, (0, "reveal"), (1, "reveal"), (2, "hide"), (3, "reveal"))
    assert game.legal_actions(0) == ["end", "accuse 2"]
    assert Bot("hard", 0).choose(game.view(0), game.legal_actions(0), {}) == "accuse 2"


def test_hard_picks_whom_to_accuse_by_counting_and_wins_more_fattest_eggs_than_normal():
    # Its accusations are right more often than picking at random among the seats it may
    # accuse would be, and more so than easy's; its hidden cards win more fattest eggs than
    # normal's. (Against normal's pick, which also skips the seats shown to lack the colour,
    # hard's is no longer measurably better since hard hides less: see docs/mogelei-bots.md.)
    right = {lv: 0.0 for lv in LEVELS}
    chance = {lv: 0.0 for lv in LEVELS}
    eggs = {lv: 0 for lv in LEVELS}
    for seed in range(100):
        levels = ["hard", "normal", "easy", random.Random(seed).choice(LEVELS)]
        random.Random(seed).shuffle(levels)
        game = Game.new(4, seed, games=1)
        bots = {s: Bot(lv, seed) for s, lv in enumerate(levels)}
        for seat, view, legal, _, action in decisions(game, bots):
            if action.startswith("accuse "):
                last = game.passes[-1]
                called = [last[int(a.split()[1])].startswith(view["colour"] + "-")
                          for a in legal if a.startswith("accuse ")]
                right[levels[seat]] += last[int(action.split()[1])].startswith(view["colour"] + "-")
                chance[levels[seat]] += sum(called) / len(called)
        for seat, lv in enumerate(levels):
            eggs[lv] += game.games_history[-1]["rewards"][seat]
    gain = {lv: right[lv] / chance[lv] for lv in LEVELS}      # right accusations per one a random pick gets
    assert gain["hard"] > 1.1 and gain["hard"] > gain["easy"], gain
    assert eggs["hard"] > eggs["normal"], eggs


# -- calling: not a colour nobody else holds ------------------------------------------------------------

def dead_call_share(level, players, games):
    """Over seeded all-bot games of ``level``: the share of its calls of a colour no other seat held (true hands)."""
    calls = dead = 0
    for seed in range(games):
        game = Game.new(players, seed, games=1, dealer=seed % players)
        stats = play_bots(game, {s: Bot(level, seed) for s in range(players)})
        calls += sum(s["calls"] for s in stats)
        dead += sum(s["dead_calls"] for s in stats)
    assert calls >= 3 * games, "every game has several rounds, each with a call"
    return dead / calls


@pytest.mark.parametrize("players", (4, 8))
@pytest.mark.parametrize("level", ("normal", "hard"))
def test_normal_and_hard_rarely_call_a_colour_nobody_else_holds(level, players):
    # Such a call leaves every other card face down and the caller collecting the round.
    assert dead_call_share(level, players, games=30) <= 0.05


def test_easy_blunders_with_its_calls_now_and_then_but_rarely():
    share = dead_call_share("easy", 4, games=30)
    assert 0 < share <= 0.12


def test_play_bots_counts_a_call_of_a_colour_no_other_hand_holds():
    # One card each: a single round, whose call alone is counted.
    hands = [["black-1"], ["red-1"], ["red-3"]]
    for colour, dead in (("black", 1), ("red", 0), ("blue", 1)):
        game = position(hands, caller=0, options={"games": 1})
        bots = {0: _Forced(f"call {colour}"), 1: Bot("easy", 0), 2: Bot("easy", 0)}
        stats = play_bots(game, bots)
        assert (stats[0]["calls"], stats[0]["dead_calls"]) == (1, dead), colour


class _Forced(Bot):
    """Calls the given colour whenever it calls; otherwise plays as easy."""

    def __init__(self, call):
        super().__init__("easy", 0)
        self.call = call

    def choose(self, view, legal, memory=None):
        if legal and legal[0].startswith("call ") and self.call in legal:
            return self.call
        return super().choose(view, legal, memory)


# Seat 0 holds no black, so "the colour it holds fewest of" alone would pick it; but its
# memory says nobody else holds one: every black was turned up this game, or both other
# seats showed they lack it.
GONE = {"every card seen": {"shown": sorted(f"black-{v}" for v in range(1, 10))},
        "every other seat lacks it": {"void": {"1": ["black"], "2": ["black"]}}}


@pytest.mark.parametrize("gone", GONE)
@pytest.mark.parametrize("level", ("normal", "hard"))
def test_normal_and_hard_do_not_call_a_colour_nobody_else_can_hold(level, gone):
    hands = [["red-8", "red-9"], ["blue-1", "blue-2"], ["yellow-1", "yellow-2"]]
    game = position(hands, caller=0)
    view, legal = game.view(0), game.legal_actions(0)
    memory = {}
    observe(view, memory)
    assert any(Bot(level, seed).choose(view, legal, memory) == "call black" for seed in range(10)), \
        "without knowing, it calls black now and then"
    memory.update(GONE[gone])
    for seed in range(10):
        assert Bot(level, seed).choose(view, legal, memory) != "call black"


def test_a_call_depends_only_on_what_the_caller_sees():
    # Reshuffle the other seats' hands at every call after the first round: same view, same call.
    checked = 0
    for seed in range(6):
        game = Game.new(5, seed, games=1)
        bots = seated(5, seed)
        for seat, view, legal, before, action in decisions(game, bots):
            if not legal[0].startswith("call ") or view["game_round"] < 3:
                continue
            other = reshuffled_hands(game, seat, random.Random(seed * 100 + view["game_round"]))
            assert other.view(seat) == view
            for level in LEVELS:
                bot = Bot(level, seed)
                assert bot.choose(other.view(seat), other.legal_actions(seat), before) == \
                    bot.choose(view, legal, before)
            checked += 1
    assert checked >= 20
