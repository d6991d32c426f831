"""Bots for Mogelei: they call, lay, reveal or bluff, continue, end and accuse from their own view only.

A bot never sees the :class:`~games.mogelei.engine.Game` object: :meth:`Bot.choose` gets
``game.view(seat)``, ``game.legal_actions(seat)`` and the seat's own memory, a small
JSON dict that :func:`observe` fills from what that seat saw (its log: cards revealed,
uncovered by an accusation or turned up at the end of a round, its own cards laid).
Facts a seat can infer from the table: a seat that showed a card of another colour in a
pass of colour *c* could not follow, so it holds no *c* for the rest of the game.

Levels (docs/mogelei-bots.md has the figures):

* ``easy`` follows the rules and no more: a random legal card, keeps a card of the
  called colour hidden at a fixed rate, accuses a random seat at a fixed rate;
* ``normal`` plays the rulebook's tips: a high card of the called colour in a round's
  first pass and low ones later, a colour it holds few of when it cannot follow, a bluff
  now and then, continues when it expects another seat to reveal higher, accuses when the
  called colour is still common among the cards it has not seen, ends when nobody is
  accusable and another pass is unlikely to catch anyone;
* ``hard`` counts cards: from its hand, every card shown this game and who cannot follow
  which colour it estimates for each face-down card the chance that it is the called
  colour (weighed by how often that seat keeps the colour hidden), accuses by that
  estimate against the round's eggs, reveals or bluffs by the expected eggs and reward,
  and keeps a high card of the colour hidden for the fattest egg when that is safe.

Randomness: one ``random.Random`` per decision, seeded by the bot's seed, the seat and
the decision (round, pass, phase), so asking again for the same decision, after a
restart or on another server, gives the same answer. Deciding never changes the memory.

The driver side (the web game, the tests, the bench):

* ``Bot(level, seed).choose(game.view(seat), game.legal_actions(seat), memories[seat])``
  – the bot's action now (None when it owes nothing); cheap enough to ask on every poll;
* :func:`observe_all` – after every ``apply``, so each bot remembers what it saw
  (memories are ``{seat: dict}``, JSON data, stored with the game);
* :func:`play_bots` – a whole match played by bots alone, with statistics per seat.

When a bot acts (pacing) is the web layer's business; nothing here reads a clock.
"""

from __future__ import annotations

import copy
import random
from functools import lru_cache
from math import comb

from .cards import COLOURS, HAND_SIZE as HAND, REWARD_POINTS
from .cards import colour as colour_of
from .cards import eggs as eggs_on
from .cards import value as value_of

LEVELS = ("easy", "normal", "hard")

# Normal and hard call only a colour some other seat holds with at least this chance
# (by their count); below it the round likely leaves the caller collecting it.
ALIVE = 0.5

PROFILES: dict[str, dict] = {
    # easy: fixed rates, no counting.
    # "notice": how often its call skips a colour it saw is gone (every card seen, or every
    # other seat showed it lacks it); the rest of its calls are blind.
    "easy": {"hide": 0.4, "accuse": 0.6, "continue": 0.5, "notice": 0.8},
    # normal: the rulebook's tips; "hide" is its bluff rate when revealing would be safe.
    "normal": {"hide": 0.2, "accuse_at": 0.15},
    # hard: see Bot._hard_*; "bluff_prior" is what it assumes of a seat it has not watched yet
    # (as pseudo-counts: kept hidden, revealed); "again" weighs the bigger pot it risks by
    # continuing when nobody may reveal above it: above 1, because next pass it reveals
    # first and fewer cards of the colour are left to catch anyone with (measured: 1.5
    # beats 0.6 and 1.0 against normal).
    "hard": {"bluff_prior": (1.0, 2.0), "again": 1.5, "reward": float(REWARD_POINTS)},
}


@lru_cache(maxsize=32)
def _mean_eggs(players: int, option: str) -> float:
    top = 3 * players
    return sum(eggs_on(f"black-{v}", option) for v in range(1, top + 1)) / top


# -- memory: what a seat has seen --------------------------------------------------------------

def _fresh(view: dict) -> dict:
    return {"game": view["game_no"], "dealt": [], "shown": [], "mine": [], "void": {}, "lost": dict.fromkeys(COLOURS, 0.0),
            "round": None, "n": 0, "colour": None, "guess": {}, "settled": 0, "history": 0,
            "followed": {}, "shed": {}, "pass": 0}


def caught_up(view: dict, memory: dict | None) -> dict:
    """A copy of ``memory`` that has observed ``view``: deciding never changes the memory itself,
    so asking twice gives the same answer."""
    memory = copy.deepcopy(memory) if memory else {}
    observe(view, memory)
    return memory


def observe(view: dict, memory: dict) -> None:
    """Bring ``memory`` up to date with the seat's view (idempotent; call after every change).

    Reads only the view: the seat's own laid cards from its log, the cards every seat saw
    turned up, who showed another colour than the called one (can no longer follow it).
    """
    if memory.get("game") != view["game_no"]:
        bluffs = memory.get("bluffs", {})       # how often each seat bluffs: kept over the match
        memory.clear()
        memory.update(_fresh(view), bluffs=bluffs)
    shown = set(memory["shown"])
    # A round that ended since the last look: its public end (from the history if the log moved on).
    for i, entry in enumerate(view["history"][memory["history"]:], memory["history"]):
        if entry["round"] > memory["settled"]:
            memory["colour"] = entry["colour"]
            memory["pass"] = _passes_of(view["history"][:i], entry["colour"]) + entry["passes"]
            for e in _end_events(entry):
                _take(view, memory, e, shown)
            _settle(memory, entry["round"])
    memory["history"] = len(view["history"])
    if memory["round"] != view["round"]:
        memory.update(round=view["round"], n=0, colour=view["colour"], guess={})
    before = _passes_of(view["history"], view["colour"]) if view["colour"] else 0
    log = view["log"]
    for e in log[memory["n"]:]:
        if e["code"] == "pass_start":
            memory["pass"] = before + e["pass"]   # the how-manieth pass of this colour in the game
        _take(view, memory, e, shown)
    memory["n"] = len(log)
    if memory["colour"] is None:
        memory["colour"] = view["colour"]
    memory["shown"] = sorted(shown)
    if view["phase"] == "choose":
        _guess_pass(view, memory)


def _end_events(entry: dict) -> list[dict]:
    """The public end of a finished round, rebuilt from its history entry as events.

    The engine starts the next round's log in the same step that ends a round, so the
    cards turned up at the end are read from the history (``last_pass``, all face up by then).
    """
    last, accused = entry["last_pass"], entry["accused"]
    events = []
    if accused is not None:
        events.append({"code": "accused", "target": accused, "card": last[accused]})
    hidden = {str(s): c for s, c in enumerate(last) if s not in entry["revealed"] and s != accused}
    if hidden:
        events.append({"code": "turned_up", "cards": hidden})
    return events


def _take(view: dict, memory: dict, e: dict, shown: set) -> None:
    code = e["code"]
    colour = memory["colour"]
    if code == "called":
        memory["colour"] = e["colour"]
    elif code == "dealt" and e.get("cards") and e["seat"] == view["seat"]:
        memory["dealt"] = list(e["cards"])
    elif code == "laid" and e.get("card") and e["seat"] == view["seat"]:
        if e["card"] not in memory["mine"]:
            memory["mine"].append(e["card"])
    elif code == "revealed":
        shown.add(e["card"])
        _count_bluff(memory, e["seat"], hidden=False)
        _followed(memory, e["seat"], colour)
    elif code == "accused":
        _show(memory, shown, e["target"], e["card"], colour)
    elif code == "turned_up":
        for seat, card in e["cards"].items():
            _show(memory, shown, int(seat), card, colour)
    elif code == "fattest_egg":
        shown.add(e["card"])
    elif code == "round_end":
        _settle(memory, e["round"])


def _show(memory: dict, shown: set, seat: int, card: str, colour: str | None) -> None:
    """A face-down card of the last pass turned up: a card kept hidden, or proof of a void."""
    shown.add(card)
    if colour is None:
        return
    if colour_of(card) == colour:
        _count_bluff(memory, seat, hidden=True)
        _followed(memory, seat, colour)
    else:
        voids = memory["void"].setdefault(str(seat), [])
        if colour not in voids:
            voids.append(colour)
        shed = memory["shed"].setdefault(str(seat), {})      # a card of another colour gone off-colour
        shed[colour_of(card)] = shed.get(colour_of(card), 0) + 1


def _followed(memory: dict, seat: int, colour: str) -> None:
    """``seat`` laid ``colour`` in the game's ``memory["pass"]``-th pass of it: it was dealt at least that many."""
    seen = memory["followed"].setdefault(str(seat), {})
    seen[colour] = max(seen.get(colour, 0), memory.get("pass", 0))


def _passes_of(history: list[dict], colour: str) -> int:
    """How many passes of ``colour`` the finished rounds of this game had."""
    return sum(entry["passes"] for entry in history if entry["colour"] == colour)


def _count_bluff(memory: dict, seat: int, hidden: bool) -> None:
    counts = memory["bluffs"].setdefault(str(seat), [0, 0])
    counts[0 if hidden else 1] += 1


def _guess_pass(view: dict, memory: dict) -> None:
    """Estimate, once per pass, how likely each face-down card of another seat is the called colour.

    Kept so that at the end of the round the cards of earlier passes, collected unseen,
    count as that many cards of the colour gone from the game (``lost``).
    """
    key = str(view["pass_no"])
    if key in memory["guess"] or view["colour"] is None:
        return
    suspicion = _suspicion(view, memory, view["colour"])
    memory["guess"][key] = {str(s): round(p, 4) for s, p in suspicion.items()}


def _settle(memory: dict, round_no: int) -> None:
    """The round is over: its earlier passes' face-down cards leave the game unseen."""
    colour = memory["colour"]
    if round_no <= memory["settled"] or colour is None:
        return
    memory["settled"] = round_no
    passes = sorted(memory["guess"], key=int)
    for key in passes[:-1]:                      # the last pass was turned up for all to see
        for p in memory["guess"][key].values():
            memory["lost"][colour] += p
            for other in COLOURS:
                if other != colour:
                    memory["lost"][other] += (1 - p) / 3
    memory["lost"] = {c: round(n, 3) for c, n in memory["lost"].items()}   # keeps the stored memory small
    memory["guess"] = {}


# -- what a seat can tell from its view ---------------------------------------------------------

def _facedown(view: dict, seat: int) -> bool:
    """Whether ``seat``'s card in the current pass lies face down (laid, not revealed)."""
    stack = view["stacks"][seat]
    return bool(stack) and stack[-1]["face"] == "down"


def _revealed_now(view: dict) -> dict[int, str]:
    """Cards revealed in the current pass, by seat."""
    out = {}
    for seat, stack in enumerate(view["stacks"]):
        if stack and stack[-1]["face"] == "up" and stack[-1]["card"]:
            out[seat] = stack[-1]["card"]
    return out


def _mine(view: dict, memory: dict) -> set[str]:
    """The cards this seat has laid this game (also those laid while it was not observing)."""
    return set(memory["mine"]) | (set(memory["dealt"]) - set(view["hand"]))


def _known(view: dict, memory: dict) -> set[str]:
    """Cards whose place this seat knows: its hand, what it laid, what was shown this game."""
    known = set(view["hand"]) | _mine(view, memory) | set(memory["shown"])
    for stack in view["stacks"]:
        for entry in stack:
            if entry["card"]:
                known.add(entry["card"])
    return known


def _unseen(view: dict, memory: dict, colour: str) -> list[int]:
    """Values of ``colour`` this seat has not seen anywhere this game, lowest first."""
    known = _known(view, memory)
    return [v for v in range(1, 3 * view["players"] + 1) if f"{colour}-{v}" not in known]


def _void(memory: dict, seat: int, colour: str) -> bool:
    return colour in memory["void"].get(str(seat), ())


def _nothing_to_catch(view: dict, memory: dict, colour: str) -> bool:
    """Nobody else can hold ``colour``: every card of it seen, or every other seat shown to lack it."""
    others = [seat for seat in range(view["players"]) if seat != view["seat"]]
    return not _unseen(view, memory, colour) or all(_void(memory, seat, colour) for seat in others)


def _bluff_rate(memory: dict, seat: int, prior: tuple = PROFILES["hard"]["bluff_prior"]) -> float:
    hidden, shown = memory["bluffs"].get(str(seat), (0, 0))
    return (hidden + prior[0]) / (hidden + shown + prior[0] + prior[1])


def _plain_odds(view: dict, memory: dict, colour: str) -> dict[int, float]:
    """Normal's rough count: the colour's share of the cards it has not seen, over each seat's cards."""
    me, players = view["seat"], view["players"]
    share = len(_unseen(view, memory, colour)) / max(1, 4 * 3 * players - len(_known(view, memory)))
    return {seat: 0.0 if _void(memory, seat, colour) else 1 - (1 - share) ** (view["hand_sizes"][seat] + 1)
            for seat in range(players) if seat != me}


@lru_cache(maxsize=4096)
def _at_least(pool: int, of_colour: int, hand: int, t: int) -> float:
    """P(at least ``t`` of the colour in ``hand`` cards dealt from ``pool`` holding ``of_colour``)."""
    if t <= 0:
        return 1.0
    total = comb(pool, hand)
    return sum(comb(of_colour, x) * comb(pool - of_colour, hand - x)
               for x in range(t, min(hand, of_colour) + 1)) / total


def _odds(view: dict, memory: dict, colour: str) -> dict[int, float]:
    """For every other seat, the chance that it held ``colour`` when it laid this pass's card.

    Two counts, and the smaller chance of the two (both overrate it in their own way):

    * the deal: a seat holding the colour has laid one of it in every pass of that
      colour this game, so it still holds some if it was dealt more than there were such
      passes before this one (plus those it was seen to lay off-colour); the deal is
      random among the cards this seat was not dealt; a seat that showed the colour in
      the k-th pass of it was dealt at least k;
    * the cards left: the unseen cards of the colour, less those estimated gone unseen
      with earlier face-down cards, spread at random over the cards of the seats that
      may hold it (hand and this pass's card).

    A seat that showed another colour in a pass of this one holds none; nobody does
    when this seat has seen them all.
    """
    me, players = view["seat"], view["players"]
    mine = sum(colour_of(c) == colour for c in view["hand"] + sorted(_mine(view, memory)))
    pool, of_colour = HAND * (players - 1), 3 * players - mine
    passes = _passes_of(view["history"], colour)
    if view["colour"] == colour:
        passes += view["pass_no"] - 1
    live = len(_unseen(view, memory, colour)) - memory["lost"][colour] - sum(
        sum(guesses.values()) for key, guesses in memory["guess"].items() if int(key) < view["pass_no"])
    cards = {seat: view["hand_sizes"][seat] + (1 if view["stacks"][seat] else 0)
             for seat in range(players) if seat != me and not _void(memory, seat, colour)}
    total = sum(cards.values())
    odds = {}
    for seat in range(players):
        if seat == me:
            continue
        if live <= 0 or seat not in cards:
            odds[seat] = 0.0
            continue
        floor = memory["followed"].get(str(seat), {}).get(colour, 0)
        shed = memory["shed"].get(str(seat), {}).get(colour, 0)
        spread = 1 - (1 - cards[seat] / total) ** live
        known = _at_least(pool, of_colour, HAND, min(floor, passes))
        # (A position set up for a lesson need not come from a deal: then the spread alone.)
        odds[seat] = min(_at_least(pool, of_colour, HAND, passes + shed + 1) / known, spread) if known else spread
    return odds


def _suspicion(view: dict, memory: dict, colour: str, odds: dict[int, float] | None = None,
               prior: tuple = PROFILES["hard"]["bluff_prior"]) -> dict[int, float]:
    """For each seat whose card of this pass lies face down: the chance it is ``colour``.

    A seat that held the colour laid it and then chose to hide it, which it does at its
    own observed bluff rate; a seat that did not hold it always hides.
    """
    odds = _odds(view, memory, colour) if odds is None else odds
    out = {}
    for seat, q in odds.items():
        if not _facedown(view, seat):
            continue
        b = _bluff_rate(memory, seat, prior)
        out[seat] = b * q / (b * q + (1 - q)) if q > 0 else 0.0
    return out


def _pot(view: dict) -> tuple[float, float]:
    """(eggs in this round's cards as far as known, mean eggs of a card) for the seat's view."""
    option = view.get("eggs_option", "by_value")
    mean = _mean_eggs(view["players"], option)
    eggs = 0.0
    for stack in view["stacks"]:
        for entry in stack:
            if entry["face"] == "empty":
                continue
            eggs += eggs_on(entry["card"], option) if entry["card"] else mean
    return eggs, mean


def _last_pass(view: dict, before: bool) -> float:
    """The chance that the current pass ends the round, as the seat can tell from this game so far.

    Certain when the hands are empty after it; else the share of passes that ended a
    round in this game's finished rounds, with a prior of one round in three passes.
    """
    if len(view["hand"]) - (1 if before else 0) <= 0:
        return 1.0
    rounds = len(view["history"])
    passes = sum(entry["passes"] for entry in view["history"])
    return (rounds + 1) / (passes + 3)


# -- the bot -------------------------------------------------------------------------------------

class Bot:
    """A bot of one level; its state between decisions lives in the memory dict only."""

    def __init__(self, level: str = "normal", seed: int = 0, profile: dict | None = None) -> None:
        if level not in PROFILES:
            raise ValueError(f"level must be one of {LEVELS}")
        self.level = level
        self.seed = seed
        self.p = {**PROFILES[level], **(profile or {})}

    def observe(self, view: dict, memory: dict) -> None:
        observe(view, memory)

    def rng(self, view: dict) -> random.Random:
        """One generator per decision: the same decision asked again draws the same numbers."""
        return random.Random(f"mogelei-bot:{self.seed}:{view['seat']}:{view['round']}:"
                             f"{view['pass_no']}:{view['phase']}")

    def choose(self, view: dict, legal: list[str], memory: dict | None = None) -> str | None:
        """The action this bot takes now (one of ``legal``), or None when it owes nothing."""
        if not legal:
            return None
        return self.decide(view, legal, caught_up(view, memory))

    def decide(self, view: dict, legal: list[str], memory: dict) -> str:
        """The action for ``legal`` (not empty) from a memory that has seen ``view`` (:func:`caught_up`)."""
        rng = self.rng(view)
        kind = legal[0].split()[0]
        if kind == "call":
            action = getattr(self, f"_{self.level}_call")(view, legal, memory, rng)
        elif kind == "lay":
            action = self._lay(view, legal, memory, rng)
        elif kind in ("reveal", "hide"):
            action = "hide" if "reveal" not in legal else getattr(self, f"_{self.level}_reveal")(view, memory, rng)
        else:
            action = getattr(self, f"_{self.level}_turn")(view, legal, memory, rng)
        assert action in legal, (action, legal)
        return action

    # -- laying: following is forced; the choices are which card of the colour, or which other card

    def _lay(self, view: dict, legal: list[str], memory: dict, rng: random.Random) -> str:
        cards = [a.split()[1] for a in legal]
        colour = view["colour"]
        if self.level == "easy":
            return "lay " + rng.choice(cards)
        if colour_of(cards[0]) != colour:
            return "lay " + _shed(view["hand"], cards, rng)
        if self.level == "normal":
            first = view["pass_no"] == 1
            return "lay " + (max if first else min)(cards, key=value_of)
        return "lay " + self._hard_lay(view, cards, memory)

    # -- easy ----------------------------------------------------------------------------

    def _easy_call(self, view, legal, memory, rng):
        # A random colour; it mostly notices one it has seen every card of, or that every
        # other seat showed it lacks, but not always (a beginner's blunder).
        if rng.random() < self.p["notice"]:
            live = [a for a in legal if not _nothing_to_catch(view, memory, a.split()[1])]
            return rng.choice(live or legal)
        return rng.choice(legal)

    def _easy_reveal(self, view, memory, rng):
        return "hide" if rng.random() < self.p["hide"] else "reveal"

    def _easy_turn(self, view, legal, memory, rng):
        accusations = [a for a in legal if a.startswith("accuse ")]
        if accusations and rng.random() < self.p["accuse"]:
            return rng.choice(accusations)
        if "continue" in legal and rng.random() < self.p["continue"]:
            return "continue"
        return "end"

    # -- normal: the rulebook's tips ------------------------------------------------------------

    def _normal_call(self, view, legal, memory, rng):
        # The colour it holds fewest of: it can hardly be caught bluffing in that round;
        # but only among colours someone else may still hold (see _live_calls).
        hand = view["hand"]
        live = _live_calls(view, legal, memory)
        return min(live, key=lambda a: (sum(colour_of(c) == a.split()[1] for c in hand), rng.random()))

    def _normal_reveal(self, view, memory, rng):
        # Revealing below a card already revealed is safe: someone else is on turn.
        mine = value_of(view["stacks"][view["seat"]][-1]["card"])
        if any(value_of(c) > mine for c in _revealed_now(view).values()):
            return "reveal"
        return "hide" if rng.random() < self.p["hide"] else "reveal"

    def _normal_turn(self, view, legal, memory, rng):
        colour = view["colour"]
        if _nothing_to_catch(view, memory, colour):
            # The rulebook's tip: every face-down card is another colour, so an accusation
            # is sure to miss and another pass only makes the pot bigger.
            return "end"
        odds = _plain_odds(view, memory, colour)
        suspects = {int(a.split()[1]): odds[int(a.split()[1])] for a in legal if a.startswith("accuse ")}
        if suspects:
            seat = max(suspects, key=lambda s: (suspects[s], rng.random()))
            if suspects[seat] >= self.p["accuse_at"] or "continue" not in legal:
                return f"accuse {seat}"
            return "continue"
        if "continue" in legal and self._normal_expects_higher(view, memory, colour):
            return "continue"
        return "end"

    def _normal_expects_higher(self, view, memory, colour) -> bool:
        """Another pass is worth it if the colour is still out there above its own lowest card."""
        unseen = _unseen(view, memory, colour)
        own = [value_of(c) for c in view["hand"] if colour_of(c) == colour]
        floor = min(own, default=0)
        return sum(v > floor for v in unseen) >= view["players"] - 1

    # -- hard: counting cards --------------------------------------------------------------------

    def _hard_call(self, view, legal, memory, rng):
        # The colour it holds fewest of: it can hardly be caught, and hidden cards of the
        # others are then likely bluffs it can accuse when nobody reveals.
        hand = view["hand"]

        def weight(action):
            colour = action.split()[1]
            mine = [value_of(c) for c in hand if colour_of(c) == colour]
            return (len(mine), sum(mine), rng.random())
        return min(_live_calls(view, legal, memory), key=weight)

    def _hard_lay(self, view, cards, memory):
        colour = view["colour"]
        odds = _odds(view, memory, colour)
        pot, mean = _pot(view)
        pot += mean * (view["players"] - len(view["laid"]))    # the cards still to come this pass
        unseen = _unseen(view, memory, colour)
        best = None
        for card in sorted(cards, key=value_of):
            v = value_of(card)
            value = max(self._reveal_value(view, memory, odds, v, pot, unseen, before=True),
                        self._hide_value(view, memory, odds, v, pot, unseen, before=True))
            if best is None or value > best[0] + 1e-9:
                best = (value, card)
        return best[1]

    def _hard_reveal(self, view, memory, rng):
        colour = view["colour"]
        mine = view["stacks"][view["seat"]][-1]["card"]
        v = value_of(mine)
        odds = _odds(view, memory, colour)
        pot, _ = _pot(view)
        unseen = _unseen(view, memory, colour)
        reveal = self._reveal_value(view, memory, odds, v, pot, unseen)
        hide = self._hide_value(view, memory, odds, v, pot, unseen)
        return "reveal" if reveal >= hide else "hide"

    def _later(self, view: dict, before: bool) -> list[int]:
        """Other seats that may still reveal in this pass (all of them while laying)."""
        me = view["seat"]
        if before:
            return [s for s in range(view["players"]) if s != me]
        order = view["reveal_order"]
        return order[order.index(me) + 1:]

    def _reveal_value(self, view, memory, odds, v, pot, unseen, before=False) -> float:
        """Expected points of revealing value ``v``: nothing, unless it leaves this seat on turn."""
        revealed = [value_of(c) for s, c in _revealed_now(view).items() if s != view["seat"]]
        if not before and revealed and max(revealed) > v:
            return 0.0
        stay = self._nobody_above(memory, odds, v, unseen, self._later(view, before))
        return stay * self._turn_value(view, memory, odds, pot, before)

    def _nobody_above(self, memory, odds, v, unseen, seats) -> float:
        """The chance that none of ``seats`` reveals a card of the colour above value ``v``."""
        above = sum(u > v for u in unseen) / len(unseen) if unseen else 0.0
        stay = 1.0
        for seat in seats:
            stay *= 1 - odds[seat] * above * (1 - _bluff_rate(memory, seat, self.p["bluff_prior"]))
        return stay

    def _turn_value(self, view, memory, odds, pot, before) -> float:
        """Expected points of being on turn after this pass: accuse the likeliest bluffer, or continue."""
        later = self._later(view, before)
        best = 0.0
        for seat, q in odds.items():
            if seat in later or _facedown(view, seat):
                b = _bluff_rate(memory, seat, self.p["bluff_prior"])
                best = max(best, b * q / (b * q + (1 - q)) if q > 0 else 0.0)
        value = -(1 - best) * pot
        if len(view["hand"]) > (1 if before else 0):      # cards left after this pass: may continue
            value = max(value, -pot * self.p["again"])
        return value

    def _hide_value(self, view, memory, odds, v, pot, unseen, before=False) -> float:
        """Expected points of keeping value ``v`` hidden: the risk of an accusation against the fattest egg."""
        me = view["seat"]
        revealed = _revealed_now(view)
        others = [s for s in range(view["players"]) if s != me and s not in revealed]
        # The seat on turn nearly always accuses (ending costs the whole pot for sure) and
        # can hardly tell the face-down cards apart: each is about as likely to be picked.
        # (Weighing by how suspect this seat looks to the others underrated that risk
        # where few cards stay hidden, at 3 players most.)
        decided = set() if before else set(view["reveal_order"][:view["reveal_order"].index(me)])
        hiders = 0.0
        for seat in others:
            if not before and not _facedown(view, seat):
                continue
            if seat in decided:            # it chose to hide already
                hiders += 1.0
                continue
            q = odds[seat]
            hiders += _bluff_rate(memory, seat, self.p["bluff_prior"]) * q + (1 - q)
        accused = 1 / (1 + hiders)
        if view["pass_caller"] == me and not revealed and not before:
            accused *= 0.5          # unless someone after it reveals, it is on turn itself
        above = sum(u > v for u in unseen) / len(unseen) if unseen else 0.0
        win = 1.0
        for seat in others:
            win *= 1 - odds[seat] * above * _bluff_rate(memory, seat, self.p["bluff_prior"])
        # The fattest egg is found in the round's last pass only: a card hidden in a pass
        # that is continued earns nothing (counting it always made hard bluff far too often).
        return -accused * pot + (1 - accused) * win * self.p["reward"] * _last_pass(view, before)

    def _hard_turn(self, view, legal, memory, rng):
        colour = view["colour"]
        odds = _odds(view, memory, colour)
        suspicion = _suspicion(view, memory, colour, odds, self.p["bluff_prior"])
        pot, mean = _pot(view)
        options = []
        for a in legal:
            seat = int(a.split()[1]) if a.startswith("accuse ") else None
            if seat is not None and suspicion.get(seat, 0.0) > 0:    # never a seat that cannot hold the colour
                options.append((-(1 - suspicion[seat]) * pot, rng.random(), a))
        if "continue" in legal:
            # Next pass it reveals first, its lowest card of the colour: it stays on turn
            # (with a bigger pot) unless someone reveals above that.
            floor = min((value_of(c) for c in view["hand"] if colour_of(c) == colour), default=0)
            stay = self._nobody_above(memory, odds, floor, _unseen(view, memory, colour), list(odds))
            options.append((-stay * (pot + mean * view["players"]) * self.p["again"], rng.random(), "continue"))
        options.append((-pot, rng.random(), "end"))
        return max(options)[2]


def _live_calls(view: dict, legal: list[str], memory: dict) -> list[str]:
    """The calls of colours another seat likely still holds, by the seat's own count.

    A colour nobody else holds leaves every other card face down and the caller on turn
    with nothing to catch: it collects the round. The count: every card of the colour
    seen, every other seat shown to lack it, or the chance (``_odds``: the deal and the
    cards left) that some other seat holds one below ``ALIVE``. If every colour looks
    dead (late in a game), the one likeliest held.
    """
    held = {a: _held_elsewhere(view, memory, a.split()[1]) for a in legal}
    live = [a for a in legal if held[a] >= ALIVE]
    return live or [max(legal, key=held.get)]


def _held_elsewhere(view: dict, memory: dict, colour: str) -> float:
    """The chance that at least one other seat holds ``colour`` now, as this seat can tell."""
    if _nothing_to_catch(view, memory, colour):
        return 0.0
    none = 1.0
    for q in _odds(view, memory, colour).values():
        none *= 1 - q
    return 1 - none


def _shed(hand: list[str], cards: list[str], rng: random.Random) -> str:
    """Not following: a card of the colour it holds fewest of (on the way to lacking it), highest first."""
    counts = {c: sum(colour_of(h) == c for h in hand) for c in COLOURS}
    return min(cards, key=lambda c: (counts[colour_of(c)], -value_of(c), rng.random()))


# -- the driver side ----------------------------------------------------------------------------

def observe_all(game, memories: dict, seats=None) -> None:
    """Let every bot seat update its memory after the game changed (call after every apply)."""
    for seat in (range(game.players) if seats is None else seats):
        observe(game.view(seat), memories.setdefault(seat, {}))


def _held_by_nobody_else(game, seat: int, colour: str) -> bool:
    """The driver's check against the true hands (a bot never sees them)."""
    return not any(colour_of(c) == colour for s, hand in enumerate(game.hands) if s != seat for c in hand)


def new_stats(players: int) -> list[dict]:
    return [{"reveal_chances": 0, "hidden": 0, "turns": 0, "accusations": 0, "right": 0,
             "decisions": 0, "calls": 0, "dead_calls": 0} for _ in range(players)]


def play_bots(game, bots: dict, memories: dict | None = None, stats: list[dict] | None = None,
              step_ms: int = 1000, max_steps: int = 100_000) -> list[dict]:
    """Let bots play ``game`` to its end (every seat needs a bot); returns statistics per seat.

    Per seat: ``reveal_chances`` (laid the called colour, could reveal), ``hidden`` (of
    those, kept hidden: bluffs), ``turns`` (choices on turn), ``accusations`` and
    ``right`` ones, ``decisions`` (all actions taken), ``calls`` and ``dead_calls``
    (calls of a colour no other seat held, by the true hands: everyone else must hide,
    and the caller is left to collect the round).
    """
    memories = {} if memories is None else memories
    stats = new_stats(game.players) if stats is None else stats
    observe_all(game, memories, bots)
    for _ in range(max_steps):
        if game.over:
            break
        seats = game.expected()
        if not seats:
            raise RuntimeError("no seat owes an action but the game is not over")
        for seat in seats:
            legal = game.legal_actions(seat)
            if not legal:
                continue
            action = bots[seat].choose(game.view(seat), legal, memories.setdefault(seat, {}))
            record = stats[seat]
            record["decisions"] += 1
            if "reveal" in legal:
                record["reveal_chances"] += 1
                record["hidden"] += action == "hide"
            if action.startswith("call "):
                record["calls"] += 1
                record["dead_calls"] += _held_by_nobody_else(game, seat, action.split()[1])
            if action in ("continue", "end") or action.startswith("accuse "):
                record["turns"] += 1
                record["accusations"] += action.startswith("accuse ")
            events = game.apply(seat, action, game.clock + step_ms)
            for e in events:
                if e["code"] == "accused" and e["seat"] == seat and e["right"]:
                    record["right"] += 1
            observe_all(game, memories, bots)
    else:
        raise RuntimeError("the game did not end")
    return stats
