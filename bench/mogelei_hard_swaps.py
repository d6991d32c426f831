"""Which of hard's decisions earn or cost it points against normal: swap one kind at a time.

Run: ``python bench/mogelei_hard_swaps.py [--games N] [--players P] [SWAP ...]``, where a
SWAP names the decisions hard takes from normal's rules, joined by ``+``: ``call``,
``lay`` (which card of the called colour), ``reveal`` (reveal or hide), ``turn`` (accuse,
continue or end); ``none`` is hard as it is. Each swap plays the bench's hard-vs-normal
pairing (same seating, dealers and seeds as ``bench/mogelei_bots.py``) and prints hard's
mean points minus normal's per game with its 95% confidence interval. Printed side by
side, the swaps show which decision costs hard points (docs/mogelei-bots.md, section 3).
Single process: the machine is shared.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.mogelei_bots import PATTERNS, seating  # noqa: E402
from bench.stats import mean_ci  # noqa: E402
from games.mogelei.engine import Game  # noqa: E402
from games.mogelei.engine.bots import PROFILES, Bot, play_bots  # noqa: E402
from games.mogelei.engine.cards import value as value_of  # noqa: E402

DECISIONS = ("call", "lay", "reveal", "turn")


class SwappedHard(Bot):
    """Hard, except for the decisions in ``swap``, which follow normal's rules."""

    def __init__(self, swap: set[str], seed: int) -> None:
        super().__init__("hard", seed, profile=PROFILES["normal"])
        self.swap = swap

    def _hard_call(self, view, legal, memory, rng):
        if "call" in self.swap:
            return self._normal_call(view, legal, memory, rng)
        return super()._hard_call(view, legal, memory, rng)

    def _hard_lay(self, view, cards, memory):
        if "lay" in self.swap:      # normal's tip: high in a round's first pass, low later
            return (max if view["pass_no"] == 1 else min)(cards, key=value_of)
        return super()._hard_lay(view, cards, memory)

    def _hard_reveal(self, view, memory, rng):
        if "reveal" in self.swap:
            return self._normal_reveal(view, memory, rng)
        return super()._hard_reveal(view, memory, rng)

    def _hard_turn(self, view, legal, memory, rng):
        if "turn" in self.swap:
            return self._normal_turn(view, legal, memory, rng)
        return super()._hard_turn(view, legal, memory, rng)


def difference(swap: set[str], seed: int, players: int) -> float:
    """Swapped hard's mean points minus normal's in one seeded one-game match."""
    pattern = seating(players, seed)
    game = Game.new(players, seed, games=1, dealer=(seed // len(PATTERNS)) % players)
    bots = {s: SwappedHard(swap, seed) if ch == "A" else Bot("normal", seed) for s, ch in enumerate(pattern)}
    play_bots(game, bots)
    scores = game.view(None)["scores"]
    a = [scores[s] for s in range(players) if pattern[s] == "A"]
    b = [scores[s] for s in range(players) if pattern[s] == "B"]
    return sum(a) / len(a) - sum(b) / len(b)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per swap (default 1000)")
    parser.add_argument("--players", type=int, default=3, help="players per game, 3-8 (default 3)")
    parser.add_argument("swaps", nargs="*", default=["none", *DECISIONS], help="e.g. none reveal lay+reveal")
    args = parser.parse_args()
    for name in args.swaps:
        swap = set() if name == "none" else set(name.split("+"))
        if not swap <= set(DECISIONS):
            parser.error(f"unknown decision in {name!r}: choose from {', '.join(DECISIONS)}")
    print(f"hard (with normal's decisions named) vs normal: {args.games} one-game matches of "
          f"{args.players} players each; ± is the 95% CI")
    for name in args.swaps:
        swap = set() if name == "none" else set(name.split("+"))
        start = time.perf_counter()
        d, ci = mean_ci([difference(swap, seed, args.players) for seed in range(args.games)])
        print(f"{name:<24} {d:+6.2f} ± {ci:4.2f}   ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
