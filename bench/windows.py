"""Are the mosquito and cockroach windows fair on a phone? A scripted player slaps and races in Chromium.

    .venv/bin/python bench/windows.py [--seconds 240] [--level normal] [--desktop] [--mosquito-ms MS] [--cockroach-ms MS]

Starts the site under gunicorn (see bench/web.py) at the real bot pace, opens the table in
Chromium as a phone (375x812, touch, CPU slowed down 4x, a 3G-like network: 150 ms latency,
1.6 Mbit/s down), and plays from a position rich in mosquitoes and cockroaches, game after game.
A scripted player makes the ordinary moves; whenever the table shows a mosquito window or lights
up a card for a cockroach race, it waits a human reaction time and then taps. The reaction
times are an assumption, not a measurement: people need about 250 ms to react to a light and
longer to find and tap a button on a phone; see --slap-reaction and --race-reaction.

Prints, from the games' own logs (server time):
- how late the window reaches the phone (the poll interval, the server, the network and the page);
- when the player's slap or race arrives, and how much of the window was left;
- how often the player was the slowest to slap or won a race, beside the bots;
- for every bot level, the same chances re-sampled from the measured arrival times.
It asserts nothing; the figures are for choosing MOGEL_MOSQUITO_MS / MOGEL_COCKROACH_MS.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.web import percentile, serve  # noqa: E402
from mogel.engine.bots import LEVELS, Bot  # noqa: E402
from mogel.engine.game import DEFAULT_OPTIONS, slowest_slapper  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# Seat 0 (the phone) holds number cards to race with; the bots hold every mosquito and cockroach.
SCENARIO = {
    "players": 4,
    "hands": [["1", "2", "3", "4", "5", "2", "3", "4", "1", "5"],
              ["mosquito1", "cockroach2", "mosquito3", "cockroach4", "5", "1", "2"],
              ["mosquito2", "cockroach3", "mosquito4", "cockroach5", "2", "4", "3"],
              ["mosquito5", "cockroach1", "3", "5", "1", "4", "1"]],
    "discard": ["3"],
    "draw": ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5", "2", "3", "4", "5", "spider1", "ant2"],
    "guard": 1,
    "turn": 1,
    "options": {"rounds": "single"},
}

# The phone's player: reacts to what the table shows (runs in the page, so no driver delay).
HUMAN_JS = """
window.__human = {samples: [], pending: false, slap: [0, 0], race: [0, 0]};
document.addEventListener('htmx:afterSettle', () => {
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
  h.samples.push({kind, reaction,
                  shown_ms: meter && countdown ? (+meter.getAttribute('max')) - (+countdown.dataset.countdown) : null});
  setTimeout(() => {
    const b = slap ? document.querySelector('#btn-slap') : document.querySelector('#table .hand__item--race .card-btn');
    if (b) b.click();
  }, reaction);
});
"""

# Ordinary moves: go on, play a card, draw, keep (never a slap or race: that is the player's reflex above).
MOVE_JS = """() => {
  const order = ['#btn-continue', '.hand__item--live:not(.hand__item--race) .card-btn', '#btn-draw', '#btn-keep'];
  for (const sel of order) { const b = document.querySelector('#table ' + sel); if (b) { b.click(); return sel; } }
  return null;
}"""


def play(port: int, seconds: float, level: str, slap: tuple[int, int], race: tuple[int, int],
         phone: bool = True) -> list[dict]:
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
            page.check(f"input[name=level][value='{level}']")
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
    """Every mosquito and cockroach window in the stored games, from the engine's own log."""
    mosquitoes, races = [], []
    with sqlite3.connect(db) as conn:
        states = [json.loads(s) for (s,) in conn.execute("SELECT state FROM play_practicegame")]
    for state in states:
        log, players = state["log"], state["players"]
        for i, e in enumerate(log):
            if e["code"] == "mosquito_open":
                slaps, slowest = {}, None
                for f in log[i + 1:]:
                    if f["code"] == "slapped":
                        slaps[f["seat"]] = f["t"] - e["t"]
                    if f["code"] in ("mosquito_slowest", "round_end"):
                        slowest = f.get("seat")
                        break
                mosquitoes.append({"by": e["seat"], "slaps": slaps, "slowest": slowest, "players": players})
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


def resample(level: str, human_slaps: list[int], human_races: list[int], mosquito_ms: int, cockroach_ms: int,
             n: int = 20000) -> tuple[float, float]:
    """Chances for the phone's player against three bots of ``level``: slowest to slap, and winning a race
    against one bot with a matching card."""
    rng = random.Random(1)
    bot = Bot(level)
    slow = won = 0
    for _ in range(n):
        by = rng.randrange(1, 4)
        times = {s: bot._reflex({"window": {"kind": "mosquito"}}, rng) for s in range(1, 4) if s != by}
        times[0] = rng.choice(human_slaps)
        slow += slowest(by, 4, times, mosquito_ms) == 0
        rival = bot._reflex({"window": {"kind": "cockroach"}}, rng)
        mine = rng.choice(human_races)
        won += mine <= cockroach_ms and (rival is None or rival > cockroach_ms or mine < rival)
    return slow / n, won / n


def spread(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (f"median {statistics.median(values):6.0f}  p90 {percentile(values, 90):6.0f}  "
            f"max {max(values):6.0f} ms  (n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=240)
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--mosquito-ms", type=int, default=DEFAULT_OPTIONS["mosquito_ms"])
    parser.add_argument("--cockroach-ms", type=int, default=DEFAULT_OPTIONS["cockroach_ms"])
    parser.add_argument("--poll-ms", type=int, default=400)
    parser.add_argument("--desktop", action="store_true", help="a desktop on loopback instead of the slowed-down phone")
    parser.add_argument("--save", help="write the phone's measured slap arrivals (ms) to this JSON file")
    parser.add_argument("--slap-reaction", type=int, nargs=2, default=(350, 800), metavar=("MIN", "MAX"),
                        help="ms from seeing the mosquito to tapping Slap (default 350 800)")
    parser.add_argument("--race-reaction", type=int, nargs=2, default=(600, 1300), metavar=("MIN", "MAX"),
                        help="ms from seeing the cockroach to tapping the lit card (default 600 1300)")
    args = parser.parse_args()
    env = {"MOGEL_BENCH_PACE_MS": "1000", "MOGEL_BENCH_MOSQUITO_MS": str(args.mosquito_ms),
           "MOGEL_BENCH_COCKROACH_MS": str(args.cockroach_ms), "MOGEL_BENCH_POLL_MS": str(args.poll_ms),
           "MOGEL_BENCH_SCENARIO": json.dumps(SCENARIO)}
    with serve(workers=2, env=env) as (port, db):
        samples = play(port, args.seconds, args.level, tuple(args.slap_reaction), tuple(args.race_reaction),
                       phone=not args.desktop)
        mosquitoes, races = windows_from_logs(db)

    device = "desktop: 1280x800 on loopback" if args.desktop else "phone: 375x812, CPU 4x slower, 150 ms latency, 1.6 Mbit/s"
    print(f"{device}; poll every {args.poll_ms} ms; "
          f"bots: {args.level}; windows: mosquito {args.mosquito_ms} ms, cockroach {args.cockroach_ms} ms")
    print(f"assumed reactions: slap {args.slap_reaction[0]}-{args.slap_reaction[1]} ms, "
          f"race {args.race_reaction[0]}-{args.race_reaction[1]} ms after the window is on screen")
    for kind in ("mosquito", "cockroach"):
        shown = [s["shown_ms"] for s in samples if s["kind"] == kind and s["shown_ms"] is not None]
        print(f"{kind:<10} window already open when rendered for the player: {spread(shown)}")
    slap_ms = [m["slaps"][0] for m in mosquitoes if m["by"] != 0 and 0 in m["slaps"]]
    missed = sum(1 for m in mosquitoes if m["by"] != 0 and 0 not in m["slaps"])
    print(f"the slap reaches the server after the mosquito opened: {spread(slap_ms)}; "
          f"window left at p90: {args.mosquito_ms - percentile(slap_ms, 90) if slap_ms else '-'} ms; missed: {missed}")
    if args.save:
        Path(args.save).write_text(json.dumps({"slap_ms": slap_ms, "race_won_ms": [r["ms"] for r in races if r["winner"] == 0]}))
    theirs = [m["slowest"] == 0 for m in mosquitoes if m["by"] != 0]
    if theirs:
        print(f"the player was the slowest in {sum(theirs)} of {len(theirs)} mosquitoes ({sum(theirs) / len(theirs):.0%})")
    won = [r["ms"] for r in races if r["winner"] == 0]
    tried = sum(1 for s in samples if s["kind"] == "cockroach")
    print(f"races: the player tried {tried}, won {len(won)} (its winning arrival: {spread(won)}); "
          f"a bot won {sum(1 for r in races if r['winner'] not in (None, 0))}, nobody raced {sum(1 for r in races if r['winner'] is None)}")
    # Race arrivals of the phone's losing attempts are not logged (the bot was first): estimate them
    # from the slap arrivals, which carry the same delays, plus the longer reaction.
    extra = (sum(args.race_reaction) - sum(args.slap_reaction)) / 2
    race_guess = [t + extra for t in slap_ms]
    if slap_ms:
        print("re-sampled against three bots of each level (phone's arrivals as measured above):")
        for level in LEVELS:
            slow, win = resample(level, slap_ms, race_guess, args.mosquito_ms, args.cockroach_ms)
            print(f"  {level:<7} slowest to slap {slow:6.1%}   beats one racing bot {win:6.1%}")


if __name__ == "__main__":
    main()
