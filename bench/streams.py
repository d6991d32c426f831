"""Another table's page while one browser holds hundreds of streams, before and after the caps
and write time-outs (docs/push.md, "Caps and time-outs"), side by side in the same run.

    .venv/bin/python bench/streams.py                       # about 5 minutes
    .venv/bin/python bench/streams.py --streams 300 --samples 60 --baseline 767b6a3 --port 8451

The production stack on loopback (bench/stack.py): a throw-away PostgreSQL cluster (or
``DATABASE_URL``), gunicorn with ``--workers`` uvicorn workers and the production settings,
started first from ``--baseline`` (a git revision, exported with ``git archive`` into a temporary
directory: the code before the caps), then from this checkout, on the same database.

Per server, one browser (one session cookie, one address) hosts a friends' table whose waiting
room it opens ``--streams`` times; a second browser hosts another table, and its waiting-room
page is fetched ``--samples`` times in a row (a new connection each, as a page load), in three
moments: nobody else streaming (quiet), the ``--streams`` streams open and read (read), and the
same number opened by raw sockets that never read a byte (never read), each measured once the
connections the server holds stopped changing (the openings and the streams they closed done). Each fetch's time, p50
and p95, and how many of the attacker's streams were still open at the end of the moment
(connections the server still held: a dropped never-reading client's is not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stack  # noqa: E402

ROOT = stack.ROOT
BASELINE = "767b6a3"   # main before issue 30's caps and time-outs


class Browser:
    """One browser: its cookies, on plain HTTP saying (as the proxy would) that it came by HTTPS."""

    def __init__(self, port: int):
        self.port, self.cookies = port, {}

    def fetch(self, path: str, form: dict | None = None) -> tuple[int, str, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Cookie": self.cookie(), "X-Forwarded-Proto": "https"}
        body = None
        if form is not None:
            body = urlencode({"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form})
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "Origin": f"https://127.0.0.1:{self.port}"})
        connection.request("POST" if form is not None else "GET", path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.cookies.update({name: morsel.value for name, morsel in SimpleCookie(header).items()})
        return response.status, text, dict(response.headers)

    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def host_a_table(self) -> str:
        self.fetch("/en/friends/new/mogel-motte/")
        status, text, headers = self.fetch("/en/friends/new/mogel-motte/", {
            "name": "Ann", "players": 3, "level": "normal", "pace": "relaxed", "rounds": "single",
            "first_guard": "me", "ant_pile": "discard"})
        assert status == 302, (status, text[:300])
        return headers["Location"]

    def stream_request(self, path: str, page: int) -> bytes:
        return (f"GET {path}stream/?page=bench{page:016d} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Cookie: {self.cookie()}\r\nX-Forwarded-Proto: https\r\n\r\n").encode()


async def _read_forever(port: int, request: bytes) -> None:
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(request)
        while await reader.read(65536):
            pass
    except OSError:
        pass


def _never_read(port: int, request: bytes) -> socket.socket:
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    raw.connect(("127.0.0.1", port))
    raw.sendall(request)
    return raw


def _page_times(victim: Browser, table: str, samples: int) -> list[float]:
    times = []
    for _ in range(samples):
        began = time.perf_counter()
        status, text, _headers = victim.fetch(table)
        times.append((time.perf_counter() - began) * 1000)
        assert status == 200, status
        time.sleep(0.05)
    return times


def _held(port: int) -> int:
    """Connections the server still holds open (its side established): the streams not ended
    (a dropped never-reading client's stays in FIN-WAIT-1, not counted)."""
    done = subprocess.run(["ss", "-Htn", "state", "established", f"( sport = :{port} )"],
                          capture_output=True, text=True, check=True)
    return len(done.stdout.splitlines())


def _settled(port: int, limit_s: float = 120) -> None:
    """Waits until the streams the server holds stop changing (the openings done, the streams
    pushed out ended) for three seconds in a row: the moment measured is the steady one."""
    seen, same, ends = -1, 0, time.monotonic() + limit_s
    while same < 3 and time.monotonic() < ends:
        held = _held(port)
        same = same + 1 if held == seen else 0
        seen = held
        time.sleep(1)


def measure(port: int, args) -> list[dict]:
    """The three moments of one server: quiet, ``--streams`` read, ``--streams`` never read."""
    attacker, victim = Browser(port), Browser(port)
    theirs, table = attacker.host_a_table(), victim.host_a_table()
    rows = [{"moment": "quiet", "times": _page_times(victim, table, args.samples), "open": _held(port)}]

    async def reading():
        tasks = [asyncio.ensure_future(_read_forever(port, attacker.stream_request(theirs, n)))
                 for n in range(args.streams)]
        await asyncio.sleep(args.settle)
        await asyncio.to_thread(_settled, port)
        times = await asyncio.to_thread(_page_times, victim, table, args.samples)
        still = _held(port)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return times, still
    times, still = asyncio.run(reading())
    rows.append({"moment": f"{args.streams} read", "times": times, "open": still})
    time.sleep(args.settle)
    # Pages of their own (the read moment's pages were pushed out: theirs would be refused).
    sockets = [_never_read(port, attacker.stream_request(theirs, args.streams + n)) for n in range(args.streams)]
    time.sleep(args.settle)
    _settled(port)
    times = _page_times(victim, table, args.samples)
    rows.append({"moment": f"{args.streams} never read", "times": times, "open": _held(port)})
    for raw in sockets:
        raw.close()
    time.sleep(args.settle)
    return rows


def _baseline_dir(rev: str) -> str:
    folder = tempfile.mkdtemp(prefix="mogel-streams-base-")
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    os.symlink(ROOT / ".venv", Path(folder) / ".venv")
    return folder


def serve(code: str, args, env: dict, log: Path) -> list[dict]:
    """Runs gunicorn from ``code`` and measures it."""
    subprocess.run([stack.PY, "manage.py", "compilecatalogues"], cwd=code, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    with log.open("w") as out:
        process = subprocess.Popen([str(Path(stack.PY).with_name("gunicorn")), "--bind", f"127.0.0.1:{args.port}"],
                                   cwd=code, env={**env, "WEB_CONCURRENCY": str(args.workers)},
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", args.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        return measure(args.port, args)
    finally:
        os.killpg(process.pid, 9)
        process.wait()


def report(results: dict, args) -> None:
    print(f"\nAnother table's waiting-room page (ms) while one browser holds {args.streams} streams, "
          f"gunicorn with {args.workers} uvicorn workers, PostgreSQL, {args.samples} fetches per row")
    print("| code | moment | p50 | p95 | attacker's streams still open |")
    print("| --- | --- | ---: | ---: | ---: |")
    for code, rows in results.items():
        for row in rows:
            print(f"| {code} | {row['moment']} | {stack.percentile(row['times'], 50):,.0f} "
                  f"| {stack.percentile(row['times'], 95):,.0f} | {row['open']} |")


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=8451)
    parser.add_argument("--settle", type=float, default=5.0, help="seconds after opening or closing streams")
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the code before")
    return parser.parse_args(argv)


def main() -> None:
    args = parse(sys.argv[1:])
    if "DATABASE_URL" not in os.environ:
        sys.exit(subprocess.run([stack.PY, "scripts/postgres.py", "run", "--", stack.PY, __file__, *sys.argv[1:]],
                                cwd=ROOT).returncode)
    os.environ.setdefault("DJANGO_STATIC_ROOT", tempfile.mkdtemp(prefix="mogel-streams-static-"))
    env = {**stack.production_env(os.environ["DATABASE_URL"]), "DJANGO_ASGI": "1"}
    stack.manage(env, "migrate", "--noinput")
    stack.manage(env, "loadcontent")
    stack.manage(env, "collectstatic", "--noinput")
    logs = Path(tempfile.mkdtemp(prefix="mogel-streams-logs-"))
    results = {f"before ({args.baseline})": serve(_baseline_dir(args.baseline), args, env, logs / "before.log"),
               "now": serve(str(ROOT), args, env, logs / "now.log")}
    report(results, args)
    print(f"The servers' logs: {logs}")


if __name__ == "__main__":
    main()
