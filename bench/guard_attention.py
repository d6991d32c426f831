"""Does guarding take attention? An attentive guard against one who looks only now and then.

    .venv/bin/python bench/guard_attention.py [--games 30] [--look-ms 3000] [--levels easy normal hard]

Plays seeded practice games through the practice game's own service and view code
(``mogel.play.service.run`` for every poll and move, ``mogel.play.views._context`` for what the
page is told), with a simulated server clock, so a minute of play takes a fraction of a second.
The scripted player (seat 0) holds the Guard Bug first, plays its own cards honestly at a human
pace, slaps and races, and never cheats. Two kinds of guard, on the same seeds:

* **attentive**: sees every tell the moment the table shows it and calls "Caught!" on that seat
  after a reaction time (0.35–0.8 s);
* **glancing**: looks at the table only every ``--look-ms`` (3 s, at a random phase per game);
  it calls "Caught!" only on a seat whose tell is on screen at the moment it looks.

The page polls every ``MOGEL_POLL_MS`` (400 ms) and wakes at the public deadlines the server
names (``data-wake-in``); a tell is on screen from the poll that first shows it, for its
``data-tell-ms`` (by bot level, ``games.mogel_motte.table.bots.TELL_MS``). For comparison the same is played
with the tell as it was before: a badge for as long as the cheat is in the act.

Figures, per bot level and kind of guard: the bots' cheats made while the player held the
Guard Bug, the share the player caught, and the wrong accusations. Asserts nothing. Uses a
throw-away SQLite database.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mogel.settings")

HUMAN_PACE_MS = (700, 1500)   # the scripted player's own plays, draws, gifts, hand-overs
REACT_MS = (350, 800)         # from seeing a tell (or a mosquito) to the tap
RACE_MS = (600, 1300)         # finding the right card for a race
LIMIT_MS = 240_000            # a game that runs longer is cut (none did)
STEP_MS = 50


def setup(db_path: str) -> None:
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = db_path
    # A throw-away database: no waiting for the disk on every move.
    settings.DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = "PRAGMA synchronous=OFF;"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class Page:
    """What the player's browser knows: its version, and the tells it has shown (id: start, ms, seat)."""

    def __init__(self, version: int):
        self.version = version
        self.tells: dict[str, tuple[int, int, int]] = {}
        self.legal: list[str] = []
        self.hold = False
        self.wake_at: int | None = None

    def show(self, context: dict, t: int) -> None:
        self.version = context["version"]
        for seat in context["seats"]:
            tell = seat["tell"]
            if tell and tell["visible"] and tell["id"] not in self.tells:
                self.tells[tell["id"]] = (t, tell["remaining_ms"], seat["seat"])
        self.hold = bool(context.get("hold"))
        wake = context.get("wake_in_ms")
        self.wake_at = None if wake is None else t + wake


def human_move(legal: list[str], hold: bool, rng: random.Random) -> tuple[str, int] | None:
    """The scripted player's own move and its delay: a slap or race at once, else a card at a human pace."""
    if hold:
        return "continue", rng.randint(*HUMAN_PACE_MS)
    for action in legal:
        if action == "slap":
            return action, rng.randint(*REACT_MS)
    for action in legal:
        if action.startswith("race "):
            return action, rng.randint(*RACE_MS)
    for verb in ("play ", "give ", "hand ", "draw", "keep"):
        for action in legal:
            if action.startswith(verb):
                return action, rng.randint(*HUMAN_PACE_MS)
    return None


def play(seed: int, level: str, guard: str, look_ms: int, old_tell: bool) -> dict:
    from django.test import RequestFactory
    from django.utils import translation

    from mogel import games
    from mogel.play import service, views
    from games.mogel_motte.table import bots
    from mogel.play.models import PracticeGame

    translation.activate("en")
    rng = random.Random(f"{seed}:{guard}")
    phase = rng.randrange(look_ms)
    start = 1_700_000_000_000
    now = {"t": 0}
    service.wall_ms = lambda: start + now["t"]
    saved_tell_ms = dict(bots.TELL_MS)
    if old_tell:
        for key in bots.TELL_MS:
            bots.TELL_MS[key] = None
    request = RequestFactory().get("/")
    try:
        from django.conf import settings

        settings.MOGEL_PLAY_SEED = seed
        # The simulated page stays at the table, but its "nothing new" polls are not simulated:
        # without them the game would pause between two real requests (docs/platform.md).
        settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9
        row = service.start(games.get("mogel-motte"), "bench", players=3, level=level, pace="normal", player_name="Ann",
                            choices={"rounds": "single", "first_guard": "me", "ant_pile": "discard"})
        turn, _refusal = service.run(row.pk, "bench")
        page = Page(turn.row.public_version)
        page.show(views._context(request, turn), 0)
        page.legal = turn.game.legal_actions(service.HUMAN)
        server_wake = turn.row.wake_ms
        plan: tuple[str, int] | None = None      # the player's own next move and when
        calls: dict[int, int] = {}               # seat -> when the player calls Caught! on it
        called: set[str] = set()
        next_poll = 400
        poll_ms = views._poll_ms()
        t = 0
        while t < LIMIT_MS:
            t += STEP_MS
            now["t"] = t
            polling = t >= next_poll or (page.wake_at is not None and t >= page.wake_at)
            if polling:
                next_poll = t + poll_ms
                page.wake_at = None
            # The poll's own shortcut: while nothing is due on the server, nothing is new.
            if polling and server_wake is not None and t >= server_wake:
                turn, _refusal = service.run(row.pk, "bench")
                server_wake = turn.row.wake_ms
                if turn.row.public_version != page.version:
                    page.show(views._context(request, turn, client_version=page.version), t)
                else:
                    wake = views._wake_in(turn)
                    page.wake_at = None if wake is None else t + wake
                page.legal = [] if turn.row.hold else turn.game.legal_actions(service.HUMAN)
                page.hold = turn.row.hold
                if turn.game.over:
                    break
            # The guard's eyes: every tell as it shows, or only what is on screen at a glance.
            if guard == "attentive" or (t - phase) % look_ms < STEP_MS:
                watch(page, t, called, calls, rng)
            action, plan = decide(page, t, calls, plan, rng)
            if action is None:
                continue
            turn, refusal = service.run(row.pk, "bench", action=action, posted_version=page.version)
            server_wake = turn.row.wake_ms
            page.show(views._context(request, turn, client_version=page.version), t)
            page.legal = [] if turn.row.hold else turn.game.legal_actions(service.HUMAN)
            page.hold = turn.row.hold
            if isinstance(refusal, service.Stale) and action.startswith("catch "):
                calls[int(action.split()[1])] = t + 300    # the table had changed: tap again
            plan = None
            if turn.game.over:
                break
        return tally(PracticeGame.objects.get(pk=row.pk).stored_log(), len(page.tells))
    finally:
        bots.TELL_MS.update(saved_tell_ms)


def watch(page: Page, t: int, called: set[str], calls: dict[int, int], rng: random.Random) -> None:
    """The guard looks: each tell on screen now, not yet acted on, gets a Caught! after a reaction."""
    for tell_id, (since, ms, seat) in page.tells.items():
        if tell_id not in called and since <= t < since + ms:
            called.add(tell_id)
            calls.setdefault(seat, t + rng.randint(*REACT_MS))


def decide(page: Page, t: int, calls: dict[int, int], plan, rng: random.Random):
    """The player's action at ``t`` (a due Caught!, else the planned move once due) and the plan left."""
    due = [s for s, at in calls.items() if at <= t]
    if due:
        action = f"catch {due[0]}"
        del calls[due[0]]
        if action in page.legal:
            return action, plan
    if plan is None:
        move = human_move(page.legal, page.hold, rng)
        plan = (move[0], t + move[1]) if move else None
    if plan is not None and plan[1] <= t:
        return plan[0], None
    return None, plan


def tally(log: list[dict], tells_shown: int) -> dict:
    """Bot cheats while the player held the Guard Bug, the player's catches and wrong accusations."""
    guard, cheats, caught, wrong = None, 0, 0, 0
    for e in log:
        code = e["code"]
        if code == "round_start":
            guard = e["guard"]
        elif code == "guard_moved":
            guard = e["seat"]
        elif code == "cheated" and e["seat"] != 0 and guard == 0:
            cheats += 1
        elif code == "caught" and e["seat"] == 0:
            caught += 1
        elif code == "wrong_accusation" and e["seat"] == 0:
            wrong += 1
    return {"cheats": cheats, "caught": caught, "wrong": wrong, "tells": tells_shown}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--look-ms", type=int, default=3000)
    parser.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    parser.add_argument("--seed", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        setup(str(Path(tmp) / "bench.sqlite3"))
        from games.mogel_motte.table import bots

        print(f"{args.games} one-round games per row, 3 players, bots' pace normal; the player guards first; "
              f"glancing = a look every {args.look_ms / 1000:g} s")
        print(f"{'level':7} {'tell':22} {'guard':10} {'cheats':>6} {'caught':>7} {'rate':>6} {'wrong':>6}")
        for level in args.levels:
            for old in (False, True):
                label = "badge for the act" if old else f"movement {bots.TELL_MS[level] / 1000:g} s"
                for guard in ("attentive", "glancing"):
                    totals = {"cheats": 0, "caught": 0, "wrong": 0, "tells": 0}
                    for i in range(args.games):
                        result = play(args.seed + i, level, guard, args.look_ms, old)
                        for key in totals:
                            totals[key] += result[key]
                    rate = totals["caught"] / totals["cheats"] if totals["cheats"] else float("nan")
                    print(f"{level:7} {label:22} {guard:10} {totals['cheats']:6d} {totals['caught']:7d} "
                          f"{rate:6.2f} {totals['wrong']:6d}", flush=True)


if __name__ == "__main__":
    main()
