"""What a replay step costs the server, beside replaying the whole game in the engine alone.

    .venv/bin/python bench/replay.py [--repeat 7]

Each request for a replay step plays the game again from its deal through every stored event
(``mogel.play.replay.at_step``: one pass, the step's game copied on the way), then draws the
kind's table. This plays one long random game per kind (Mogel Motte: 5 players, every round;
Mogelei: 5 players, a match of 5 games), stores it as a finished practice game in a throw-away
SQLite database, and prints medians side by side: the engine's own replay of the whole log
(the baseline, no database), ``at_step`` at the first, middle and last step, and the whole
shared page and its htmx fragment through Django's test client (middleware, templates).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mogel.settings")


def _setup(db: str) -> None:
    import django
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = db
    settings.ALLOWED_HOSTS = ["*"]
    settings.DEBUG = False
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _long_games():
    """(kind key, the game as dealt, the finished game) for each kind, from random play."""
    from games.mogel_motte.engine.game import Game as Motte
    from games.mogel_motte.engine.simulate import random_game as motte_game
    from games.mogelei.engine.game import Game as Mogelei
    from games.mogelei.engine.simulate import random_game as mogelei_game

    motte, _steps = motte_game(5, 11, rounds="full")
    mogelei, _moves = mogelei_game(5, 11, games=5)
    return [("mogel-motte", Motte.new(5, 11, rounds="full"), motte), ("mogelei", Mogelei.new(5, 11, games=5), mogelei)]


def _store(key: str, start, game):
    from mogel.play.models import PracticeEvent, PracticeGame

    row = PracticeGame.objects.create(kind=key, owner="bench", state=game.to_json(), start_state=start.to_json(),
                                      started_ms=0, player_name="Ann", language="en", over=True)
    rnd, records = 1, []
    for index, event in enumerate(game.log):
        rnd = event.get("round", rnd) if event["code"] == "round_start" else rnd
        records.append(PracticeEvent(game=row, index=index, round=rnd, public=None, shown=True,
                                     event=json.dumps(event, separators=(",", ":"))))
    PracticeEvent.objects.bulk_create(records)
    return row


def _median_ms(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup(str(Path(folder) / "bench.sqlite3"))
        from django.test import Client

        from mogel import games
        from mogel.core.replay import replay
        from mogel.play import replay as replays

        client = Client()
        print(f"{'game':12} {'events':>6} {'steps':>5} {'engine':>8} {'step 0':>8} {'middle':>8} {'last':>8}"
              f" {'page':>8} {'htmx':>8}   (median ms of {args.repeat})")
        for key, start, game in _long_games():
            kind, row = games.get(key), _store(key, start, game)
            log = row.stored_log()
            engine = _median_ms(args.repeat, lambda: replay(kind.from_json(row.start_state), log, kind.replayer))
            last = replays.at_step(row, kind, 0, everyone=True).last
            steps = [_median_ms(args.repeat, lambda n=n: replays.at_step(row, kind, n, everyone=True))
                     for n in (0, last // 2, last)]
            url = kind.url("play", "replay-shared", token=replays.token_of(row), step=last // 2)
            assert client.get(url).status_code == 200
            page = _median_ms(args.repeat, lambda: client.get(url))
            fragment = _median_ms(args.repeat, lambda: client.get(url, HTTP_HX_REQUEST="true"))
            print(f"{key:12} {len(log):>6} {last:>5} {engine:>8.1f} {steps[0]:>8.1f} {steps[1]:>8.1f} {steps[2]:>8.1f}"
                  f" {page:>8.1f} {fragment:>8.1f}")


if __name__ == "__main__":
    main()
