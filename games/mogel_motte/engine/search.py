"""What Mogel Motte's expert searches over: deals drawn from one seat's view and memory, played on.

Three parts, each used by :class:`~games.mogel_motte.engine.expert.ExpertBot`:

* :func:`remember` follows this round's events as the seat saw them into its memory: the
  discard pile (plays, races, ants, reshuffles), the cards it knows to be in another hand
  (taken by an ant, given to or by it, returned by a Caught!) until that seat plays them,
  and its own cards under the table.
* :func:`determinize` rebuilds one full table consistent with that: its hand, the discard
  pile, the known cards where they are; the other seats' cards under the table (their
  count is public) drawn from the unknown cards **weighted by the kind a cheater of the
  table's level cheats** (:data:`CHEAT_WEIGHTS`); the rest dealt at random into the other
  hands (their sizes are public) and the draw pile (its size is public).
* :class:`Table` plays one such sample on with the engine itself, for ``mogel.core.ismcts``:
  every seat as hard plays (the opponent model), without cheats, for a few laps.

Nothing here reads a :class:`Game` other than the ones it builds: the input is ``view``
(``game.view(seat)``) and the seat's memory.
"""

from __future__ import annotations

import random

from . import cards as C
from .bots import Bot, cheat_kind
from .game import PHASE_COCKROACH, PHASE_GIFTS, PHASE_MOSQUITO, PHASE_SPIDER, PHASE_TURN, Game
from .tells import log_read

LAPS = 2                # the play-out's horizon: this many turns per seat, or the round's end
SCALE = 20.0            # minus points swing about ±20 in a few laps: returns of about -1..1

# How much likelier a card of each kind is to be under the table than its share of the deck says:
# (share of the kind among the cards a level cheated) / (its share of the deck: moth 11.3%, action
# 28.2%, number 60.6%). Measured by self-play, ``bench/cheat_model.py --games 400`` (4 players,
# one level in every seat, seeds 0-399, 2026-11-27; the expert with its search off): hard cheated
# 11,280 cards, 53.8% moths, 34.7% action cards, 11.6% numbers; the expert 13,694, 69.1% / 30.9% /
# 0.0% (it never finds a number card worth cheating; a kind never seen gets 0.02, so a sample can
# still be dealt when only numbers are left unknown). docs/expert-bots.md section 2b.
CHEAT_WEIGHTS: dict[str, dict[str, float]] = {
    "easy": {"moth": 5.72, "action": 0.97, "number": 0.14},
    "normal": {"moth": 4.9, "action": 1.14, "number": 0.21},
    "hard": {"moth": 4.77, "action": 1.23, "number": 0.19},
    "expert": {"moth": 6.13, "action": 1.1, "number": 0.02},
}


class Table:
    """One determinized table, played on by the engine itself; the search's state."""

    def __init__(self, game: Game, me: int, hard: Bot, horizon: int) -> None:
        self.game, self.me, self.hard = game, me, hard
        self.round, self.steps, self.horizon = game.round, 0, horizon
        self.obs: list = []
        self.rng = random.Random(0)

    def _settle_windows(self) -> None:
        """Windows and gifts the search does not decide: everyone slaps or races as hard would
        (in a random order), hand-overs as hard chooses."""
        game, rng = self.game, self.rng
        while game.round == self.round and not game.over:
            if game.phase == PHASE_MOSQUITO:
                seats = list(game.expected())
                rng.shuffle(seats)
                for seat in seats:
                    game.apply(seat, "slap", game.clock + 1)
            elif game.phase == PHASE_COCKROACH:
                holders = game.expected()
                if holders and rng.random() < 0.9:
                    game.apply(holders[rng.randrange(len(holders))], f"race {game.window['value']}",
                               game.clock + 1)
                else:
                    game.advance(game.window["closes"])
            elif game.phase == PHASE_GIFTS and self.current() is None:
                seat = game.gifts["from"][0]
                game.apply(seat, self._hard_move(seat), game.clock + 1)
            else:
                return

    def current(self) -> int | None:
        game = self.game
        if game.round != self.round or game.over or self.steps >= self.horizon:
            return None
        if game.phase == PHASE_TURN:
            return game.turn
        if game.phase == PHASE_SPIDER:
            return game.spider["by"]
        if game.phase == PHASE_GIFTS and self.me in game.gifts["from"]:
            return self.me
        return None

    def actions(self) -> list[str]:
        return list(self.game.owed_actions(self.current()))

    def key(self) -> tuple:
        return tuple(self.obs)

    def apply(self, action: str) -> None:
        seat = self.current()
        game = self.game
        mine = seat == self.me
        game.apply(seat, action, game.clock + 1)
        self.steps += 1
        # What the searching seat sees of this move: its own in full, another seat's play; a draw
        # or a gift only by who made it (the card stays hidden unless it came to this seat).
        if mine or action.startswith("play "):
            self.obs.append((seat, action))
        else:
            self.obs.append((seat, action.split()[0], tuple(sorted(game.hands[self.me]))))
        self._settle_windows()

    def _hard_move(self, seat: int) -> str:
        game = self.game
        view = {"seat": seat, "players": game.players, "hand": game.hands[seat],
                "hand_sizes": [len(h) for h in game.hands], "scores": game.scores}
        return self.hard.choose_owed(view, game.owed_actions(seat), self.rng)

    def policy(self, rng: random.Random) -> str:
        self.rng = rng
        return self._hard_move(self.current())

    def returns(self) -> list[float]:
        """Per seat: the others' mean minus points in hand less its own (the round's if it ended), scaled."""
        game = self.game
        if game.round != self.round or game.over:
            minus = game.history[-1]["minus"]
        else:
            minus = [C.minus_points(h) for h in game.hands]
        total, n = sum(minus), game.players
        return [((total - m) / (n - 1) - m) / SCALE for m in minus]


# -- memory: the discard pile and the cards known to be in other hands --------------------------

def remember(view: dict, memory: dict) -> dict:
    """Follow this round's events as this seat saw them into ``memory["x"]``; returns it."""
    x = memory.get("x")
    if x is None or x["round"] != view["round"]:
        x = memory["x"] = {"round": view["round"], "log_n": 0, "discard": [], "held": {}, "under": [],
                           "ok": True}
    new, end = log_read(view, x)
    if x["log_n"] < view.get("log_start", 0):
        x["ok"] = False          # it started watching after events it never saw: it searches next round
    for e in new:
        _follow(view["seat"], x, e)
    x["log_n"] = end
    return x


def _follow(me: int, x: dict, e: dict) -> None:
    code, held = e["code"], x["held"]
    if code == "round_start":
        x["discard"] = [e["top"]]
    elif code in ("played", "raced"):
        x["discard"].append(e["card"])
        _drop(held, e["seat"], e["card"])
    elif code == "ant_took":
        if len(x["discard"]) > 1:
            x["discard"].pop(-2)     # the card right under the ant
        held.setdefault(str(e["seat"]), []).append(e["card"])
    elif code == "reshuffled":
        x["discard"] = x["discard"][-1:]
    elif code in ("spider_gave", "handed", "penalty") and e.get("card"):
        _drop(held, e["seat"], e["card"])
        if e["to"] != me:
            held.setdefault(str(e["to"]), []).append(e["card"])
    elif code == "caught":
        if e["accused"] == me and e["card"] in x["under"]:
            x["under"].remove(e["card"])
        elif e["accused"] != me:
            held.setdefault(str(e["accused"]), []).append(e["card"])
    elif code == "cheated" and e["seat"] == me and e.get("card"):
        x["under"].append(e["card"])


def _drop(held: dict, seat: int, card: str) -> None:
    cards = held.get(str(seat))
    if cards and card in cards:
        cards.remove(card)


# -- the sampler ----------------------------------------------------------------------------------

def _weighted_pick(pool: list[str], weights: dict[str, float], rng: random.Random) -> str:
    """One card out of ``pool``, each with the weight of its kind (drawn without replacement)."""
    i = rng.choices(range(len(pool)), [weights[cheat_kind(c)] for c in pool])[0]
    return pool.pop(i)


def deal_hidden(view: dict, x: dict, rng: random.Random,
                weights: dict[str, float]) -> tuple[list, list, list] | None:
    """(hands, under, draw) consistent with what this seat knows, or None when its memory does not add up.

    The counts are the public ones: every hand's size, the cards under the table, the draw pile."""
    me, n = view["seat"], view["players"]
    pool = list(C.DECK)
    for c in view["hand"] + x["discard"] + x["under"]:
        if c not in pool:
            return None
        pool.remove(c)
    hands = [list(view["hand"]) if s == me else [] for s in range(n)]
    for seat_key, cards in sorted(x["held"].items()):
        seat = int(seat_key)
        for c in cards[:view["hand_sizes"][seat]]:
            if c in pool:
                pool.remove(c)
                hands[seat].append(c)
    hidden_under = view["under_size"] - len(x["under"])
    if not 0 <= hidden_under <= len(pool):
        return None
    under = x["under"] + [_weighted_pick(pool, weights, rng) for _ in range(hidden_under)]
    rng.shuffle(pool)
    for seat in range(n):
        missing = view["hand_sizes"][seat] - len(hands[seat])
        if missing > len(pool):
            return None
        hands[seat] += [pool.pop() for _ in range(max(0, missing))]
    if len(pool) != view["draw_size"] or len(x["discard"]) != view["discard_size"]:
        return None
    return hands, under, pool


def determinize(view: dict, x: dict, rng: random.Random, hard: Bot,
                weights: dict[str, float]) -> Table | None:
    """One full table consistent with what this seat knows (None: its memory does not add up)."""
    dealt = deal_hidden(view, x, rng, weights)
    if dealt is None:
        return None
    n = view["players"]
    game = Game._blank(n, 0, dict(view["options"]))
    game.round, game.guard, game.turn, game.starter = view["round"], view["guard"], view["turn"], view["starter"]
    game.phase = view["phase"]
    game.hands, game.under, game.draw = dealt
    game.discard = list(x["discard"])
    game.scores = list(view["scores"])
    game.spider = dict(view["spider"]) if view["spider"] else None
    game.gifts = {**view["gifts"], "from": list(view["gifts"]["from"])} if view["gifts"] else None
    game.clock = view["clock"]
    game.seed = rng.randrange(1 << 30)          # the play-out's reshuffles: part of the sample
    game.history = [{"minus": [0] * n}]
    return Table(game, view["seat"], hard, LAPS * n)
