"""Mogel Motte's expert bot: hard's play, slaps and races, with cheats chosen by their expected value.

Hard cheats on a hunch: a fixed chance per change of the game, higher while the guard is busy
(``PROFILES["hard"]``), and is caught about half the time (docs/cheating-model.md). The expert
prices every cheat instead. The guard's chance to notice is public knowledge: the guard's
level's ``notice`` table for how busy the guard is now, plus the bonuses for a seat it has
caught before and for a hand of three cards or fewer — all of it visible from the expert's
own view and memory (who is guard, what the guard is doing, which Caught! calls were made).
A cheat is worth the card's minus points (and one card fewer towards going out) when it gets
away, and costs the guard's penalty card (and the card back) when it is caught, less the worth
of becoming the guard, the only seat that may play its moths. The expert cheats the card with
the best expected value when that value reaches :data:`MARGIN` (after hard's short delay), and
otherwise waits for a better moment: a guard busy with its turn or a window. It never reads another seat's hand: the decision
uses ``view`` and ``legal`` as every bot does (docs/expert-bots.md).
"""

from __future__ import annotations

import random

from . import cards as C
from .bots import NOTICE_CAP, PROFILES, Bot, guard_busy
from .tells import log_read

# What one card fewer in hand is worth beyond its minus points (it brings going out nearer),
# and what a caught cheat costs besides that: the guard's penalty card, which a hard guard
# picks as its costliest giftable card (an action card when it has one).
TEMPO = 1.0
PENALTY = 4.0
# The expected value a cheat must reach (pilots of 400 games: 0 beat 1 and 2 at 3 and 5 players).
MARGIN = 0.0
# A caught cheater becomes the guard, the only seat that may play a moth: what that is worth per
# moth held (pilots: 3 beat 0 at 3 and 5 players; 6 won a little more by cheating far more often
# and being caught two times in three, which reads as a blunder at a table).
GUARD_MOTH = 3.0


class ExpertBot(Bot):
    """Hard in everything but cheating; ``guard_level`` is the guards' level it prices cheats against."""

    name = "expert"

    def __init__(self, pace_ms: int = 1000, profile: dict | None = None, guard_level: str = "hard",
                 margin: float = MARGIN, guard_moth: float = GUARD_MOTH) -> None:
        super().__init__("hard", pace_ms, profile)
        self.guard = PROFILES[guard_level]
        self.margin = margin
        self.guard_moth = guard_moth

    def observe(self, view: dict, memory: dict, rng: random.Random) -> None:
        _remember_catches(view, memory)
        super().observe(view, memory, rng)

    def _cheat(self, view: dict, cheats: list[str], owed: list[str], memory: dict,
               rng: random.Random, now: int) -> tuple[int, str] | None:
        hand = view["hand"]
        if len(hand) < 2 or view["act"] is not None:
            return None
        chance = notice_chance(self.guard, view, memory)
        playable = {a.split()[1] for a in owed if a.startswith("play ")}
        moths = sum(C.kind(c) == C.MOTH for c in hand)
        best = max(((cheat_value(a.split()[1], chance, moths, self.guard_moth), a) for a in cheats
                    if a.split()[1] not in playable), default=None)
        if best is None or best[0] < self.margin:
            return None
        return int(rng.uniform(*self.p["cheat_ms"]) * self.pace_ms / 1000), best[1]


def notice_chance(guard: dict, view: dict, memory: dict) -> float:
    """The chance that the guard notices a cheat of this seat made now, by the guard's known model."""
    busy = guard_busy(view)
    chance = guard["notice"][busy]
    if view["guard"] in memory.get("caught_by", []):
        chance += guard["notice_bonus_repeat"]
    if len(view["hand"]) - 1 <= 3:
        chance += guard["notice_bonus_few"]
    return min(chance, max(guard["notice"][busy], NOTICE_CAP))


def cheat_value(card: str, chance: float, moths: int = 0, guard_moth: float = 0.0) -> float:
    """Expected minus points saved by cheating ``card`` when the guard notices with ``chance``.

    A caught cheater becomes the guard, and only the guard may play a moth: being caught is
    worth ``guard_moth`` for each of the ``moths`` it then holds (the cheated card back included)."""
    gain = C.card(card).minus_points + TEMPO
    return (1 - chance) * gain - chance * (PENALTY + TEMPO - guard_moth * moths)


def _remember_catches(view: dict, memory: dict) -> None:
    """Which guards caught this seat (this game): a guard that saw a seat cheat watches it closer.
    Reads the events since the bot's last look (``log_n``, kept by ``Bot.observe``), or the whole
    round's log at a round's first look."""
    me, caught_by = view["seat"], memory.setdefault("caught_by", [])
    if memory.get("round") == view["round"] and "log_n" in memory:
        new, _ = log_read(view, memory)
    else:
        new = view["log"]
    for e in new:
        if e["code"] == "caught" and e["accused"] == me and e["seat"] not in caught_by:
            caught_by.append(e["seat"])
