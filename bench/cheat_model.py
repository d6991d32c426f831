"""The cheat model behind Mogel Motte's expert sampler: which kinds of card each level cheats.

Run: ``nice -n 19 python bench/cheat_model.py [--games N] [--players P] [--workers W]``.

Self-play, one level in every seat (the expert with its search off: its cheats do not depend
on the search, and self-play stays fast). Over every cheat made: the share of moths, action
cards and number cards among the cheated cards, beside each kind's share of the deck, and
their ratio, the weight ``games/mogel_motte/engine/search.py`` ``CHEAT_WEIGHTS`` gives a card
of that kind when it draws the other seats' cards under the table, ready to paste. A kind a
level never cheated gets ``FLOOR``, not 0: the sampler must still be able to place a card
when only that kind is left unknown.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MAX_STEPS = 3000
LEVELS = ("easy", "normal", "hard", "expert")
FLOOR = 0.02


def cheated_kinds(args: tuple) -> Counter:
    from games.mogel_motte.engine import Game
    from games.mogel_motte.engine.bots import Bot, play_bots
    from games.mogel_motte.engine.expert import ExpertBot
    from games.mogel_motte.engine.bots import cheat_kind
    level, seed, players = args
    bots = {s: ExpertBot(iterations=0) if level == "expert" else Bot(level) for s in range(players)}
    game = Game.new(players, seed, first_guard=seed % players)
    stats = play_bots(game, bots, seed=seed, max_steps=MAX_STEPS)
    return Counter(cheat_kind(c["card"]) for c in stats["cheats"])


def main() -> int:
    from games.mogel_motte.engine import cards as C
    from games.mogel_motte.engine.bots import cheat_kind
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--levels", default=",".join(LEVELS), help="e.g. hard,expert")
    args = parser.parse_args()
    deck = Counter(cheat_kind(c) for c in C.DECK)
    deck_share = {k: deck[k] / len(C.DECK) for k in deck}
    print(f"{args.games} games per level, {args.players} players, seeds 0-{args.games - 1}; "
          f"deck: " + ", ".join(f"{k} {deck_share[k]:.1%}" for k in ("moth", "action", "number")))
    with Pool(args.workers) as pool:
        for level in args.levels.split(","):
            total: Counter = Counter()
            for counts in pool.map(cheated_kinds, [(level, s, args.players) for s in range(args.games)],
                                   chunksize=10):
                total += counts
            n = sum(total.values())
            share = {k: total[k] / n for k in deck}
            lift = {k: share[k] / deck_share[k] for k in deck}
            weights = {k: max(FLOOR, round(lift[k], 2)) for k in ("moth", "action", "number")}
            print(f"{level:<7} {n:6d} cheats: " + ", ".join(f"{k} {share[k]:.1%}" for k in ("moth", "action", "number"))
                  + f"; weights {weights}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
