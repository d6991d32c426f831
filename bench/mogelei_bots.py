"""Mogelei bot ladder: which level beats which, with 95% confidence intervals.

Run: ``python bench/mogelei_bots.py [--games N] [--players P]`` (``make bench-mogelei-bots``).
Prints figures; the exit status is 1 when a level fails to beat the one below.

Each pairing plays N one-game matches of P players (default 4) with level A in half the
seats and level B in the other half. For 4 players the seating cycles through ABAB,
BABA, AABB, BBAA, ABBA, BAAB; for other counts it is shuffled per pair of games, the
second the mirror of the first (an odd seat goes to A and B in turn); the dealer moves
round the table from game to game, so that seat order and who calls first even out.
Per game we take the mean points of A's seats minus those of B's seats, and A's share
of first place (a shared first place counts for each side in proportion). "A beats B":
the point difference is above 0 with 95% confidence (mean minus 1.96 standard errors).

Per level, over all its games: bluff rate (of the cards of the called colour it laid,
the share it kept hidden), accusation rate (accusations per choice on turn), accuracy
(right accusations per accusation), and per seat and game its choices on turn, the
eggs it collected and its reward cards; dead calls: the share of its calls of a colour
no other seat held (by the true hands). Single process: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.mogelei.engine import Game  # noqa: E402
from bench.stats import mean_ci  # noqa: E402
from games.mogelei.engine.bots import LEVELS, Bot, new_stats, play_bots  # noqa: E402

PATTERNS = ("ABAB", "BABA", "AABB", "BBAA", "ABBA", "BAAB")
PAIRINGS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))


def seating(players: int, seed: int) -> str:
    """Which seats play level A and which B in game ``seed``: balanced over the games."""
    if players == 4:
        return PATTERNS[seed % len(PATTERNS)]
    # Other counts: half the seats each (odd counts: the extra seat goes to A and B in
    # turn), shuffled per game; the mirror image follows, so each seat is A as often as B.
    seats = list("AB" * (players // 2) + ("AB"[(seed // 2) % 2] if players % 2 else ""))
    random.Random(f"seating:{players}:{seed // 2}").shuffle(seats)
    if seed % 2:
        seats = ["B" if s == "A" else "A" for s in seats]
    return "".join(seats)


def one_game(a: str, b: str, seed: int, players: int, totals: dict) -> tuple[float, float]:
    """(A's mean points minus B's, A's share of first place) for one seeded one-game match."""
    pattern = seating(players, seed)
    levels = [a if ch == "A" else b for ch in pattern]
    game = Game.new(players, seed, games=1, dealer=(seed // len(PATTERNS)) % players)
    stats = play_bots(game, {s: Bot(lv, seed) for s, lv in enumerate(levels)})
    result = game.games_history[-1]
    for seat, lv in enumerate(levels):
        for key, n in {**stats[seat], "seat_games": 1, "rewards": result["rewards"][seat],
                       "eggs": result["eggs"][seat]}.items():
            totals[lv][key] = totals[lv].get(key, 0) + n
    scores = game.view(None)["scores"]
    a_seats = [s for s in range(players) if pattern[s] == "A"]
    b_seats = [s for s in range(players) if pattern[s] == "B"]
    first = game.ranking()[0]
    diff = sum(scores[s] for s in a_seats) / len(a_seats) - sum(scores[s] for s in b_seats) / len(b_seats)
    return diff, sum(1 for s in first if s in a_seats) / len(first)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--players", type=int, default=4, help="players per game, 3-8 (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    if not 3 <= args.players <= 8:
        parser.error("--players must be 3 to 8")
    load = os.getloadavg()[0]
    print(f"{args.games} one-game matches of {args.players} players per pairing, half the seats per level, "
          f"seats and dealer rotated; ± is the 95% CI; load average {load:.2f} at the start")
    print(f"{'A vs B':<16} {'A - B points':>15} {'A wins':>16}  A beats B")
    ok = True
    totals = {lv: {} for lv in LEVELS}
    played = 0
    start = time.perf_counter()
    for a, b in PAIRINGS:
        results = [one_game(a, b, args.seed + i, args.players, totals) for i in range(args.games)]
        played += len(results)
        d, dci = mean_ci([r[0] for r in results])
        w, wci = mean_ci([r[1] for r in results])
        met = d - dci > 0
        ok &= met
        print(f"{a + ' vs ' + b:<16} {d:+7.2f} ± {dci:5.2f} {w:7.1%} ± {wci:5.1%}  {'yes' if met else 'NO'}")
    elapsed = time.perf_counter() - start
    print()
    print(f"{'level':<8} {'bluff rate':>10} {'accusations/turn':>17} {'accuracy':>9} {'turns/game':>11} "
          f"{'eggs/game':>10} {'rewards/game':>13} {'dead calls':>11}")
    for lv in LEVELS:
        t = totals[lv]

        def share(a, b):
            return t[a] / t[b] if t.get(b) else float("nan")
        print(f"{lv:<8} {share('hidden', 'reveal_chances'):10.1%} {share('accusations', 'turns'):17.1%} "
              f"{share('right', 'accusations'):9.1%} {share('turns', 'seat_games'):11.2f} "
              f"{share('eggs', 'seat_games'):10.2f} {share('rewards', 'seat_games'):13.2f} "
              f"{share('dead_calls', 'calls'):11.1%}")
    print()
    print(f"{played} games in {elapsed:.0f} s: {played / elapsed:.1f} games/s, single process; "
          f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
