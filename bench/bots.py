"""Bot tournament: which level beats which, with 95% confidence intervals.

Run: ``python bench/bots.py [--games N] [--workers W]``. Prints figures; asserts nothing
(the exit status is 1 when a target is missed, so it can be run by hand or in a job).

Each pairing plays N four-player games of level A against level B, two seats each.
The seating rotates through ABAB, BABA, AABB, BBAA, ABBA, BAAB, so that seat order and
who guards first even out. Per game we take the mean minus points of A's two seats
minus those of B's two seats, and A's share of first place (a shared first place
counts for each side in proportion). The targets: each level beats the one below
(the difference of minus points is below 0 and A's win share above 50%, both with
95% confidence) and hard beats random by a wide margin.

Game time is simulated (the engine never reads a clock), so ``pace_ms`` does not slow
the bench down; it is left at the web's 1000 ms so that the windows work as in play.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.mogel_motte.engine import Game  # noqa: E402
from games.mogel_motte.engine.bots import Bot, play_bots  # noqa: E402
from bench.stats import mean_ci  # noqa: E402

PATTERNS = ("ABAB", "BABA", "AABB", "BBAA", "ABBA", "BAAB")
PAIRINGS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"), ("hard", "random"))


class RandomBot(Bot):
    """Plays a uniformly random legal move after a random delay; cheats and calls Caught! now and then."""

    SIDE_RATE = 0.01

    def __init__(self, pace_ms: int = 1000) -> None:
        super().__init__("easy", pace_ms)
        self.level = "random"

    def observe(self, view, memory, rng):
        pass

    def decide(self, view, legal, memory, rng):
        owed = [a for a in legal if not a.startswith(("cheat ", "catch "))]
        side = [a for a in legal if a.startswith(("cheat ", "catch "))]
        if side and rng.random() < self.SIDE_RATE:
            return rng.choice(side), int(rng.uniform(0.1, 2.0) * self.pace_ms)
        if owed:
            return rng.choice(owed), int(rng.uniform(0.2, 1.5) * self.pace_ms)
        return None


def make_bot(level: str, pace_ms: int) -> Bot:
    return RandomBot(pace_ms) if level == "random" else Bot(level, pace_ms)


def one_game(job: tuple[str, str, int, int]) -> tuple[float, float, float]:
    """(mean minus points of A's seats, of B's seats, A's share of first place) for one seeded game."""
    a, b, seed, pace_ms = job
    pattern = PATTERNS[seed % len(PATTERNS)]
    levels = {s: (a if ch == "A" else b) for s, ch in enumerate(pattern)}
    game = Game.new(4, seed)
    play_bots(game, {s: make_bot(lv, pace_ms) for s, lv in levels.items()}, seed=seed)
    a_seats = [s for s in levels if pattern[s] == "A"]
    b_seats = [s for s in levels if pattern[s] == "B"]
    first = game.ranking()[0]
    return (sum(game.scores[s] for s in a_seats) / 2, sum(game.scores[s] for s in b_seats) / 2,
            sum(1 for s in first if s in a_seats) / len(first))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--pace", type=int, default=1000, help="bots' pace_ms (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    print(f"{args.games} four-player games per pairing (full games, 4 rounds), 2 seats per level, "
          f"seats rotated; ± is the 95% CI")
    print(f"{'A vs B':<17} {'minus A':>8} {'minus B':>8} {'A - B':>15} {'A wins':>16}  target")
    ok = True
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        for a, b in PAIRINGS:
            jobs = [(a, b, args.seed + i, args.pace) for i in range(args.games)]
            results = pool.map(one_game, jobs, chunksize=25)
            minus_a = sum(r[0] for r in results) / len(results)
            minus_b = sum(r[1] for r in results) / len(results)
            d, dci = mean_ci([r[0] - r[1] for r in results])
            w, wci = mean_ci([r[2] for r in results])
            # "Beats": fewer minus points and more than half the wins, both with 95% confidence;
            # against random, hard must win by a wide margin (at least 10 points a game and 80% of wins).
            met = d + dci < 0 and w - wci > 0.5
            if (a, b) == ("hard", "random"):
                met = met and d + dci < -10 and w - wci > 0.8
            ok &= met
            print(f"{a + ' vs ' + b:<17} {minus_a:8.1f} {minus_b:8.1f} {d:+7.1f} ± {dci:4.1f} "
                  f"{w:7.1%} ± {wci:4.1%}  {'met' if met else 'MISSED'}")
    print(f"({time.perf_counter() - start:.0f} s on {args.workers} workers)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
