"""Mogelei's expert bot: ISMCTS over the deals it cannot tell apart, on top of hard's count tuned against hard.

Two layers, both deciding from the bot's own view and memory only:

* **the rule** (``usual``): hard's count of the cards with the profile in :data:`PROFILE`, found
  by self-play against hard (it expects more bluffs than hard does, so it accuses more, and more
  often rightly);
* **the search** (``mogel.core.ismcts``): for which card to lay, reveal or hide, and on turn
  continue, end or accuse whom, it plays the rest of the round on deals drawn by the sampler of
  ``search.py`` (weighted by each seat's observed bluff rate) and overrules the rule only when
  another action is clearly better: by :attr:`ExpertBot.margin` points of a round plus two
  standard errors of the difference. Sampling noise must not overrule a well-made rule.
  It searches at tables of up to :data:`MOST_PLAYERS` players, where it was measured stronger
  than the rule; at larger tables the rule decides alone.

The call (which colour) is the rule's; a decision with one legal action is not searched.
Budget: :data:`ITERATIONS` iterations, and :data:`TIME_MS` as a cap checked between them (the
best action so far when it strikes). Deterministic without the cap: the search's generator is
seeded by the bot's seed, its seat and the decision's public coordinates, and the sampler deals
in a fixed card order; the cards hidden from the seat never reach the seed.
"""

from __future__ import annotations

import random

from mogel.core import ismcts

from . import bots as B
from . import search as S

# Hard assumes a seat it has not watched yet keeps the colour hidden one time in three (pseudo-
# counts 1 hidden : 2 revealed) and values the fattest egg at its 3 points. Against hard, which
# keeps it hidden about half the time, the expert starts from 3 : 1 (it accuses more, and more
# often rightly) and values the fattest egg at 2 (it bluffs a little less). Pilots of 300-400
# games per line, seeds 0-399 (the ladder uses others): docs/expert-bots.md, section 3.
PROFILE: dict = {"bluff_prior": (3.0, 1.0), "reward": 2.0}

# The site's budget (docs/expert-bots.md, section 5): iterations keep a decision reproducible;
# the time cap keeps a loaded server's request short.
ITERATIONS = 128
TIME_MS = 50.0
# The search decides at tables of up to this many players; at larger ones the rule does. Measured
# on the ladder's seeds against hard (docs/expert-bots.md, section 3b): at 3 players the search adds
# about 2 points a game to the rule; at 4 and 5 it cost about 2 (also with three times the margins,
# and in every kind of decision), so there its model of the others is not good enough to overrule.
MOST_PLAYERS = 3
# Whose accuse / continue habits the search expects of the other seats (``search.MODEL``): hard's,
# a careful player's; each seat's bluff rate is its own, watched over the match.
OPPONENTS = "hard"


class _NoDeal(Exception):
    """Not one draw of the sampler fitted the view (rare, very late in a game)."""


class ExpertBot(B.Bot):
    """The expert level: the interface of ``bots.Bot`` (``choose(view, legal, memory)``)."""

    name = "expert"
    searched = ("lay", "reveal", "choose")
    # Points of a round by which the search must beat the rule's choice (beyond two standard
    # errors) to overrule it. Laying needs a wide one: the search's horizon is the round's end,
    # and the cards a seat keeps matter in later rounds, which it does not see.
    margin = {"lay": 2.0, "reveal": 0.5, "choose": 0.5}

    def __init__(self, seed: int = 0, iterations: int = ITERATIONS, time_ms: float | None = TIME_MS,
                 opponents: str = OPPONENTS, searched: str | None = None, caution: float = 1.0,
                 most_players: int = MOST_PLAYERS, **profile) -> None:
        super().__init__("hard", seed, {**PROFILE, **profile})
        self.margin = {phase: m * caution for phase, m in self.margin.items()}
        self.most_players = int(most_players)
        if searched is not None:      # a pilot: search one kind of decision only
            self.searched = (searched,)
        self.iterations, self.time_ms = int(iterations), time_ms
        self.model = S.MODEL[opponents]
        self.last: ismcts.Result | None = None     # the last search, for the bench
        self.overruled = False                     # whether the search overruled the rule

    def search_rng(self, view: dict) -> random.Random:
        _game, seat, round_no, pass_no, phase, step = self._decision(view)
        return random.Random(f"mogelei-expert:{self.seed}:{seat}:{round_no}:{pass_no}:{phase}:{step}")

    def choose(self, view: dict, legal: list[str], memory: dict | None = None) -> str | None:
        """The move; a searched one is kept in ``memory`` under its decision's public coordinates
        (``decided``): the site plans a bot's move after each change and asks again when it falls
        due, and the second asking reads the first answer instead of searching again."""
        self.last, self.overruled = None, False
        if not legal:
            return None
        searched = (len(legal) >= 2 and view["phase"] in self.searched and self.iterations
                    and view["players"] <= self.most_players)
        key = self._decision(view) if searched else None
        kept = (memory or {}).get("decided")
        if key is not None and kept and kept[0] == key and kept[1] in legal:
            return kept[1]
        seen = B.caught_up(view, memory)
        action = usual = self.decide(view, legal, seen)
        if key is None:
            return usual
        try:
            self.last = self._search(view, seen)
        except _NoDeal:
            self.last = None
        best = self.last.action if self.last else None
        if best in legal and self.last.clearly_better(best, usual, self.margin[view["phase"]] / S.SCALE):
            action = best
        self.overruled = action != usual
        if memory is not None:
            memory["decided"] = [key, action]
        return action

    def _decision(self, view: dict) -> list:
        """Where a decision stands in the match, from public facts only."""
        step = view["reveal_order"].index(view["reveal_next"]) if view["phase"] == "reveal" else len(view["laid"])
        return [view["game_no"], view["seat"], view["round"], view["pass_no"], view["phase"], step]

    def _search(self, view: dict, memory: dict) -> ismcts.Result:
        prior = self.p["bluff_prior"]
        odds, table = S.decision_reads(view, memory, prior, self.model)
        kept: dict = {"deal": None, "failed": False}

        def deal(rng: random.Random) -> S.RoundSim:
            # After one draw found no fitting deal, later iterations try less before reusing the last.
            sim = S.determinize(view, memory, rng, odds, table, tries=4 if kept["failed"] else 60)
            if sim is not None:
                kept["deal"] = sim.deal
                return sim
            kept["failed"] = True
            if kept["deal"] is None:
                raise _NoDeal
            return S.sim_of(view, *kept["deal"], *table)
        return ismcts.search(deal, view["seat"], self.search_rng(view), iterations=self.iterations,
                             time_ms=self.time_ms)
