"""Does the tempo keep the fast windows fair? A scripted person against the real engine and bots.

    nice -n 19 .venv/bin/python bench/tempo.py [--windows 2000] [--players 4] [--levels easy normal]

For every tempo (1, 3, 10) and bot level, many seeded mosquitoes and cockroaches of the real
engine (``games.mogel_motte.engine``) with the real bots, at a digital table (the card lands 0.6 s
after it is played: ``land_ms``). A scripted person reacts at that tempo's child speed, 0.7-0.9 s
times the tempo from the card on the pile, drawn per window from a seeded generator; "+ phone"
adds a slowed phone's 0-0.6 s (bench/windows.py), which no tempo scales: it is network, not a
person (its columns give the slowest / lost share with the phone). Printed per row, in the same run as the usual tempo (the baseline):

- mosquito: how often the person is the slowest to slap (and takes everyone's card), and how
  often the window closed before their slap;
- cockroach: how often a bot races first (the person, holding the card, loses the race), and
  how often the window closed first.

One more row: the same slow person (0.7-0.9 s × 3) at the usual tempo, what a table without the
tempo gives them. Fairness holds when the ×3 and ×10 rows match the ×1 row; the bots' draws are
exactly scaled (tests/games/mogel_motte/engine/test_tempo.py), so they should, up to the phone.
It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.mogel_motte.engine import Game  # noqa: E402
from games.mogel_motte.engine.bots import Bot, observe  # noqa: E402
from games.mogel_motte.engine.simulate import window_with_person  # noqa: E402

CHILD_MS = (700, 900)
PHONE_MS = (0, 600)
LAND_MS = 600
PLAYED_AT = 1000
QUIET = {"cheat_rate": 0.0, "false_alarm": 0.0}
# (tempo of the table, how many times the child's speed the person reacts at)
ROWS = ((1, 1), (3, 3), (10, 10), (1, 3))


def position(kind: str, players: int, tempo: int, seed: int) -> Game:
    """Seat 1 is about to play the window's card; every seat holds a 3 (a cockroach 3 can be raced by all)."""
    card = "mosquito3" if kind == "mosquito" else "cockroach3"
    hands = [["3", "1"], [card, "4"]] + [["3", "5"] for _ in range(players - 2)]
    return Game.from_scenario({"players": players, "hands": hands, "discard": ["2"], "guard": 1, "turn": 1,
                               "options": {"land_ms": LAND_MS, "tempo": tempo}}, seed=seed)


def one_window(kind: str, level: str, players: int, tempo: int, person_ms: int, seed: int) -> str:
    """Play one window out: "slow" (slowest slapper / lost the race), "missed" (closed first) or "ok"."""
    game = position(kind, players, tempo, seed)
    bots = {s: Bot(level, profile=QUIET) for s in range(1, players)}
    memories: dict = {}
    game.apply(1, "play " + ("mosquito3" if kind == "mosquito" else "cockroach3"), PLAYED_AT)
    observe(game, bots, memories, seed)
    closes = game.window["closes"]
    person = PLAYED_AT + LAND_MS + person_ms
    if person >= closes:
        return "missed"
    window_with_person(game, bots, memories, seed, "slap" if kind == "mosquito" else "race 3", person)
    if kind == "mosquito":
        slowest = next(e["seat"] for e in game.log if e["code"] == "mosquito_slowest")
        return "slow" if slowest == 0 else "ok"
    raced = next((e["seat"] for e in game.log if e["code"] == "raced"), None)
    return "ok" if raced == 0 else "slow"


def shares(kind: str, level: str, players: int, tempo: int, factor: int, windows: int, phone: bool) -> tuple:
    """(slow share, missed share) over ``windows`` seeded windows. The person's draws are seeded apart
    from the bots' and the same in every row: rows differ by the tempo alone (and whole ms)."""
    rng = random.Random(f"tempo-bench:{kind}:{level}:{players}:{phone}")
    counts = {"slow": 0, "missed": 0, "ok": 0}
    for seed in range(windows):
        person = round(rng.uniform(*CHILD_MS) * factor) + (rng.randint(*PHONE_MS) if phone else 0)
        counts[one_window(kind, level, players, tempo, person, seed)] += 1
    return counts["slow"] / windows, counts["missed"] / windows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--windows", type=int, default=2000, help="seeded windows per cell")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--levels", nargs="+", default=["easy", "normal"])
    args = parser.parse_args()
    print(f"{args.windows} windows per cell, {args.players} players (the person and {args.players - 1} bots), "
          f"load average {os.getloadavg()[0]:.1f}")
    started = time.perf_counter()
    header = (f"{'level':7} {'tempo':16} {'person reacts':>13} | {'mosq. slowest':>13} {'missed':>6} "
              f"{'+phone':>7} | {'roach lost':>10} {'missed':>6} {'+phone':>7}")
    print(header)
    print("-" * len(header))
    for level in args.levels:
        for tempo, factor in ROWS:
            cells = [shares(kind, level, args.players, tempo, factor, args.windows, phone)
                     for kind in ("mosquito", "cockroach") for phone in (False, True)]
            (ms, mm), (msp, _mmp), (cs, cm), (csp, _cmp) = cells
            reacts = f"{CHILD_MS[0] * factor / 1000:g}-{CHILD_MS[1] * factor / 1000:g} s"
            label = f"×{tempo}" + (" (no tempo)" if tempo != factor else "")
            print(f"{level:7} {label:16} {reacts:>13} | {ms:13.1%} {mm:6.1%} {msp:7.1%} | "
                  f"{cs:10.1%} {cm:6.1%} {csp:7.1%}")
        print()
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
