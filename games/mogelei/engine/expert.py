"""Mogelei's expert bot: hard's count of the cards, with its rules of thumb tuned against hard.

It decides exactly as hard does (``bots.Bot`` at level "hard": the same view, memory and
per-decision generator), from its own view only, with the profile numbers in :data:`PROFILE`
found by self-play against hard (docs/expert-bots.md).
"""

from __future__ import annotations

from .bots import PROFILES, Bot

# Hard assumes a seat it has not watched yet keeps the colour hidden one time in three (pseudo-
# counts 1 hidden : 2 revealed) and values the fattest egg at its 3 points. Against hard, which
# keeps it hidden about half the time, the expert starts from 3 : 1 (it accuses more, and more
# often rightly) and values the fattest egg at 2 (it bluffs a little less). Pilots of 300-400
# games per line, seeds 0-399 (the ladder uses others): docs/expert-bots.md, section 3.
PROFILE: dict = {"bluff_prior": (3.0, 1.0), "reward": 2.0}


class ExpertBot(Bot):
    """Hard's play with the tuned profile; ``name`` is the level the lobby offers."""

    name = "expert"

    def __init__(self, seed: int = 0, **profile) -> None:
        super().__init__("hard", seed, {**PROFILE, **profile})
        self.base = PROFILES["hard"]
