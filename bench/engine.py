"""Engine speed: random-policy full games, decisions and games per second, beside RLCard's UNO.

Run: ``make bench-engine`` (installs RLCard into the venv for this benchmark only) or
``python bench/engine.py [--games N] [--mogelei-games N] [--uno-games N] [--rounds R]``.
Prints figures; asserts nothing.

A decision is one action a player takes: the policy asks the acting seat's legal
actions, picks one uniformly and applies it — the same loop as RLCard's random
agents (``env.run``), whose figures are measured in the same run for the ratio.
Both of our engines are measured: Mogel Motte and Mogelei (one-game matches; a
Mogelei decision is a call, a lay, a reveal or hide, or a choice of the seat on turn).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.mogel_motte.engine import Game  # noqa: E402
from games.mogelei.engine import Game as MogeleiGame  # noqa: E402

PLAYERS = 4


def mogel_games(games: int) -> tuple[int, float]:
    """Play ``games`` 4-player games at random; cheats and catches 2% of the time, as people do now and then."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(PLAYERS, seed)
        rng = random.Random(seed)
        now = 0
        while not game.over:
            now += rng.randrange(400)
            game.advance(now)
            waiting = game.expected()
            if not waiting:
                if game.over:
                    break
                now = max(now, game.next_deadline())
                continue
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            # What the seat owes (play, draw, slap ...); now and then any legal action,
            # cheats and Caught! calls included.
            legal = game.legal_actions(seat) if rng.random() < 0.02 else game.owed_actions(seat)
            game.apply(seat, rng.choice(legal), now)
            decisions += 1
    return decisions, time.perf_counter() - start


def mogelei_games(games: int) -> tuple[int, float]:
    """Play ``games`` 4-player one-game Mogelei matches at random; no windows, so no clock to run."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = MogeleiGame.new(PLAYERS, seed, games=1)
        rng = random.Random(seed)
        now = 0
        while not game.over:
            now += rng.randrange(400)
            waiting = game.expected()
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            game.apply(seat, rng.choice(game.legal_actions(seat)), now)
            decisions += 1
    return decisions, time.perf_counter() - start


def rlcard_games(games: int) -> tuple[int, float] | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"game_num_players": PLAYERS, "seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(PLAYERS)])
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        trajectories, _payoffs = env.run(is_training=False)
        # A trajectory alternates state, action, state, ...: (len - 1) // 2 actions per player.
        decisions += sum((len(t) - 1) // 2 for t in trajectories)
    return decisions, time.perf_counter() - start


def report(name: str, games: int, decisions: int, seconds: float) -> float:
    rate = decisions / seconds
    print(f"{name:<22} {games:>7} games {decisions:>10} decisions {seconds:8.2f} s "
          f"{rate:>12,.0f} decisions/s {games / seconds:>10,.1f} games/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="Mogel Motte games per round (default 2000)")
    parser.add_argument("--mogelei-games", type=int, default=2000,
                        help="Mogelei one-game matches per round (default 2000)")
    parser.add_argument("--uno-games", type=int, default=2000, help="RLCard UNO games per round (default 2000)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds, each timing both engines one after the other (default 3)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {PLAYERS} players, random policy")
    # Rounds alternate the two engines, so a slow spell of a shared machine hits both alike;
    # the best round of each is the least disturbed figure (as timeit reports its minimum).
    ours, mogelei, theirs, ratios = [], [], [], []
    for number in range(1, args.rounds + 1):
        print(f"round {number}")
        ours.append(report("  Mogel Motte (ours)", args.games, *mogel_games(args.games)))
        mogelei.append(report("  Mogelei (ours)", args.mogelei_games, *mogelei_games(args.mogelei_games)))
        uno = rlcard_games(args.uno_games)
        if uno is None:
            print("RLCard is not installed: `make bench-engine` installs it for this benchmark.")
            continue
        theirs.append(report("  RLCard UNO", args.uno_games, *uno))
        ratios.append(ours[-1] / theirs[-1])
    print(f"best rounds: Mogel Motte {max(ours):,.0f}, Mogelei {max(mogelei):,.0f} decisions/s")
    if theirs:
        print(f"RLCard UNO {max(theirs):,.0f} decisions/s; Mogelei {max(mogelei) / max(theirs):.2f}x of it")
        print(f"ratio: {max(ours) / max(theirs):.2f}x RLCard's decisions per second (target: at least 5x); "
              f"per round {min(ratios):.2f}x to {max(ratios):.2f}x")


if __name__ == "__main__":
    main()
