"""The rest of a Mogelei round as the expert's search plays it, and the deals it samples.

The sampler (:func:`determinize`) places the cards the searching seat has not seen: into the
other seats' hands (their sizes are public), their face-down cards of this round and the cards
gone unseen with earlier rounds. It keeps everything public: a seat that showed another colour
in a pass of colour *c* holds no *c*; a seat that laid another colour in this round holds no *c*
afterwards, so its face-down cards run "*c* then other colours"; a face-up card proves every
earlier card of that seat in the round was *c*. Which face-down cards are *c* is drawn from the
opponent model: the count of the chance a seat still held *c* (``bots._odds``) and, for a card its
owner chose to keep hidden, that seat's bluff rate as observed over the match with the expert's
prior (``bots._bluff_rate``; Bayes: hidden because it bluffs, or because it had to).

One sample plays the rest of the round (:class:`RoundSim`, a compact copy of the rules); its return
per seat is the round's points (3 per fattest egg, minus the eggs collected) against the others'
mean. The other seats play :meth:`RoundSim.policy`, whose rates (``MODEL``) were measured by
self-play (``bench/bluff_model.py``; docs/expert-bots.md says how).
"""

from __future__ import annotations

import random

from . import bots as B
from .cards import COLOURS, MAX_PLAYERS, REWARD_POINTS, deck
from .cards import colour as _colour
from .cards import eggs as eggs_on
from .cards import value as _value
from .game import accusable, fattest_egg, on_turn_after_pass, reveal_order

# The opponent model's rates per level, measured by self-play (bench/bluff_model.py --level L,
# 200 four-player matches of the level against itself, 2026-11-27): on turn with a seat open to
# accusation, how often it accused; otherwise, with cards left, how often it went on. A seat's
# bluff rate is not a constant: each seat's own is read from the memory (with the prior of the
# searching bot), so the model follows whoever sits at the table.
MODEL = {"hard": {"accuse": 0.467, "continue": 0.898},
         "expert": {"accuse": 0.962, "continue": 0.532}}
SCALE = 10.0            # a round's points swing about ±10: returns of about -1..1 for UCB

# Lookups built once: the search asks a card's colour and value millions of times.
colour_of = {c: _colour(c) for c in deck(MAX_PLAYERS)}.__getitem__
value_of = {c: _value(c) for c in deck(MAX_PLAYERS)}.__getitem__


class RoundSim:
    """The rest of one round as the search plays it: a determinized, compact copy of the rules."""

    __slots__ = ("n", "me", "colour", "option", "hands", "passes", "up", "pass_caller", "phase", "order",
                 "ri", "on_turn", "rewards_left", "eggs", "won", "done", "obs", "bluff", "suspect", "cleared", "deal", "model")

    def current(self) -> int | None:
        if self.done:
            return None
        if self.phase == "lay":
            laid = self.passes[-1]
            if laid[self.me] is None:
                return self.me
            for seat in self.order:
                if laid[seat] is None:
                    return seat
        if self.phase == "reveal":
            return self.order[self.ri]
        return self.on_turn

    def actions(self) -> list[str]:
        seat = self.current()
        if self.phase == "lay":
            hand = self.hands[seat]
            following = [c for c in hand if colour_of(c) == self.colour]
            return ["lay " + c for c in (following or hand)]
        if self.phase == "reveal":
            card = self.passes[-1][seat]
            return ["reveal", "hide"] if colour_of(card) == self.colour else ["hide"]
        choices = ["continue", "end"] if self.hands[seat] else ["end"]
        # A knowledge filter: never accuse a seat that cannot hold the colour (a sure miss a person
        # reads as a blunder; it scores as "end" anyway).
        return choices + [f"accuse {s}" for s in accusable(self.n, self.up[-1], seat)
                          if seat != self.me or s not in self.cleared]

    def key(self) -> tuple:
        return tuple(self.obs)

    def apply(self, action: str) -> None:
        seat = self.current()
        verb, _, arg = action.partition(" ")
        if verb == "lay":
            self.hands[seat].remove(arg)
            self.passes[-1][seat] = arg
            self.obs.append(("laid", seat, arg if seat == self.me else None))
            if None not in self.passes[-1]:
                self.phase, self.ri = "reveal", 0
        elif verb in ("reveal", "hide"):
            if verb == "reveal":
                self.up[-1].append(seat)
            self.obs.append((verb, seat, self.passes[-1][seat] if verb == "reveal" else None))
            self.ri += 1
            if self.ri == self.n:
                self.phase = "choose"
                self.on_turn = on_turn_after_pass(self.passes[-1], self.up[-1], self.pass_caller)
        elif verb == "continue":
            self.obs.append(("continue", seat))
            self.passes.append([None] * self.n)
            self.up.append([])
            self.pass_caller, self.phase = seat, "lay"
            self.order = reveal_order(seat, self.n)
        elif verb == "end":
            self._settle(seat, None)
        else:
            target = int(arg)
            right = colour_of(self.passes[-1][target]) == self.colour
            self._settle(target if right else seat, target)

    def _settle(self, collector: int, accused: int | None) -> None:
        last = self.passes[-1]
        hidden = [s for s in range(self.n) if s not in self.up[-1] and s != accused]
        winner = fattest_egg(last, hidden, self.colour)
        if winner is not None and self.rewards_left:
            self.won[winner] += 1
        self.eggs[collector] += sum(eggs_on(c, self.option) for p in self.passes for c in p)
        self.done = True

    def returns(self) -> list[float]:
        points = [REWARD_POINTS * w - e for w, e in zip(self.won, self.eggs)]
        total = sum(points)
        return [(p - (total - p) / (self.n - 1)) / SCALE for p in points]

    # -- the opponent model (and the play-out of the searching seat beyond its tree) --------

    def policy(self, rng: random.Random) -> str:
        seat = self.current()
        if self.phase == "lay":
            return "lay " + self._lay(seat)
        if self.phase == "reveal":
            card = self.passes[-1][seat]
            if colour_of(card) != self.colour:
                return "hide"
            higher = any(value_of(self.passes[-1][s]) > value_of(card) for s in self.up[-1])
            return "reveal" if higher or rng.random() >= self.bluff[seat] else "hide"
        # Hard accuses the likeliest bluffer: the face-down card most likely of the colour as the
        # table sees it (``suspect``), when that is above nothing; now and then it continues instead.
        targets = [s for s in accusable(self.n, self.up[-1], seat) if self.suspect[s] > 0]
        if targets and rng.random() < self.model["accuse"]:
            weights = [self.suspect[s] for s in targets]
            return f"accuse {rng.choices(targets, weights)[0]}"
        if self.hands[seat] and rng.random() < self.model["continue"]:
            return "continue"
        return "end"

    def _lay(self, seat: int) -> str:
        """Hard's habits: the highest of the colour in a round's first pass, the lowest later;
        not following, a card of the colour it holds fewest of, the highest."""
        hand = self.hands[seat]
        following = [c for c in hand if colour_of(c) == self.colour]
        if following:
            return (max if len(self.passes) == 1 else min)(following, key=value_of)
        counts = dict.fromkeys(COLOURS, 0)
        for h in hand:
            counts[colour_of(h)] += 1
        return min(hand, key=lambda c: (counts[colour_of(c)], -value_of(c)))


# -- the sampler ---------------------------------------------------------------------------------

def _slots(view: dict) -> dict[int, list[tuple[int, str]]]:
    """Per other seat, its cards of this round pass by pass: ("down", "up" or "empty")."""
    me = view["seat"]
    return {s: [(k, entry["face"]) for k, entry in enumerate(stack)]
            for s, stack in enumerate(view["stacks"]) if s != me}


def _decided(view: dict) -> set[int]:
    """Seats that have made their reveal decision in the current pass."""
    if view["phase"] == "choose":
        return set(range(view["players"]))
    if view["phase"] == "reveal":
        order = view["reveal_order"]
        return set(order[:order.index(view["reveal_next"])])
    return set()


def decision_reads(view: dict, memory: dict, prior: tuple, model: dict) -> tuple[dict, tuple]:
    """What every deal of one decision starts from, worked out once from one count of the odds
    (``bots._odds``): the sampler's chances and cards (:func:`sampler_odds`) and the table's reads
    (:func:`table_reads`)."""
    counted = B._odds(view, memory, view["colour"])
    return sampler_odds(view, memory, prior, counted), table_reads(view, memory, prior, model, counted)


def sampler_odds(view: dict, memory: dict, prior: tuple, counted: dict[int, float]) -> dict:
    """The model's chances (:func:`colour_odds`), the cards to deal (``unseen``) and each seat's
    cards of the round (``slots``)."""
    odds: dict = colour_odds(view, memory, prior, counted)
    odds.update(unseen=unseen_cards(view, memory), slots=_slots(view))
    return odds


def colour_odds(view: dict, memory: dict, prior: tuple, odds: dict[int, float]) -> dict[tuple[int, int], float]:
    """For each face-down card of another seat (seat, pass index): the model's chance it is the colour,
    from ``odds``, the count's chance that the seat held the colour (``bots._odds``)."""
    current = view["pass_no"] - 1
    decided = _decided(view)
    out = {}
    for seat, slots in _slots(view).items():
        q = odds.get(seat, 0.0)
        b = B._bluff_rate(memory, seat, prior)
        hidden = b * q / (b * q + (1 - q)) if q > 0 else 0.0
        for k, face in slots:
            if face != "down":
                continue
            if k < current:
                guess = memory["guess"].get(str(k + 1), {}).get(str(seat))
                out[seat, k] = hidden if guess is None else guess
            else:
                out[seat, k] = hidden if seat in decided else q
    return out


def determinize(view: dict, memory: dict, rng: random.Random, odds: dict, table: tuple,
                tries: int = 60) -> RoundSim | None:
    """One deal of the cards hidden from this seat, consistent with everything it saw (None: no
    draw fitted; the caller reuses its last deal, or decides as hard when it has none)."""
    for attempt in range(tries):
        # Tight views (late in a game, few cards gone unseen) reject many draws: every other
        # try leans towards "the colour" (what rejected draws mostly lack) by a growing share.
        lean = (attempt / tries) if attempt % 2 else 0.0
        placed = _place(view, memory, rng, odds, lean)
        if placed is not None:
            sim = sim_of(view, *placed, *table)
            sim.deal = placed
            return sim
    return None


def unseen_cards(view: dict, memory: dict) -> tuple[list[str], list[str], int]:
    """(cards of the colour, other cards, how many are gone unseen): what the sampler deals,
    in a fixed order, worked out once per decision."""
    colour = view["colour"]
    known = B._known(view, memory)
    pool = [c for c in deck(view["players"]) if c not in known]
    lost = len(pool) - sum(view["hand_sizes"][s] + sum(face == "down" for _, face in slots)
                           for s, slots in _slots(view).items())
    return [c for c in pool if colour_of(c) == colour], [c for c in pool if colour_of(c) != colour], lost


def _place(view: dict, memory: dict, rng: random.Random, odds: dict, lean: float):
    """Which face-down cards are the colour (from the model), then the cards themselves."""
    colour = view["colour"]
    of_colour, other, lost = odds["unseen"]
    of_colour, other = list(of_colour), list(other)
    rng.shuffle(of_colour)
    rng.shuffle(other)
    down: dict[tuple[int, int], str] = {}
    may_hold: dict[int, set] = {}
    need: list[tuple[set, int, object]] = []     # (colours allowed, cards, where) for other colours
    for seat, slots in odds["slots"].items():
        voids = set(memory["void"].get(str(seat), ()))
        last_up = max((k for k, face in slots if face == "up"), default=-1)
        still = colour not in voids
        for k, face in slots:
            if face != "down":
                continue
            p = odds[seat, k]
            is_colour = still and (k < last_up or rng.random() < p + (1 - p) * lean)
            if k < last_up and not is_colour:
                return None                      # a void before a face-up card of the colour
            if is_colour:
                if not of_colour:
                    return None
                down[seat, k] = of_colour.pop()
            else:
                need.append((set(COLOURS) - voids - {colour}, 1, (seat, k)))
            still = is_colour
        may_hold[seat] = {c for c in COLOURS if c not in voids and (c != colour or still)}
    hands = _spread(view, rng, of_colour, may_hold, colour, lost)
    if hands is None:
        return None
    for seat in may_hold:
        need.append((may_hold[seat] - {colour}, view["hand_sizes"][seat] - len(hands[seat]), seat))
    # The other colours, most constrained first, so a greedy fill rarely paints itself into a corner.
    for allowed, count, where in sorted(need, key=lambda e: (len(e[0]), -e[1], str(e[2]))):
        picked = [i for i, c in enumerate(other) if colour_of(c) in allowed][:count]
        if len(picked) < count:
            return None
        cards = [other[i] for i in picked]
        for i in reversed(picked):
            del other[i]
        if isinstance(where, tuple):
            down[where] = cards[0]
        else:
            hands[where] += cards
    return down, hands


def _spread(view: dict, rng: random.Random, of_colour: list[str], may_hold: dict, colour: str,
            lost: int) -> dict | None:
    """The colour's cards left over: spread over the hands that may hold it and the cards gone unseen."""
    places = [seat for seat in sorted(may_hold) if colour in may_hold[seat] for _ in range(view["hand_sizes"][seat])]
    places += [None] * lost
    if len(of_colour) > len(places):
        return None
    hands = {seat: [] for seat in may_hold}
    for card, seat in zip(of_colour, rng.sample(places, len(of_colour))):
        if seat is not None:
            hands[seat].append(card)
    return hands


def sim_of(view: dict, down: dict, hands: dict, suspect: list, cleared: set, bluff: list,
           model: dict) -> RoundSim:
    me, n = view["seat"], view["players"]
    sim = RoundSim()
    sim.n, sim.me, sim.colour = n, me, view["colour"]
    sim.option = view.get("eggs_option", "by_value")
    sim.hands = [list(view["hand"] if s == me else hands[s]) for s in range(n)]
    passes = [[None] * n for _ in range(view["pass_no"])]
    up = [[] for _ in range(view["pass_no"])]
    for s, stack in enumerate(view["stacks"]):
        for k, entry in enumerate(stack):
            if entry["face"] == "up":
                up[k].append(s)
            if entry["face"] != "empty":
                passes[k][s] = entry["card"] or down[s, k]
    sim.passes, sim.up = passes, up
    sim.pass_caller, sim.phase = view["pass_caller"], view["phase"]
    sim.order = reveal_order(view["pass_caller"], n)
    sim.ri = sim.order.index(view["reveal_next"]) if view["phase"] == "reveal" else 0
    sim.on_turn = view["on_turn"]
    sim.rewards_left = view["rewards_left"] > 0
    sim.eggs, sim.won, sim.done, sim.obs = [0] * n, [0] * n, False, []
    sim.bluff = bluff
    sim.suspect, sim.cleared, sim.model = suspect, cleared, model
    return sim


def table_reads(view: dict, memory: dict, prior: tuple, model: dict,
                odds: dict[int, float]) -> tuple[list[float], set, list[float], dict]:
    """(how suspect each seat's face-down card of this pass looks to the table, the seats this
    seat knows cannot hold the colour, each seat's bluff rate, the opponent model's rates). Hard's own reads (``bots._odds``,
    ``_bluff_rate``), the searching seat's as the others can judge it: the colour's share of what
    they have not seen."""
    me, colour = view["seat"], view["colour"]
    suspect = []
    bluff = [B._bluff_rate(memory, seat, prior) for seat in range(view["players"])]
    for seat in range(view["players"]):
        b = bluff[seat]
        if seat == me:
            unseen = len(B._unseen(view, memory, colour)) + sum(colour_of(c) == colour for c in view["hand"]) + 1
            cards = sum(size + 1 for size in view["hand_sizes"])
            q = 1 - (1 - (len(view["hand"]) + 1) / max(cards, 1)) ** unseen
        else:
            q = odds.get(seat, 0.0)
        suspect.append(b * q / (b * q + (1 - q)) if q > 0 else 0.0)
    return suspect, {seat for seat, q in odds.items() if q <= 0}, bluff, model
