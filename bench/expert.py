"""Expert ladder: the expert bot against hard, in both games, with 95% confidence intervals.

Run: ``nice -n 19 python bench/expert.py [--games N] [--workers W] [--only mogel:4,mogelei:3]``.
Prints figures side by side with the baseline (hard) in the same run; the exit status is 1
when the expert is not ahead of hard at 95% on some line.

Per game and player count: N games with the expert in half the seats and hard in the other
half (``bench.mogelei_bots.seating``: balanced; games 2k and 2k+1 play the same deal with
the seats mirrored, which takes the luck of the deal out of the difference); the first guard
or dealer moves round the table. Mogel Motte plays full games (a round per player), Mogelei
one-game matches. Per game: the expert's mean minus hard's (Mogel Motte: hard's mean minus
points minus the expert's, so above 0 is the expert ahead in both games) and its share of
first place. Per pair of mirrored games the two differences are averaged first, so the
interval is over independent deals.

Decision time: wall clock of every deliberate decision the expert is asked for (``decide``
for Mogel Motte, ``choose`` for Mogelei) on this shared machine; the load average is printed.
Mogelei's search: ``--option iterations=N`` (default the expert's ``ITERATIONS``; 0 is the
expert without search), ``--option time_ms=50`` for the site's cap (default none),
``--option most_players=8`` to search at every table size.
Mogel Motte's search: ``--iterations-motte`` per searched decision (default the expert's
``ITERATIONS``; 0 is the expert without search) and ``--cap-motte`` ms (default none, so every
run replays exactly); per line the wall clock of the searched decisions (p50/p95/max) and the
share where the search overruled the move without search. ``--against expert`` seats the
expert without search in the other half instead of hard, in both games (the pilot: does the
search add?).
``--site N``: N games at 4 players at the site's budget (``ITERATIONS`` under the ``TIME_MS``
cap): searched decision times and how often the cap ended a search.
Rates per level over its seats: Mogel Motte cheats per round and seat, the share of its cheats
caught, its catch rate as guard and its wrong Caught! per round and seat; Mogelei its bluff
rate, accusations per choice on turn and their accuracy.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.mogelei_bots import seating  # noqa: E402
from bench.stats import mean_ci  # noqa: E402

MAX_STEPS = 3000      # a whole Mogel Motte game of 5 hard bots takes at most about 1,000
LINES = [("mogel", 3), ("mogel", 4), ("mogel", 5),
         ("mogelei", 3), ("mogelei", 4), ("mogelei", 5), ("mogelei", 8)]


def _timed(bot, method: str, times: list):
    inner = getattr(bot, method)

    def timed(*args, **kwargs):
        start = time.perf_counter()
        out = inner(*args, **kwargs)
        times.append(time.perf_counter() - start)
        return out
    setattr(bot, method, timed)
    return bot


def _searched(bot, method: str, searches: list):
    """Keep (wall time, overruled, stopped by the cap) of every call of ``method`` that ran a search
    (``bot.last`` set by it: not the remembered answers, nor the decisions that are not searched)."""
    inner = getattr(bot, method)

    def timed(*args):
        bot.last = None
        start = time.perf_counter()
        out = inner(*args)
        if bot.last is not None:
            searches.append((time.perf_counter() - start, bot.overruled, bot.last.stopped_by_time))
        return out
    setattr(bot, method, timed)
    return bot


def mogel_game(seed: int, players: int, options: dict) -> dict:
    from games.mogel_motte.engine import Game
    from games.mogel_motte.engine.bots import Bot, play_bots
    from games.mogel_motte.engine.expert import ExpertBot
    options = dict(options)
    against = options.pop("against", "hard")
    pattern = seating(players, seed)
    times: list[float] = []
    searches: list[tuple] = []

    def other() -> Bot:
        return ExpertBot(iterations=0) if against == "expert" else Bot("hard")
    bots = {s: _searched(_timed(ExpertBot(**options), "decide", times), "search", searches) if ch == "A" else other()
            for s, ch in enumerate(pattern)}
    game = Game.new(players, seed // 2, first_guard=(seed // 2) % players)
    # A few deals made bots pass spiders and ants round the table for ever; the fifth turn in the
    # same position now blocks such a round (docs/rules-decisions.md, section 28). The cap stays
    # as a guard: a game it cuts has its pair left out.
    stats = play_bots(game, bots, seed=seed // 2, max_steps=MAX_STEPS)
    rates = {ch: {"cheats": 0, "cheats_caught": 0, "guarded": 0, "caught_as_guard": 0,
                  "wrong": 0, "seat_rounds": 0} for ch in "AB"}
    for ch in pattern:
        rates[ch]["seat_rounds"] += len(game.history)
    for cheat in stats["cheats"]:
        mine, guard = rates[pattern[cheat["seat"]]], rates[pattern[cheat["guard"]]]
        mine["cheats"] += 1
        mine["cheats_caught"] += cheat["caught"]
        guard["guarded"] += 1
        guard["caught_as_guard"] += cheat["caught"]
    for wrong in stats["wrong"]:
        rates[pattern[wrong["guard"]]]["wrong"] += 1
    return {**_result(pattern, [-s for s in game.scores], game.ranking()[0], times, rates),
            "stuck": not game.over, "searches": searches}


def mogelei_game(seed: int, players: int, options: dict) -> dict:
    from games.mogelei.engine import Game
    from games.mogelei.engine.bots import Bot, play_bots
    from games.mogelei.engine.expert import ExpertBot
    pattern = seating(players, seed)
    times: list[float] = []
    searches: list = []
    options = {"time_ms": None, **options}      # the ladder replays exactly: iterations only
    against = options.pop("against", "hard")     # "expert": the expert without its search

    def other() -> Bot:
        return ExpertBot(seed // 2, iterations=0) if against == "expert" else Bot("hard", seed // 2)
    bots = {s: _timed(_searched(ExpertBot(seed // 2, **options), "choose", searches), "choose", times) if ch == "A"
            else other() for s, ch in enumerate(pattern)}
    game = Game.new(players, seed // 2, games=1, dealer=(seed // 2) % players)
    stats = play_bots(game, bots)
    rates: dict = {"A": {}, "B": {}}
    for seat, ch in enumerate(pattern):
        for key, n in stats[seat].items():
            rates[ch][key] = rates[ch].get(key, 0) + n
    return {**_result(pattern, game.view(None)["scores"], game.ranking()[0], times, rates), "searches": searches}


def _result(pattern: str, points: list, first: list, times: list, rates: dict) -> dict:
    a = [p for p, ch in zip(points, pattern) if ch == "A"]
    b = [p for p, ch in zip(points, pattern) if ch == "B"]
    return {"diff": sum(a) / len(a) - sum(b) / len(b),
            "win": sum(pattern[s] == "A" for s in first) / len(first), "times": times, "rates": rates}


def job(args: tuple) -> dict:
    game, seed, players, options = args
    return (mogel_game if game == "mogel" else mogelei_game)(seed, players, options)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def _rates_line(game: str, label: str, r: dict) -> str:
    def share(a, b):
        return r.get(a, 0) / r[b] if r.get(b) else float("nan")
    if game == "mogelei":
        return (f"    {label:<7} bluff {share('hidden', 'reveal_chances'):6.1%}  accusations/turn "
                f"{share('accusations', 'turns'):6.1%}  accuracy {share('right', 'accusations'):6.1%}")
    return (f"    {label:<7} cheats/round {share('cheats', 'seat_rounds'):5.2f}  own cheats caught "
            f"{share('cheats_caught', 'cheats'):6.1%}  catch rate as guard {share('caught_as_guard', 'guarded'):6.1%}"
            f"  wrong Caught!/round {share('wrong', 'seat_rounds'):5.3f}")


def _paired(results: list[dict], key: str) -> list[float]:
    """Mirrored games (2k, 2k+1) share a deal: average them so the interval is over deals
    (a pair with a game cut by the step cap is left out)."""
    return [(results[i][key] + results[i + 1][key]) / 2 for i in range(0, len(results) - 1, 2)
            if not (results[i].get("stuck") or results[i + 1].get("stuck"))]


def run_line(pool, game: str, players: int, games: int, first: int, options: dict) -> bool:
    t0 = time.perf_counter()
    jobs = [(game, first + i, players, options) for i in range(games)]
    results = pool.map(job, jobs, chunksize=10)
    d, dci = mean_ci(_paired(results, "diff"))
    w, wci = mean_ci(_paired(results, "win"))
    stuck = sum(bool(r.get("stuck")) for r in results)
    times = [t for r in results for t in r["times"]]
    ahead = d - dci > 0
    other = "expert without search" if options.get("against") == "expert" else "hard"
    unit = "points" if game == "mogelei" else f"minus points ({other} - expert)"
    print(f"{game:<8} {players}p  expert - {other} {d:+6.2f} ± {dci:4.2f} {unit}; first place "
          f"{w:6.1%} ± {wci:4.1%}; ahead at 95%: {'yes' if ahead else 'NO'}  "
          f"[{games} games ({stuck} cut by the step cap, their pairs left out), {time.perf_counter() - t0:.0f} s, load {os.getloadavg()[0]:.1f}]", flush=True)
    print(f"    expert decision time ({len(times)} decisions): p50 {_pct(times, .5):.2f} ms, "
          f"p95 {_pct(times, .95):.2f} ms, max {max(times, default=0) * 1000:.1f} ms", flush=True)
    _search_line([s for r in results for s in r["searches"]])
    for label, ch in (("expert", "A"), ("hard" if other == "hard" else "nosearch", "B")):
        total: dict = {}
        for r in results:
            for k, v in r["rates"][ch].items():
                total[k] = total.get(k, 0) + v
        print(_rates_line(game, label, total), flush=True)
    return ahead


def _search_line(searches: list) -> None:
    if not searches:
        print("    no search ran", flush=True)
        return
    times = [t for t, _, _ in searches]
    print(f"    searched decisions {len(searches)}: p50 {_pct(times, .5):.1f} ms, p95 {_pct(times, .95):.1f} ms, "
          f"max {max(times) * 1000:.1f} ms; the search overruled the move without search in "
          f"{sum(o for _, o, _ in searches) / len(searches):.1%}; the time cap ended "
          f"{sum(c for _, _, c in searches) / len(searches):.1%}", flush=True)


def site_budget(games: int, workers: int) -> None:
    """Mogel Motte at the site's budget, 4 players, expert against hard: searched decision times."""
    from games.mogel_motte.engine import expert
    options = {"iterations": expert.ITERATIONS, "time_ms": expert.TIME_MS}
    print(f"site budget: {expert.ITERATIONS} iterations, cap {expert.TIME_MS:.0f} ms; {games} games at "
          f"4 players, {workers} processes; load average {os.getloadavg()[0]:.2f}", flush=True)
    with Pool(workers) as pool:
        results = pool.map(job, [("mogel", i, 4, options) for i in range(games)], chunksize=2)
    _search_line([s for r in results for s in r["searches"]])
    print(f"    load average at the end {os.getloadavg()[0]:.2f}", flush=True)


def _number_or_pair(text: str):
    try:
        return tuple(float(x) for x in text.split(",")) if "," in text else float(text)
    except ValueError:
        return text     # a level, e.g. table_level=hard


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per line (default 1000, even)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0, even)")
    parser.add_argument("--only", default="", help="e.g. mogel:4,mogelei:3 (default: every line)")
    parser.add_argument("--option", action="append", default=[],
                        help="an expert option as name=value (pilots), e.g. margin=2")
    parser.add_argument("--iterations-motte", type=int, default=None,
                        help="Mogel Motte: search iterations per decision (default ITERATIONS; 0: no search)")
    parser.add_argument("--cap-motte", type=float, default=None, help="Mogel Motte: time cap in ms (default none)")
    parser.add_argument("--against", choices=("hard", "expert"), default="hard",
                        help="the other half's level (expert: the expert without search)")
    parser.add_argument("--site", type=int, default=0, help="instead: N games at the site's budget")
    args = parser.parse_args()
    if args.site:
        site_budget(args.site, args.workers)
        return 0
    lines = [(g, int(p)) for g, p in (x.split(":") for x in args.only.split(","))] if args.only else LINES
    options = {k: _number_or_pair(v) for k, v in (o.split("=") for o in args.option)}
    from games.mogel_motte.engine.expert import ITERATIONS
    # The sampler expects the cheats of the level the expert meets (the site: experts only).
    motte = {"table_level": args.against, **options, "time_ms": args.cap_motte, "against": args.against,
             "iterations": ITERATIONS if args.iterations_motte is None else args.iterations_motte}
    print(f"expert vs hard: {args.games} games per line, half the seats each, mirrored pairs; "
          f"± is the 95% CI; {args.workers} processes; options {options or 'default'}; Mogel Motte "
          f"{motte['iterations']} iterations, cap {args.cap_motte or 'none'}, against {args.against}, "
          f"sampler's cheat model {motte['table_level']}", flush=True)
    ok = True
    with Pool(args.workers) as pool:
        for game, players in lines:
            mogelei = {**options, "against": args.against}
            ok &= run_line(pool, game, players, args.games, args.seed, motte if game == "mogel" else mogelei)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
