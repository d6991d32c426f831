"""The mover's own echo, counted: renders of the table per person's move at a pushed practice table.

    .venv/bin/python bench/echo.py [--moves 200] [--baseline DIR] [--json]

The same seeded practice games (both games, four seats: Ann and three bots) are played through
the real views, in one process, on a fake server clock: Ann's page posts a move now and then
(htmx, with its page id, as table.js sends it), and its stream's source (the one the stream
view builds, with the page id in its address) is stepped as the push loop steps it: at once when
a move was posted (the broker heard it), else at the source's own wake (a bot's move, a window
closing), or at each beat while it asks for every beat. Counted: the tables the moves' answers
rendered, the tables the stream rendered and sent, and of those the echoes: a table of a version
Ann's page had already been answered with by its own move. Also the stream's CPU time (its
thread's) per person's move, everything its steps did (reads, catch-up, renders).

``--baseline DIR``: the same run first with another checkout's code (e.g. ``git archive <commit>
| tar -x -C DIR``, the same .venv), printed side by side: that code ignores the page id if it
predates it. Each run uses a throw-away SQLite database (bench/change.py's setup).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
PAGE = "a1b2c3d4e5f60718293a4b5c"
FORMS = {"mogel-motte": {"rounds": "full", "ant_pile": "discard", "first_guard": "me"},
         "mogelei": {"games": 5, "dealer": "right"}}
TABLES = re.compile(r"^event: (table|resume)\nid: (\d+)|^id: (\d+)\nevent: (table|resume)$", re.M)


def _setup(code: Path):
    sys.path.insert(0, str(code))
    import tempfile

    from bench.change import _django   # the checkout's own (bench/web.py's app on a throw-away database)
    _django(os.path.join(tempfile.mkdtemp(prefix="mogel-echo-"), "bench.sqlite3"))
    from mogel.play import service
    from tests.platform.play_helpers import Clock
    clock = Clock()
    service.wall_ms = clock
    return clock


def _source(client, url):
    """The stream view's own source for Ann's page (its request through every middleware).
    Like bench/change.py's ``caught_source`` and ``post_move`` (and ``_move`` below), kept here:
    ``bench.change`` is imported from the checkout measured, and a baseline's is older (no page
    id, no answer's version), so this bench cannot call them."""
    from mogel.play import views
    from mogel.push.stream import Update

    class Idle:
        def first(self):
            return Update("bench", 0, done=True)
        later = first

    caught, real = [], views.serve

    async def catch(request, source):
        caught.append(source)
        return await real(request, Idle())
    views.serve = catch
    try:
        client.get(url + "stream/", {"version": 0, "page": PAGE})
    finally:
        views.serve = real
    return caught[0]


def _move(client, url, html, rng):
    """Maybe a move Ann's table offers (never a cheat or Caught!), posted as table.js posts it;
    returns (status, the answer's version) or None."""
    version = re.search(r'data-version="(\d+)"', html or "")
    acts = [a for a in re.findall(r'name="action" value="([^"]+)"', html or "")
            if not a.startswith(("catch", "cheat", "slap"))]
    if not version or not acts or rng.random() < 0.4:
        return None
    action = rng.choice(acts)
    form = {"action": action, "version": version.group(1)}
    if action.startswith("give "):
        form["to"] = re.search(r'name="to" value="(\d)"', html).group(1)
    answer = client.post(url + "act/", form, HTTP_HX_REQUEST="true", HTTP_X_TABLE_PAGE=PAGE)
    found = re.search(r'data-version="(\d+)"', answer.content.decode())
    return answer.status_code, int(found.group(1)) if found else None


def play(key: str, moves: int, clock) -> dict:
    """Seeded games of ``key`` until Ann made ``moves`` moves: the counts."""
    from django.test import Client
    from django.conf import settings
    from django.utils import translation
    from mogel import games

    kind, seed = games.get(key), 0
    counts = {"moves": 0, "answers": 0, "stream": 0, "echoes": 0, "stream_cpu_ms": 0.0, "heard": 0, "heard_cpu_ms": 0.0}
    while counts["moves"] < moves:
        settings.MOGEL_PLAY_SEED, rng, client = 3000 + seed, random.Random(seed), Client()
        with translation.override("en"):
            lobby = kind.play_url("lobby")
        url = client.post(lobby, {"name": "Ann", "players": 4, "level": "normal", "pace": "normal",
                                  **FORMS[key]}).url
        source = _source(client, url)
        update = source.first()
        html, answered, wake = update.message, set(), _wake(update, clock)
        for _ in range(4000):
            if update.done or counts["moves"] >= moves:
                break
            step = rng.randint(150, 600)
            moved = None
            if clock.ms + step < wake:
                clock.tick(step)
                moved = _move(client, url, html, rng)
                if moved is None:
                    continue
                counts["answers"] += 1
                if moved[0] == 200:
                    counts["moves"] += 1
                if moved[1] is not None:
                    answered.add(moved[1])
                    html = None   # the page shows the answer; its next table decides again
            else:
                clock.ms = max(clock.ms, int(wake))
            used = time.thread_time()
            update = source.later(heard=1 if moved else None, sure=True)
            cpu = (time.thread_time() - used) * 1000
            counts["stream_cpu_ms"] += cpu
            if moved:
                counts["heard"] += 1
                counts["heard_cpu_ms"] += cpu
            for found in TABLES.finditer(update.message or ""):
                counts["stream"] += 1
                counts["echoes"] += int(found.group(2) or found.group(3)) in answered
            if update.message and TABLES.search(update.message):
                html = update.message
            elif html is None:
                html = client.get(url + "poll/", {"version": 0}, HTTP_HX_REQUEST="true").content.decode()
            wake = _wake(update, clock)
        seed += 1
    return counts


def _wake(update, clock) -> float:
    """When the push loop asks the source again without a notice: its wake, or the next beat."""
    times = [clock.ms + update.wake_s * 1000] if update.wake_s is not None else []
    if getattr(update, "each_beat", True):
        times.append(clock.ms + 1000)
    return min(times) if times else float("inf")


def run(code: Path, moves: int) -> dict:
    clock = _setup(code)
    return {key: play(key, moves, clock) for key in FORMS}


def report(results: dict[str, dict]) -> None:
    print("Ann's pushed practice page, 4 seats (3 bots), the same seeded games per code; per person's move:")
    print(f"{'code':<28}{'game':<13}{'moves':>6}{'answers':>8}{'stream':>8}{'echoes':>8}"
          f"{'renders/move':>13}{'echoes/move':>12}{'stream CPU/move':>16}{'step after a move':>18}")
    for code, figures in results.items():
        for key, c in figures.items():
            n = max(1, c["moves"])
            print(f"{code:<28}{key:<13}{c['moves']:>6}{c['answers']:>8}{c['stream']:>8}{c['echoes']:>8}"
                  f"{(c['answers'] + c['stream']) / n:>13.2f}{c['echoes'] / n:>12.2f}"
                  f"{c['stream_cpu_ms'] / n:>13.2f} ms{c['heard_cpu_ms'] / max(1, c['heard']):>15.2f} ms")
    print("answers: tables the moves' answers rendered (refusals too); stream: tables the stream rendered "
          "and sent; echoes: of those, a version the page's own move had been answered with; "
          "renders/move: answers + stream per move made; stream CPU/move: all the stream's steps (its "
          "thread's CPU time) over the moves made; step after a move: the mean of the stream's step the "
          "move's notice woke (where the echo was rendered)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--code", type=Path, default=HERE.parent.parent, help=argparse.SUPPRESS)
    parser.add_argument("--baseline", type=Path, help="another checkout, run first with the same games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    if args.baseline:
        out = subprocess.run([sys.executable, str(HERE), "--moves", str(args.moves), "--code", str(args.baseline),
                              "--json"], check=True, capture_output=True, text=True, cwd=args.baseline).stdout
        results[f"baseline {args.baseline.name}"] = json.loads(out.strip().splitlines()[-1])
    results["this checkout"] = run(args.code, args.moves)
    if args.json:
        print(json.dumps(results["this checkout"]))
    else:
        report(results)


if __name__ == "__main__":
    main()
