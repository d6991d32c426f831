"""The baseline bot: a sensible legal move chosen from the bot's own view only.

It never sees the game object, only ``view(seat)`` and ``legal_actions(seat)``, as a
human at the table would. It neither cheats nor calls Caught! (the cheating bots build on it).
"""

from __future__ import annotations

import random

from . import cards as C


def _badness(card: str) -> tuple[int, int]:
    """How much a card hurts if it stays in hand: minus points first, then value."""
    c = C.card(card)
    return c.minus_points, c.value


class BaselineBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[str]) -> str | None:
        """The action this bot takes now, or None when it owes nothing."""
        owed = [a for a in legal if not a.startswith(("cheat ", "catch "))]
        if not owed:
            return None
        for quick in ("slap", "race"):
            hit = [a for a in owed if a.startswith(quick)]
            if hit:
                return hit[0]
        plays = [a for a in owed if a.startswith("play ")]
        if plays:
            # Shed the costliest card first; break ties at random so bots are not predictable.
            return max(plays, key=lambda a: (_badness(a.split()[1]), self.rng.random()))
        gifts = [a for a in owed if a.startswith("give ")]
        if gifts:
            leader = min((s for s in range(view["players"]) if s != view["seat"]),
                         key=lambda s: (view["hand_sizes"][s], self.rng.random()))
            to_leader = [a for a in gifts if a.endswith(f" {leader}")]
            return max(to_leader, key=lambda a: _badness(a.split()[1]))
        handovers = [a for a in owed if a.startswith("hand ")]
        if handovers:
            return max(handovers, key=lambda a: _badness(a.split()[1]))
        return owed[0]  # "draw" or "keep"
