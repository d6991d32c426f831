"""Calibrates the Mogelei expert's opponent model (``games.mogelei.engine.search.MODEL``) by self-play: how each level bluffs, accuses and goes on.

Run: ``nice -n 19 python bench/bluff_model.py [--games N] [--players P] [--level hard]``. Bots of
one level play each other (the expert's rule, without its search, with ``--level expert``); at
every choice on turn we note whether a seat was open to accusation (face down, and by hard's own
count able to hold the colour), and what the bot did: accuse, continue or end. MODEL["accuse"] is
the share of such turns it accused on; MODEL["continue"] the share of the other turns with cards
left on which it continued. Bluff rates need no constant: the expert reads each seat's own from
its memory (``bots._bluff_rate``), and this bench prints them for comparison.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.mogelei.engine import Game  # noqa: E402
from games.mogelei.engine import bots as B  # noqa: E402
from games.mogelei.engine.expert import ExpertBot  # noqa: E402


def _bot(level: str, seed: int) -> B.Bot:
    return ExpertBot(seed, iterations=0) if level == "expert" else B.Bot(level, seed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="hard", help="the level that plays itself (hard or expert)")
    args = parser.parse_args()
    counts = {"open": 0, "accused": 0, "other": 0, "continued": 0, "chances": 0, "hidden": 0}
    for seed in range(args.games):
        game = Game.new(args.players, seed, games=1, dealer=seed % args.players)
        bots = {s: _bot(args.level, seed) for s in range(args.players)}
        memories: dict = {}
        B.observe_all(game, memories)
        while not game.over:
            for seat in game.expected():
                view, legal = game.view(seat), game.legal_actions(seat)
                action = bots[seat].choose(view, legal, memories[seat])
                if game.phase == "reveal" and "reveal" in legal:
                    counts["chances"] += 1
                    counts["hidden"] += action == "hide"
                if game.phase == "choose":
                    memory = copy.deepcopy(memories[seat])
                    B.observe(view, memory)
                    odds = B._odds(view, memory, view["colour"])
                    open_ = [s for s in view["accusable"] if odds.get(s, 0) > 0]
                    if open_:
                        counts["open"] += 1
                        counts["accused"] += action.startswith("accuse ")
                    if not action.startswith("accuse ") and "continue" in legal:
                        counts["other"] += 1
                        counts["continued"] += action == "continue"
                game.apply(seat, action, game.clock + 1000)
                B.observe_all(game, memories)
    print(f"{args.games} {args.level}-vs-{args.level} one-game matches of {args.players} players")
    print(f"bluff: {counts['hidden'] / counts['chances']:.3f} of {counts['chances']} cards of the colour kept hidden")
    print(f"accuse: {counts['accused'] / counts['open']:.3f} of {counts['open']} turns with a seat open to accusation")
    print(f"continue: {counts['continued'] / counts['other']:.3f} of {counts['other']} other turns with cards left")
    return 0


if __name__ == "__main__":
    sys.exit(main())
