"""Every round ends: bots-only Mogel Motte games with the repetition rule, beside the same games without it.

Run: ``nice -n 19 python bench/rounds.py [--games N] [--levels easy,normal,...] [--players 3,4,5]``.
Prints figures; the exit status is 1 when a game with the rule hits the step cap (a round that
did not end).

Per level and player count: N seeded full games (a round per player, seed i deals game i, the
first guard moves round the table), every seat the same level: easy, normal, hard, the expert
without its search (``expert``) and with it (``expert+search``: the ladder's budget of
``ITERATIONS`` per decision, no time cap, so a run replays exactly). A move is one action a bot
applies (play, draw, gift, hand-over, slap, race, cheat, Caught!); windows closing are not moves.

The baseline is the same seeds with the rule switched off (``Game.block_at = None``), capped at
``--cap`` moves so that it ends. The two are the same game move for move until the rule first
blocks a round (the rule changes nothing else, and the bots do not see the count), so the
baseline is played again only for the games in which a round was blocked; ``--baseline always``
plays every game twice (and checks that claim: an unblocked game must give the same log).

Columns, for the rule and the baseline: the longest game in moves, the mean, games over 3,000
moves, games cut by the cap; rounds blocked by repetition (and by §9's lap of passes) with the
rule.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.mogel_motte.engine import Game  # noqa: E402
from games.mogel_motte.engine.bots import Bot, play_bots  # noqa: E402
from games.mogel_motte.engine.expert import ITERATIONS, ExpertBot  # noqa: E402

LEVELS = ("easy", "normal", "hard", "expert", "expert+search")
LONG = 3000           # "a long game", as the issue counted them


class Counted(Game):
    """A game that counts the actions applied to it (the bench's moves)."""

    moves = 0

    def apply(self, seat, action, at):
        events = super().apply(seat, action, at)
        self.moves += 1
        return events


class Unblocked(Counted):
    """The baseline: the rulebook alone, a round ends only on an empty hand (or §9's lap of passes)."""

    block_at = None


def make_bot(level: str) -> Bot:
    if level == "expert":
        return ExpertBot(iterations=0)
    if level == "expert+search":
        return ExpertBot(iterations=ITERATIONS, time_ms=None)
    return Bot(level)


def one_game(job: tuple) -> dict:
    level, players, seed, cap, always = job
    start = time.perf_counter()
    ruled = _capped(Counted, level, players, seed, cap)
    blocked = sum(bool(r.get("repeated")) for r in ruled.history)
    passes = sum(r["out"] is None and not r.get("repeated") for r in ruled.history)
    result = {"moves": ruled.moves, "over": ruled.over, "blocked": blocked, "passes": passes,
              "rounds": len(ruled.history), "seconds": time.perf_counter() - start}
    if blocked or always:
        base = _capped(Unblocked, level, players, seed, cap)
        if not blocked and base.events != ruled.events:
            raise AssertionError(f"seed {seed}: an unblocked game differs from its baseline")
        result["base"] = {"moves": base.moves, "over": base.over}
    else:
        result["base"] = {"moves": ruled.moves, "over": ruled.over}
    return result


def _capped(cls, level: str, players: int, seed: int, cap: int) -> Counted:
    """Play until the game is over or ``cap`` moves were applied."""
    game = cls.new(players, seed, first_guard=seed % players)
    bots = {s: make_bot(level) for s in range(players)}
    memories: dict = {}
    game.events = []
    while not game.over and game.moves < cap:
        play_bots(game, bots, seed=seed, memories=memories, max_steps=min(200, cap - game.moves))
        # As the site's keeper does: a view copies the round's log, so a round of thousands of
        # moves would cost the baseline time growing with its square.
        game.events += game.trim_log()
    game.events += game.log
    return game


def line(level: str, players: int, results: list[dict], seconds: float) -> str:
    def cols(rs: list[dict]) -> str:
        moves = [r["moves"] for r in rs]
        return (f"{max(moves):>7} {sum(moves) / len(moves):>7.0f} {sum(m > LONG for m in moves):>5} "
                f"{sum(not r['over'] for r in rs):>4}")
    blocked = sum(r["blocked"] for r in results)
    blocked_games = sum(bool(r["blocked"]) for r in results)
    rounds = sum(r["rounds"] for r in results)
    passes = sum(r["passes"] for r in results)
    return (f"{level:<14} {players}p {len(results):>5}  {cols(results)}  | {cols([r['base'] for r in results])}"
            f"  | {blocked:>4} of {rounds:>5} rounds ({blocked_games} games)  {passes:>3}   {seconds:6.0f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per level and player count (default 1000)")
    parser.add_argument("--levels", default=",".join(LEVELS), help=f"comma-separated (default {','.join(LEVELS)})")
    parser.add_argument("--players", default="3,4,5", help="player counts (default 3,4,5)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--cap", type=int, default=20_000, help="moves at which a game is cut (default 20000)")
    parser.add_argument("--baseline", choices=("changed", "always"), default="changed",
                        help="play the baseline again only where the rule blocked a round (default), or always")
    parser.add_argument("--until", default=None,
                        help="stop at this UTC time (HH:MM): the line under way prints the games done so far "
                             "(seeds from the first, none skipped), the lines after it are not run")
    args = parser.parse_args()
    levels = args.levels.split(",")
    print(f"bots-only games, every seat one level, full games; {args.games} seeds from {args.seed} per line; "
          f"cap {args.cap:,} moves; baseline played {args.baseline}; {args.workers} processes, "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"{'':<14} {'':>2} {'games':>5}  {'with the rule (block on the 5th repetition)':<28} | "
          f"{'baseline (no rule)':<27} | rounds blocked by repetition   §9", flush=True)
    head = f"{'longest':>7} {'mean':>7} {'>3000':>5} {'cut':>4}"
    print(f"{'level':<14} {'':>2} {'':>5}  {head}  | {head}  |", flush=True)
    ok = True
    until = _deadline(args.until)
    with Pool(args.workers) as pool:
        for level in levels:
            for players in (int(p) for p in args.players.split(",")):
                if until is not None and time.time() >= until:
                    print(f"{level:<14} {players}p  not run (--until {args.until})", flush=True)
                    continue
                start = time.perf_counter()
                jobs = [(level, players, args.seed + i, args.cap, args.baseline == "always")
                        for i in range(args.games)]
                results = []
                for result in pool.imap(one_game, jobs, chunksize=1 if level == "expert+search" else 5):
                    results.append(result)
                    if until is not None and time.time() >= until:
                        break
                if results:
                    ok &= all(r["over"] for r in results)
                    print(line(level, players, results, time.perf_counter() - start), flush=True)
            if until is not None and time.time() >= until:
                pool.terminate()
                break
    return 0 if ok else 1


def _deadline(text: str | None) -> float | None:
    """The UTC time ``HH:MM`` as a timestamp: today's, or tomorrow's when it has passed."""
    if text is None:
        return None
    hours, minutes = (int(x) for x in text.split(":"))
    now = time.time()
    at = now - now % 86400 + hours * 3600 + minutes * 60
    return at if at > now else at + 86400


if __name__ == "__main__":
    sys.exit(main())
