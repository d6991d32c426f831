"""Mogel Motte's expert bot: hard's slaps and races, cheats chosen by their expected value, searched moves.

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

Its deliberate moves with a choice (which card to play, the spider's gift, the hand-over) are
searched (``mogel.core.ismcts`` over deals drawn by :mod:`.search` from its view and memory):
hard's move stands unless the search finds another clearly better (docs/expert-bots.md, 2a).
"""

from __future__ import annotations

import random

from mogel.core import ismcts

from . import cards as C
from .bots import NOTICE_CAP, PROFILES, Bot, guard_busy, tempo
from .game import PHASE_GIFTS, PHASE_SPIDER, PHASE_TURN
from .search import CHEAT_WEIGHTS, SCALE, determinize, remember
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

# The search of the deliberate moves (which card to play or draw, the spider's gift, the
# hand-over): ``ITERATIONS`` per decision is the budget, ``TIME_MS`` a cap checked between
# iterations (None in tests and the ladder, which must replay exactly). The move without search
# stands unless the search finds another better by ``SEARCH_MARGIN`` minus points plus two
# standard errors (``ismcts.Result.clearly_better``). docs/expert-bots.md section 2a.
ITERATIONS = 64
TIME_MS = 50.0
SEARCH_MARGIN = 1.0
_SEARCHED = (PHASE_TURN, PHASE_SPIDER, PHASE_GIFTS)


class ExpertBot(Bot):
    """Hard's reflexes and Caught!, priced cheats, searched deliberate moves.

    ``guard_level`` is the guards' level it prices cheats against; ``table_level`` the level whose
    cheats it expects under the table (the sampler's weights: at the site an expert table's bots
    are all experts); ``iterations`` 0 turns the search off."""

    name = "expert"

    def __init__(self, pace_ms: int = 1000, profile: dict | None = None, guard_level: str = "hard",
                 margin: float = MARGIN, guard_moth: float = GUARD_MOTH, iterations: int = ITERATIONS,
                 time_ms: float | None = TIME_MS, table_level: str = "expert",
                 search_margin: float = SEARCH_MARGIN) -> None:
        super().__init__("hard", pace_ms, profile)
        self.guard = PROFILES[guard_level]
        self.margin = margin
        self.guard_moth = guard_moth
        self.iterations, self.time_ms = int(iterations), time_ms
        self.weights = CHEAT_WEIGHTS[table_level]
        self.search_margin = search_margin
        self.hard = Bot("hard", pace_ms, profile)   # the play-out's model of every seat
        self.last: ismcts.Result | None = None     # the last search run (None: none, or remembered)
        self.overruled = False                     # whether that decision overruled the base move

    def observe(self, view: dict, memory: dict, rng: random.Random) -> None:
        _remember_catches(view, memory)
        super().observe(view, memory, rng)
        if self.iterations:
            remember(view, memory)

    def _owed(self, view: dict, owed: list[str], memory: dict, rng: random.Random,
              now: int) -> tuple[int, str] | None:
        searched = view["phase"] in _SEARCHED and view["settling"] is None and view["window"] is None
        if not self.iterations or not searched or len(owed) < 2:
            return super()._owed(view, owed, memory, rng, now)
        return self._pace(rng, view), self.search(view, owed, memory)

    def search(self, view: dict, owed: list[str], memory: dict) -> str:
        """The searched move; asked again for the same decision (every change of the game), the same answer."""
        # Seeded from the view alone (its position counts only events this seat saw): the same
        # view and memory give the same search, whatever the cards it cannot see.
        position = view.get("log_start", 0) + len(view["log"])
        seed = random.Random(f"mogel-expert:{view['round']}:{position}:{view['seat']}:"
                             f"{','.join(sorted(view['hand']))}:{view['top']}").randrange(1 << 30)
        self.last = None
        x = remember(view, memory)
        key = [position, seed]
        if x.get("decided") and x["decided"][0] == key and x["decided"][1] in owed:
            return x["decided"][1]
        usual = self.choose_owed(view, owed, random.Random(seed))
        action = usual
        if x["ok"] and determinize(view, x, random.Random(seed), self.hard, self.weights) is not None:
            self.last = ismcts.search(lambda r: determinize(view, x, r, self.hard, self.weights),
                                      view["seat"], random.Random(seed), iterations=self.iterations,
                                      time_ms=self.time_ms)
            # The search corrects the rule of thumb; its sampling noise does not.
            best = self.last.action
            if best in owed and self.last.clearly_better(best, usual, self.search_margin / SCALE):
                action = best
        self.overruled = action != usual
        x["decided"] = [key, action]
        return action

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
        return int(rng.uniform(*self.p["cheat_ms"]) * self.pace_ms * tempo(view) / 1000), best[1]


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
