"""People at a running site, in a process of their own on the database DATABASE_URL names
(tests/deploy/test_backup.py runs it before a dump and again on the restored copy).

    python -m tests.deploy.backup_play start STATE    # a practice game and a friends' table, played partway
    python -m tests.deploy.backup_play play STATE     # a few more moves at each
    python -m tests.deploy.backup_play read STATE     # print the games' rows and logs only

STATE is a JSON file: each browser's cookies, each game's address and the server clock, kept
from one process to the next (the clock is a fake one, as the tests' clock fixture, so that
bots move when the script lets time pass, not when a machine happens to be slow). Each step
writes the games as the database has them to STATE.out, as JSON: version, engine state, seats' versions
and the whole event log; ``play`` adds the status of every move it made and the versions its
answers showed.
"""

import json
import re
import sys

import django

LOBBY = "/en/play/"
PRACTICE = {"name": "Ann", "players": 3, "level": "normal", "pace": "normal", "rounds": "full", "ant_pile": "discard"}
FRIENDS = "/en/friends/new/mogelei/"
TABLE = {"name": "Host", "players": 4, "level": "normal", "pace": "normal", "games": 5, "dealer": "right"}
ACTION = re.compile(r'name="action" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
MOVES_PER_STEP = 6


def client_of(cookies: dict):
    from django.test import Client
    client = Client()
    for name, value in cookies.items():
        client.cookies[name] = value
    return client


def cookies_of(client) -> dict:
    return {name: morsel.value for name, morsel in client.cookies.items()}


def start(state: dict) -> None:
    from django.test import Client
    ann = Client()
    answer = ann.post(LOBBY, PRACTICE)
    assert answer.status_code == 302, answer.content.decode()[-1500:]
    practice = answer.url
    host, guest = Client(), Client()
    answer = host.post(FRIENDS, TABLE)
    assert answer.status_code == 302, answer.content.decode()[-1500:]
    table = answer.url
    assert guest.post(table + "sit/", {"name": "Bea"}).status_code == 302
    for op in ({"op": "bot", "seat": "all"}, {"op": "start"}):
        assert host.post(table + "host/", op).status_code == 302
    state["games"] = {"practice": {"url": practice, "people": [cookies_of(ann)]},
                      "friends": {"url": table, "people": [cookies_of(host), cookies_of(guest)]}}


def play(state: dict, clock) -> list[dict]:
    """MOVES_PER_STEP moves at each game by whoever is offered one, time running meanwhile (bounded)."""
    made = []
    for name, game in state["games"].items():
        clients = [client_of(cookies) for cookies in game["people"]]
        moves = 0
        for _ in range(200):
            if moves == MOVES_PER_STEP:
                break
            clock.tick(700)
            for client in clients:
                page = client.get(game["url"]).content.decode()
                offered = [a for a in ACTION.findall(page) if not a.startswith(("cheat", "catch", "accuse"))]
                if offered and moves < MOVES_PER_STEP:
                    before = int(VERSION.search(page).group(1))
                    answer = client.post(game["url"] + "act/", {"action": offered[0], "version": before},
                                         HTTP_HX_REQUEST="true")
                    after = VERSION.search(answer.content.decode())
                    made.append({"game": name, "action": offered[0], "status": answer.status_code, "before": before,
                                 "after": int(after.group(1)) if after else None})
                    moves += 1
        game["people"] = [cookies_of(client) for client in clients]
    return made


def games(state: dict) -> dict:
    """Each game's row and log as the database has them."""
    from mogel.friends.models import Table
    from mogel.play.models import PracticeGame
    found = {}
    for name, game in state["games"].items():
        key = game["url"].rstrip("/").rsplit("/", 1)[-1]
        row = Table.objects.get(code=key).game if name == "friends" else PracticeGame.objects.get(pk=key)
        found[name] = {"version": row.version, "state": json.loads(row.state), "publics": row.publics,
                       "public_version": row.public_version, "over": row.over, "log": row.stored_log(),
                       "seat_events": list(row.seat_events.order_by("seat", "index").values_list("seat", "index", "public"))}
    return found


def main(step: str, path: str) -> None:
    django.setup()
    from django.conf import settings
    from django.test.utils import setup_test_environment

    from mogel.play import service
    from tests.platform.play_helpers import Clock
    setup_test_environment()                      # the test client's host, as in the tests
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9       # the pages stay at the table while time runs
    try:
        with open(path) as f:
            state = json.load(f)
    except FileNotFoundError:
        state = {}
    clock = Clock()
    clock.ms = state.get("clock_ms", clock.ms)
    service.wall_ms = clock
    made = []
    if step == "start":
        start(state)
    if step in ("start", "play"):
        made = play(state, clock)
    state["clock_ms"] = clock.ms
    with open(path, "w") as f:
        json.dump(state, f)
    with open(f"{path}.out", "w") as f:
        json.dump({"games": games(state), "moves": made}, f)


if __name__ == "__main__":
    main(*sys.argv[1:3])
