"""Are the mosquito and cockroach windows fair on a phone? A scripted player slaps and races in Chromium.

    .venv/bin/python bench/windows.py [--seconds 75] [--levels easy normal hard] [--devices phone desktop]
                                      [--players 3 4 5]

Starts the site under gunicorn (see bench/web.py) at the real bot pace, opens the table in
Chromium as a phone (375x812, touch, CPU slowed down 4x, a 3G-like network: 150 ms latency,
1.6 Mbit/s down) or as a desktop on loopback, and plays from a position rich in mosquitoes and
cockroaches, game after game, for every device and bot level asked (``--seconds`` each; run it
when the machine is calm: every configuration prints its load average). A scripted player makes
the ordinary moves; whenever the table shows a mosquito window or lights up a card for a
cockroach race, it waits until the window's card is on the pile (motion.js's "table:landed"),
then a human reaction time, and taps. The page itself (reflex.js) sends how long that took,
and the server credits the rest (mogel/play/service.py). The reaction times are an assumption,
not a measurement: by default a child's, 0.6-0.9 s from the card on the pile to the tap; see
--slap-reaction and --race-reaction.

Prints, per device and level, from the games' own logs (server time):
- how late the window reaches the page (the server, the network and the page);
- the time the player's slap counts at (its arrival less the credit), and how often it
  arrived when the game had already moved past that time (the engine dates it back);
- the share of mosquitoes in which the player was the slowest to slap, and of races won;
- a table of these shares, and re-sampled chances for 3, 4 and 5 players from the measured times,
  against the bots as tuned now and, side by side, as tuned before (BEFORE: counted from the
  mosquito's opening, when the page still flew the card meanwhile).
It asserts nothing; the figures are for tuning the bots' reflexes (games/mogel_motte/engine/bots.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.web import percentile, serve  # noqa: E402
from games.mogel_motte.engine.bots import LEVELS, Bot  # noqa: E402
from games.mogel_motte.engine.game import DEFAULT_OPTIONS, slowest_slapper  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# The bots' slap reflexes before the re-tuning for a child (2026-11-27), counted from the mosquito's
# opening: the baseline the re-sampled figures are set against.
BEFORE = {"easy": {"slap_ms": (500, 1050), "slap_miss": 0.15, "slap_late_ms": (1200, 2400)},
          "normal": {"slap_ms": (450, 920), "slap_miss": 0.06, "slap_late_ms": (1000, 2200)},
          "hard": {"slap_ms": (370, 800), "slap_miss": 0.03, "slap_late_ms": (950, 1900)}}


def scenario(players: int) -> dict:
    """Seat 0 (the phone) holds number cards to race with; the bots hold every mosquito and cockroach."""
    actions = ["mosquito1", "cockroach2", "mosquito2", "cockroach3", "mosquito3", "cockroach4",
               "mosquito4", "cockroach5", "mosquito5", "cockroach1"]
    bots = [actions[i::players - 1] for i in range(players - 1)]
    numbers = ["5", "1", "2", "4", "3", "5", "1"]
    hands = [["1", "2", "3", "4", "5", "2", "3", "4", "1", "5"]] + [h + numbers[:7 - len(h)] for h in bots]
    return {"players": players, "hands": hands, "discard": ["3"],
            "draw": ["1", "2", "3", "4", "2", "3", "4", "2", "3", "spider1", "ant2"],
            "guard": 1, "turn": 1, "options": {"rounds": "single"}}

# The phone's player: reacts to the window's card on the pile (runs in the page, so no driver delay).
HUMAN_JS = """
window.__human = {samples: [], pending: false, slap: [0, 0], race: [0, 0]};
document.addEventListener('htmx:afterSettle', () => setTimeout(look, 0));  // after motion.js has seen the moves
function look() {
  const h = window.__human;
  const win = document.querySelector('#table .window');
  if (!win) { h.pending = false; return; }
  if (h.pending) return;
  const slap = document.querySelector('#btn-slap');
  const race = document.querySelector('#table .hand__item--race .card-btn');
  if (!slap && !race) return;
  h.pending = true;
  const kind = slap ? 'mosquito' : 'cockroach';
  const [lo, hi] = slap ? h.slap : h.race;
  const reaction = lo + Math.random() * (hi - lo);
  const countdown = win.querySelector('[data-countdown]'), meter = win.querySelector('[data-meter]');
  const settled = performance.now();
  const sample = {kind, reaction, landing_ms: 0,
                  shown_ms: meter && countdown ? (+meter.getAttribute('max')) - (+countdown.dataset.countdown) : null};
  h.samples.push(sample);
  const react = () => {
    sample.landing_ms = performance.now() - settled;
    setTimeout(() => {
      const b = slap ? document.querySelector('#btn-slap') : document.querySelector('#table .hand__item--race .card-btn');
      if (b) b.click();
    }, reaction);
  };
  // The card still flies onto the pile: a person reacts to it once it is there.
  if (window.tableMotion && window.tableMotion.landing()) {
    document.addEventListener('table:landed', react, {once: true});
  } else {
    react();
  }
}
"""

# Ordinary moves: go on, play a card, draw, keep (never a slap or race: that is the player's reflex above).
MOVE_JS = """() => {
  const order = ['#btn-continue', '.hand__item--live:not(.hand__item--race) .card-btn', '#btn-draw', '#btn-keep'];
  for (const sel of order) { const b = document.querySelector('#table ' + sel); if (b) { b.click(); return sel; } }
  return null;
}"""


def play(port: int, seconds: float, level: str, slap: tuple[int, int], race: tuple[int, int],
         phone: bool = True, players: int = 4) -> list[dict]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        if phone:
            context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True,
                                          device_scale_factor=2)
        else:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(HUMAN_JS)
        page = context.new_page()
        if phone:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                                                           "downloadThroughput": 1_600_000 / 8,
                                                           "uploadThroughput": 750_000 / 8})
        samples: list[dict] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            page.goto(f"http://127.0.0.1:{port}/en/play/")
            page.fill("input[name=name]", "Phone")
            page.check(f"input[name=level][value='{level}']")   # the scenario sets the players
            page.click(".btn--start")
            page.wait_for_selector("#table")
            page.evaluate("([s, r]) => { window.__human.slap = s; window.__human.race = r; }", [list(slap), list(race)])
            while time.monotonic() < deadline and not page.locator(".ranking").count():
                if page.evaluate(MOVE_JS):
                    page.wait_for_timeout(600)  # a person's deliberate move, and a look at the table
                else:
                    page.wait_for_timeout(100)
            samples += page.evaluate("window.__human.samples")
        browser.close()
    return samples


def windows_from_logs(db: str) -> tuple[list[dict], list[dict]]:
    """Every mosquito and cockroach window in the stored games, from the engine's own log (the
    event table). A slap's time is the one it counts at: its ``dated`` time when it has one."""
    mosquitoes, races = [], []
    with sqlite3.connect(db) as conn:
        players = {g: json.loads(s)["players"] for g, s in conn.execute("SELECT id, state FROM play_practicegame")}
        logs: dict[str, list[dict]] = {}
        for game, text in conn.execute('SELECT game_id, event FROM play_practiceevent ORDER BY game_id, "index"'):
            logs.setdefault(game, []).append(json.loads(text))
    for game, log in logs.items():
        for i, e in enumerate(log):
            if e["code"] == "mosquito_open":
                # Times after the card was on the pile (the window and the bots count from then).
                slaps, arrived, slowest, landed = {}, {}, None, e.get("landed", e["t"])
                for f in log[i + 1:]:
                    if f["code"] == "slapped":
                        slaps[f["seat"]] = f.get("dated", f["t"]) - landed
                        arrived[f["seat"]] = f["t"] - landed
                    if f["code"] in ("mosquito_slowest", "round_end"):
                        slowest = f.get("seat")
                        break
                mosquitoes.append({"by": e["seat"], "slaps": slaps, "arrived": arrived, "slowest": slowest,
                                   "players": players[game], "land": landed - e["t"]})
            if e["code"] == "cockroach_open":
                for f in log[i + 1:]:
                    if f["code"] in ("raced", "cockroach_nobody", "round_end"):
                        races.append({"by": e["seat"], "winner": f.get("seat") if f["code"] == "raced" else None,
                                      "ms": f["t"] - e["t"]})
                        break
    return mosquitoes, races


def slowest(by: int, players: int, times: dict[int, int | None], window_ms: int) -> int:
    """The engine's rule, for slap times (None: never slapped) and a window of ``window_ms``."""
    in_time = sorted((s for s, t in times.items() if t is not None and t <= window_ms), key=times.get)
    return slowest_slapper(by, players, in_time)


def resample(level: str, human_slaps: list[int], mosquito_ms: int, players: int, n: int = 20000,
             profile: dict | None = None, shift: int = 0) -> float:
    """The chance that the player is the slowest to slap against ``players - 1`` bots of ``level``,
    the player's slaps counting at the measured times (ms after the mosquito was on the pile),
    plus ``shift`` (the card's flight, for bots that counted from the mosquito's opening)."""
    rng = random.Random(1)
    bot = Bot(level, profile=profile)
    slow = 0
    for _ in range(n):
        by = rng.randrange(1, players)
        times = {s: bot._reflex({"window": {"kind": "mosquito"}}, rng) for s in range(1, players) if s != by}
        times[0] = rng.choice(human_slaps) + shift
        slow += slowest(by, players, times, mosquito_ms) == 0
    return slow / n


def spread(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (f"median {statistics.median(values):6.0f}  p90 {percentile(values, 90):6.0f}  "
            f"max {max(values):6.0f} ms  (n={len(values)})")


def measure(args, device: str, level: str, players: int) -> dict:
    """One configuration played for ``args.seconds``: the player's figures from the games' logs."""
    env = {"MOGEL_BENCH_PACE_MS": "1000", "MOGEL_BENCH_MOSQUITO_MS": str(args.mosquito_ms),
           "MOGEL_BENCH_COCKROACH_MS": str(args.cockroach_ms), "MOGEL_BENCH_POLL_MS": str(args.poll_ms),
           "MOGEL_BENCH_SCENARIO": json.dumps(scenario(players))}
    load = os.getloadavg()[0]
    with serve(workers=2, env=env) as (port, db):
        samples = play(port, args.seconds, level, tuple(args.slap_reaction), tuple(args.race_reaction),
                       phone=device == "phone", players=players)
        mosquitoes, races = windows_from_logs(db)
    theirs = [m for m in mosquitoes if m["by"] != 0]
    tried = sum(1 for s in samples if s["kind"] == "cockroach")
    return {
        "device": device, "level": level, "players": players, "load": (load, os.getloadavg()[0]),
        "land": max((m["land"] for m in mosquitoes), default=0),
        "landing": [s["landing_ms"] for s in samples if s["kind"] == "mosquito"],
        "shown": {kind: [s["shown_ms"] for s in samples if s["kind"] == kind and s["shown_ms"] is not None]
                  for kind in ("mosquito", "cockroach")},
        "counts": [m["slaps"][0] for m in theirs if 0 in m["slaps"]],
        "dated": sum(1 for m in theirs if 0 in m["slaps"] and m["arrived"][0] != m["slaps"][0]),
        "missed": sum(1 for m in theirs if 0 not in m["slaps"]),
        "mosquitoes": len(theirs), "slowest": sum(1 for m in theirs if m["slowest"] == 0),
        "tried": tried, "won": sum(1 for r in races if r["winner"] == 0),
        "bot_won": sum(1 for r in races if r["winner"] not in (None, 0)),
    }


def report(args, r: dict) -> None:
    print(f"\n== {r['device']}, {r['level']} bots, {r['players']} players "
          f"(load average {r['load'][0]:.1f} -> {r['load'][1]:.1f})")
    for kind in ("mosquito", "cockroach"):
        print(f"  {kind:<10} window already open when drawn for the player: {spread(r['shown'][kind])}")
    print(f"  the mosquito's card landed on the page after the table settled: {spread(r['landing'])} "
          f"(the server counts {r['land']} ms from sending)")
    print(f"  the slap counts at (its arrival less the credit, after the card was on the pile): "
          f"{spread(r['counts'])}; missed: {r['missed']}")
    print(f"  ... of which it arrived when the game had moved past that time (dated back): {r['dated']}")
    if r["mosquitoes"]:
        print(f"  slowest in {r['slowest']} of {r['mosquitoes']} mosquitoes ({r['slowest'] / r['mosquitoes']:.0%})")
    print(f"  races: tried {r['tried']}, won {r['won']}, a bot won {r['bot_won']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=75, help="per configuration (device and level)")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--devices", nargs="+", choices=("phone", "desktop"), default=["phone", "desktop"])
    parser.add_argument("--players", nargs="+", type=int, choices=(3, 4, 5), default=[4])
    parser.add_argument("--mosquito-ms", type=int, default=DEFAULT_OPTIONS["mosquito_ms"])
    parser.add_argument("--cockroach-ms", type=int, default=DEFAULT_OPTIONS["cockroach_ms"])
    parser.add_argument("--poll-ms", type=int, default=400)
    parser.add_argument("--save", help="write every configuration's figures to this JSON file")
    parser.add_argument("--slap-reaction", type=int, nargs=2, default=(600, 900), metavar=("MIN", "MAX"),
                        help="ms from the mosquito on the pile to tapping Slap (default: a child, 600 900)")
    parser.add_argument("--race-reaction", type=int, nargs=2, default=(600, 900), metavar=("MIN", "MAX"),
                        help="ms from the cockroach on the pile to tapping the lit card (default 600 900)")
    args = parser.parse_args()
    print("phone: 375x812, touch, CPU 4x slower, 150 ms latency, 1.6 Mbit/s; desktop: 1280x800 on loopback")
    print(f"{'/'.join(map(str, args.players))} players, poll every {args.poll_ms} ms; windows: mosquito {args.mosquito_ms} ms, "
          f"cockroach {args.cockroach_ms} ms; {args.seconds:.0f} s per configuration")
    print(f"assumed reactions: slap {args.slap_reaction[0]}-{args.slap_reaction[1]} ms, "
          f"race {args.race_reaction[0]}-{args.race_reaction[1]} ms after the window is on screen")
    results = []
    for device in args.devices:
        for players in args.players:
            for level in args.levels:
                results.append(measure(args, device, level, players))
                report(args, results[-1])
    print("\n| device | players | bots | slowest to slap | races won (of tried) | load |")
    print("|---|---|---|---|---|---|")
    for r in results:
        slow = f"{r['slowest']}/{r['mosquitoes']} ({r['slowest'] / r['mosquitoes']:.0%})" if r["mosquitoes"] else "-"
        won = f"{r['won']}/{r['tried']} ({r['won'] / r['tried']:.0%})" if r["tried"] else "-"
        print(f"| {r['device']} | {r['players']} | {r['level']} | {slow} | {won} | "
              f"{r['load'][0]:.1f}-{r['load'][1]:.1f} |")
    print("\nre-sampled: chance to be the slowest to slap, at the slap times measured above, against bots "
          "of each level, now | before (players 3 / 4 / 5; the goal now: easy at most 1/4, 1/5, 1/6; "
          "normal about 1/3, 1/4, 1/5; hard more)")
    for device in args.devices:
        counts = [t for r in results if r["device"] == device for t in r["counts"]]
        land = max((r["land"] for r in results if r["device"] == device), default=0)
        if not counts:
            continue
        for level in LEVELS:
            now = " / ".join(f"{resample(level, counts, args.mosquito_ms, n):4.0%}" for n in (3, 4, 5))
            before = " / ".join(f"{resample(level, counts, args.mosquito_ms, n, profile=BEFORE[level], shift=land):4.0%}"
                                for n in (3, 4, 5))
            print(f"  {device:<8} {level:<7} {now}   | before: {before}")
    if args.save:
        Path(args.save).write_text(json.dumps(results))


if __name__ == "__main__":
    main()
