"""How many players one small server holds: the production stack under simulated players.

    .venv/bin/python bench/load.py                      # the full matrix, about 15 minutes
    .venv/bin/python bench/load.py --seconds 20 --players 50 --workers 2 --databases sqlite

Starts gunicorn with the production settings (DEBUG off, a real secret, behind a TLS proxy as
far as Django can tell) on loopback, on a throw-away PostgreSQL cluster
(``scripts/postgres.py``) and, side by side in the same run, on a throw-away SQLite file. For
each database, worker count and player count, that many simulated players (threads, each with
its own loopback source address, as separate browsers would have) each start a game in the
lobby and play it for ``--seconds``: they poll as the page does (every poll interval, and when
the table's ``data-wake-in`` says something is due), and when the table offers them a move
they make one after a human-like pause. A finished game is followed by a new one.

Printed per run: requests per second, client-side p50/p95/p99 per kind (poll with nothing
new, poll with a new table, move), errors (5xx and failed connections; target 0), refusals
(4xx, e.g. a move on a table a bot had just changed) and server CPU per request (gunicorn's
workers plus the database server's processes, from /proc). Loopback only; every loop is bounded
in time and stops by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
CLK_TCK = os.sysconf("SC_CLK_TCK")
KINDS = ("poll (nothing new)", "poll (new table)", "move", "lobby")


# -- the server side ---------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def production_env(database_url: str) -> dict:
    static_root = os.environ.get("DJANGO_STATIC_ROOT") or tempfile.mkdtemp(prefix="mogel-load-static-")
    os.makedirs(static_root, exist_ok=True)
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mogel.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        # The players speak plain HTTP on loopback but say, as the TLS proxy would, that the
        # browser used HTTPS: the site runs exactly as deployed, redirects and secure cookies included.
        "DJANGO_BEHIND_PROXY": "1",
        "DATABASE_URL": database_url,
        # The polling page on sync workers, as before push (gunicorn.conf.py now defaults to ASGI).
        "DJANGO_ASGI": "0", "DJANGO_PUSH": "0",
        # Hashed, compressed static files, as collectstatic leaves them on a real server.
        "DJANGO_STATIC_ROOT": static_root,
    }


def manage(env: dict, *args: str) -> None:
    subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def cpu_seconds(root_pids: list[int]) -> float:
    """User + system CPU of these processes and all their descendants that are alive now."""
    total, todo, seen = 0, list(root_pids), set()
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError):
            continue
        todo.extend(_children(pid))
    return total / CLK_TCK


def postmaster_pid(database_url: str) -> list[int]:
    """The PostgreSQL server's main process, found by the port it listens on."""
    port = re.search(r":(\d+)/", database_url)
    if not port:
        return []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")
        except OSError:
            continue
        if cmd and cmd[0].endswith(b"postgres") and b"-p" in cmd and port.group(1).encode() in cmd:
            return [int(pid)]
    # Started without -p on its command line: the parent of every postgres process listening.
    pids = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError):
                with open(f"/proc/{pid}/comm") as f:
                    if f.read().strip() == "postgres":
                        with open(f"/proc/{pid}/stat") as s:
                            ppid = int(s.read().rsplit(")", 1)[1].split()[1])
                        with open(f"/proc/{ppid}/comm") as p:
                            if p.read().strip() != "postgres":
                                pids.append(int(pid))
    return pids


@contextlib.contextmanager
def gunicorn(env: dict, workers: int):
    port = free_port()
    server = subprocess.Popen(
        [str(Path(PY).with_name("gunicorn")), "mogel.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--worker-class", "sync", "--log-level", "warning", "--access-logfile", "/dev/null",
         "--error-logfile", "-"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                conn.request("GET", "/healthz")
                conn.getresponse().read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("gunicorn did not start")
        yield port, server.pid
    finally:
        server.terminate()
        server.wait(timeout=20)


# -- the simulated players -----------------------------------------------------------------------

class Player(threading.Thread):
    """One browser: its own cookies and loopback address, playing as the table page does."""

    def __init__(self, number: int, port: int, stop: threading.Event, stats: "Stats", poll_ms: int):
        super().__init__(daemon=True)
        self.port, self.stop, self.stats, self.poll_s = port, stop, stats, poll_ms / 1000
        self.rng = random.Random(number)
        self.source = f"127.0.{1 + number // 250}.{1 + number % 250}"
        self.cookies: dict[str, str] = {}

    def request(self, kind: str | None, method: str, url: str, form: dict | None = None, htmx: bool = False):
        headers = {"X-Forwarded-Proto": "https", "Host": "127.0.0.1",
                   "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Referer"] = f"https://127.0.0.1{url}"
        if htmx:
            headers["HX-Request"] = "true"
        started = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                              source_address=(self.source, 0))
            conn.request(method, url, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read().decode()
            conn.close()
        except OSError as error:
            self.stats.error(kind or "setup", repr(error))
            return None, {}, ""
        elapsed = time.perf_counter() - started
        for value in response.headers.get_all("Set-Cookie") or []:
            for key, morsel in SimpleCookie(value).items():
                self.cookies[key] = morsel.value
        status = response.status
        if kind == "poll" :
            kind = "poll (nothing new)" if status == 204 else "poll (new table)"
        if kind:
            self.stats.record(kind, elapsed, status)
        return status, response.headers, data

    def start_game(self) -> tuple[str, str] | None:
        self.request(None, "GET", "/en/play/")
        status, headers, _ = self.request("lobby", "POST", "/en/play/", {
            "csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), "name": "Load", "players": 4,
            "level": "normal", "rounds": "full", "ant_pile": "discard"})
        if status != 302:
            return None
        url = headers["Location"].replace("https://127.0.0.1", "")
        status, _, html = self.request(None, "GET", url)
        return (url, html) if status == 200 else None

    def run(self) -> None:
        started = self.start_game()
        while started and not self.stop.is_set():
            url, html = started
            started = self.play(url, html)

    def play(self, url: str, html: str):
        next_poll = time.monotonic() + self.poll_s
        while not self.stop.is_set():
            version = re.search(r'data-version="(\d+)"', html)
            if version is None or "table--over" in html:
                return self.start_game()
            wake = re.search(r'data-wake-in="(\d+)"', html)
            if wake:
                next_poll = min(next_poll, time.monotonic() + int(wake.group(1)) / 1000)
            moves = [a for a in re.findall(r'name="action" value="([^"]+)"', html)
                     if not a.startswith(("catch", "cheat"))]
            if moves:
                # A person needs a moment to see the table and choose.
                if self.stop.wait(self.rng.uniform(0.3, 0.8)):
                    return None
                form = {"action": self.rng.choice(moves), "version": version.group(1)}
                if form["action"].startswith("give "):
                    to = re.search(r'name="to" value="(\d+)"', html)
                    form["to"] = to.group(1) if to else "1"
                status, _, body = self.request("move", "POST", url + "act/", form, htmx=True)
                if body and status is not None and status < 500:
                    html = body
                next_poll = time.monotonic() + self.poll_s
                continue
            pause = next_poll - time.monotonic()
            if pause > 0 and self.stop.wait(pause):
                return None
            next_poll = time.monotonic() + self.poll_s
            status, _, body = self.request("poll", "GET", url + "poll/?" + urlencode({"version": version.group(1)}),
                                           htmx=True)
            if status in (200, 286) and body:
                html = body
        return None


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {k: [] for k in KINDS}
        self.errors: dict[str, int] = {}
        self.refusals: dict[str, int] = {}
        self.samples: list[str] = []
        self.counting = False

    def record(self, kind: str, seconds: float, status: int) -> None:
        with self.lock:
            if not self.counting:
                return
            self.times[kind].append(seconds * 1000)
            if status >= 500:
                self.errors[kind] = self.errors.get(kind, 0) + 1
                if len(self.samples) < 5:
                    self.samples.append(f"{kind}: HTTP {status}")
            elif 400 <= status < 500:
                self.refusals[kind] = self.refusals.get(kind, 0) + 1

    def error(self, kind: str, what: str) -> None:
        with self.lock:
            if self.counting:
                self.errors[kind] = self.errors.get(kind, 0) + 1
                if len(self.samples) < 5:
                    self.samples.append(f"{kind}: {what}")


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


def one_run(env: dict, database: str, workers: int, players: int, seconds: float, warmup: float,
            poll_ms: int, db_pids: list[int]) -> dict:
    with gunicorn(env, workers) as (port, master):
        stats, stop = Stats(), threading.Event()
        crowd = [Player(n, port, stop, stats, poll_ms) for n in range(players)]
        for n, player in enumerate(crowd):
            player.start()
            time.sleep(min(0.01, warmup / players))  # arrivals spread out, not one burst
        time.sleep(warmup)
        server_cpu0 = cpu_seconds([master]) + cpu_seconds(db_pids)
        client_cpu0 = time.process_time()
        with stats.lock:
            stats.counting = True
        started = time.monotonic()
        time.sleep(seconds)
        with stats.lock:
            stats.counting = False
        wall = time.monotonic() - started
        server_cpu = cpu_seconds([master]) + cpu_seconds(db_pids) - server_cpu0
        client_cpu = time.process_time() - client_cpu0
        stop.set()
        for player in crowd:
            player.join(timeout=35)
    requests = sum(len(v) for v in stats.times.values())
    return {
        "database": database, "workers": workers, "players": players, "seconds": round(wall, 1),
        "requests": requests, "rps": requests / wall,
        "server_cpu_ms_per_request": 1000 * server_cpu / max(1, requests),
        "server_cpu_share": server_cpu / wall / (os.cpu_count() or 1),
        "client_cpu_share": client_cpu / wall / (os.cpu_count() or 1),
        "kinds": {k: {"n": len(v), "p50": percentile(v, 50), "p95": percentile(v, 95), "p99": percentile(v, 99)}
                  for k, v in stats.times.items() if v},
        "errors": sum(stats.errors.values()), "error_samples": stats.samples,
        "refusals": dict(stats.refusals),
    }


def run_matrix(database: str, database_url: str, args) -> list[dict]:
    """Every worker and player count on one database; the database is emptied between runs."""
    env = production_env(database_url)
    manage(env, "migrate", "--noinput")
    manage(env, "loadcontent")
    manage(env, "collectstatic", "--noinput")
    poll_ms = int(subprocess.run(
        [PY, "-c", "import django; django.setup(); from django.conf import settings; print(settings.MOGEL_POLL_MS)"],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout.strip())
    db_pids = postmaster_pid(database_url) if database == "postgres" else []
    results = []
    for workers in args.workers:
        for players in args.players:
            manage(env, "prunegames", "--finished-days", "0", "--idle-days", "0")
            print(f"  {database}: {workers} workers, {players} players …", file=sys.stderr, flush=True)
            results.append(one_run(env, database, workers, players, args.seconds, args.warmup, poll_ms, db_pids))
    return results


def print_results(results: list[dict]) -> None:
    print(f"\nProduction settings under gunicorn (sync workers) on loopback; client-side ms; "
          f"{os.cpu_count()} cores shared by the players, gunicorn and the database.")
    header = (f"{'db':<9}{'wrk':>4}{'players':>8}{'req/s':>8}{'errors':>7}{'cpu ms/req':>11}{'cpu%':>6}"
              f"  {'kind':<19}{'n':>7}{'p50':>8}{'p95':>8}{'p99':>8}")
    print(header)
    print("-" * len(header))
    for r in results:
        first = True
        for kind in KINDS:
            k = r["kinds"].get(kind)
            if k is None:
                continue
            lead = (f"{r['database']:<9}{r['workers']:>4}{r['players']:>8}{r['rps']:>8.0f}{r['errors']:>7}"
                    f"{r['server_cpu_ms_per_request']:>11.2f}{100 * r['server_cpu_share']:>5.0f}%") if first else " " * 53
            print(f"{lead}  {kind:<19}{k['n']:>7}{k['p50']:>8.1f}{k['p95']:>8.1f}{k['p99']:>8.1f}")
            first = False
        if r["errors"]:
            print(f"{'':<53}  errors: {'; '.join(r['error_samples'])}")
        if r["refusals"]:
            print(f"{'':<53}  refusals (4xx): {r['refusals']}")
    print("cpu%: gunicorn + database CPU over the machine's capacity; the players' own CPU "
          f"was {', '.join(str(round(100 * r['client_cpu_share'])) + '%' for r in results)}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=5, help="seconds of play before measuring")
    parser.add_argument("--players", type=lambda s: [int(x) for x in s.split(",")], default=[50, 100, 200])
    parser.add_argument("--workers", type=lambda s: [int(x) for x in s.split(",")], default=[2, 4])
    parser.add_argument("--databases", type=lambda s: s.split(","), default=["postgres", "sqlite"])
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--only-this-database", help=argparse.SUPPRESS)  # set when re-run inside a cluster
    args = parser.parse_args()

    if args.only_this_database:
        results = run_matrix(args.only_this_database, os.environ["DATABASE_URL"], args)
        Path(args.json).write_text(json.dumps(results))
        return

    results = []
    tmp = Path(tempfile.mkdtemp(prefix="mogel-load-"))
    os.environ["DJANGO_STATIC_ROOT"] = str(tmp / "static")
    try:
        for database in args.databases:
            out = tmp / f"{database}.json"
            inner = [PY, __file__, "--only-this-database", database, "--json", str(out),
                     "--seconds", str(args.seconds), "--warmup", str(args.warmup),
                     "--players", ",".join(map(str, args.players)), "--workers", ",".join(map(str, args.workers))]
            if database == "postgres":
                subprocess.run([PY, "scripts/postgres.py", "run", "--", *inner], cwd=ROOT, check=True)
            else:
                env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp / 'load.sqlite3'}"}
                subprocess.run(inner, cwd=ROOT, env=env, check=True)
            results += json.loads(out.read_text())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print_results(results)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
