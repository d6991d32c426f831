"""Push latency: a move posted to one server process, seen by the page's stream at another.

    .venv/bin/python bench/push.py                       # 60 players, 30 s per mode (about 2 minutes)
    .venv/bin/python bench/push.py --players 200 --seconds 30

Starts two server processes on loopback with the production settings (gunicorn with one
uvicorn worker each, as README's "Push in production" says) on a throw-away PostgreSQL
cluster (``scripts/postgres.py``), and runs the same players twice, side by side in one run:

- ``poll``: today's page (DJANGO_PUSH=0): each player's page polls process B every 400 ms;
- ``push``: each player's page holds one stream open at process B (mogel.push).

Each player starts a game at process A and, whenever its table offers a move, makes one there
after a short human pause. Measured per move: from sending the POST to A until B shows the
page a table of that version or later (a stream's event, or a poll's answer). Printed: moves
measured, p50/p95/p99 of that latency, requests per second that B served, B's CPU per second
(its worker, from /proc), errors (with the first few answers that failed), and the streams B
held open at the end. PUSH_BENCH_LOG=<file>: the servers' output (tracebacks) goes there.
Loopback only; every loop is bounded in time and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stack  # noqa: E402  (the production environment, CPU from /proc, percentiles)

ROOT, PY = stack.ROOT, stack.PY
MOVES = re.compile(r'name="action" value="((?:play|draw|keep|continue|slap|race)[^"]*)"')
VERSION = re.compile(r'data-version="(\d+)"')


# A stream's patch (mogel/table/regions.py, docs/push.md "Patches"): the table's regions, each an
# element stamped data-k (its key) and data-h (its hash), data-fresh if it is news in itself; a
# region the patch keeps is a stub. Regions never nest, so each ends at its tag's matching close.
REGION = re.compile(r'<(\w+)\b[^>]*?\sdata-k="([^"]+)" data-h="([0-9a-f]+)"( data-fresh)?[^>]*>')
STUB = re.compile(r'<template data-keep="([^"]+)" data-h="([0-9a-f]+)"></template>')
SECTION = re.compile(r'<section\b[^>]*\bid="table"[^>]*>')


def _regions(html: str, start: int, stop: int) -> list[tuple[str, str, bool, int, int]]:
    """(key, hash, fresh, start, end) of each region between ``start`` and ``stop``, in order."""
    found, at = [], start
    while (match := REGION.search(html, at, stop)) is not None:
        tag, depth, end = match.group(1), 1, match.end()
        opening, closing = re.compile(f"<{tag}\\b"), f"</{tag}>"
        while depth:
            close = html.find(closing, end)
            if close < 0:
                raise ValueError(f"region {match.group(2)} never ends")
            depth += len(opening.findall(html, end, close)) - 1
            end = close + len(closing)
        found.append((match.group(2), match.group(3), bool(match.group(4)), match.start(), end))
        at = end
    return found


def patched(html: str, patch: str) -> str | None:
    """The page ``html`` after ``patch``, as table/patch.js applies it to the table, or None when
    it does not fit (other regions, or a kept one that is not the one the page shows): the
    page then asks for the whole table, as a browser's does. Plain text work, no parser: a load
    generator applies a thousand patches a second."""
    section, head = SECTION.search(html), SECTION.search(patch)
    if section is None or head is None:
        return None
    body, end = patch.index("</section>", head.end()), patch.rfind("</template>")
    found = [(start, (key, digest, fresh, patch[start:stop])) for key, digest, fresh, start, stop in _regions(patch, body, end)]
    found += [(stub.start(), (stub.group(1), stub.group(2), False, None)) for stub in STUB.finditer(patch, body, end)]
    parts = [part for _at, part in sorted(found)]
    live = _regions(html, section.end(), len(html))
    shown = {key: digest for key, digest, *_ in live}
    if [k for k, _d, fresh, *_ in live if not fresh] != [k for k, _d, fresh, _m in parts if not fresh]:
        return None
    if any(markup is None and shown[key] != digest for key, digest, _f, markup in parts):
        return None
    out, cursor, pending = [html[:section.start()], head.group(0)], section.end(), list(parts)
    for _key, _digest, fresh, start, stop in live:
        out.append(html[cursor:start])
        cursor = stop
        if fresh:   # the page's news in itself goes; the patch's comes before the next region
            continue
        while pending[0][2]:
            out.append(pending.pop(0)[3])
        markup = pending.pop(0)[3]
        out.append(html[start:stop] if markup is None else markup)
    out.append(html[cursor:])
    return "".join(out)


class Page:
    """One browser at the table: its cookies, its address, what it was last shown."""

    def __init__(self, number: int):
        self.cookies: dict[str, str] = {}
        self.address = f"127.0.{1 + number // 250}.{1 + number % 250}"
        self.url, self.html, self.version = "", "", -1
        self.shown = asyncio.Event()
        # The page's own id, as table.js draws it at each load and sends it with its htmx
        # requests (mogel/play/echo.py); None: a page that sends none.
        self.page_id: str | None = None

    def took(self, name: str, data: str) -> str | None:
        """The page a stream's event leaves: its table, or after a patch the page's own table
        patched; None for a patch that does not fit (the page then asks for the whole table)."""
        return patched(self.html, data) if name == "patch" else data

    def saw(self, html: str) -> None:
        found = VERSION.search(html)
        if found and int(found.group(1)) >= self.version:
            self.html, self.version = html, int(found.group(1))
            self.shown.set()

    async def request(self, port, method, path, form=None, htmx=False):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        body = urlencode({"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form}) if form else ""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close", "X-Forwarded-Proto: https",
                f"X-Forwarded-For: {self.address}", f"Origin: https://127.0.0.1:{port}",
                "Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items())]
        if htmx:
            head.append("HX-Request: true")
        if htmx and self.page_id:
            head.append(f"X-Table-Page: {self.page_id}")
        if form:
            head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        writer.write(("\r\n".join(head) + "\r\n\r\n" + body).encode())
        status, headers = await self.headers(reader)
        data = await reader.read()
        writer.close()
        return status, headers, data.decode(errors="replace")

    async def headers(self, reader):
        status = int((await reader.readline()).split()[1])
        headers = {}
        while (line := (await reader.readline()).decode().strip()):
            name, _, value = line.partition(":")
            headers.setdefault(name.lower(), []).append(value.strip())
            if name.lower() == "set-cookie":
                key, _, rest = value.strip().partition("=")
                self.cookies[key] = rest.split(";")[0]
        return status, headers


def location(headers: dict, port: int) -> str:
    """The path a redirect's Location names (the site answers with an absolute https address)."""
    return headers["location"][0].split("127.0.0.1", 1)[-1].split(f":{port}", 1)[-1]


async def start_game(page: Page, port: int, players: int = 3) -> None:
    await page.request(port, "GET", "/en/play/")
    status, headers, _body = await page.request(port, "POST", "/en/play/", {
        "name": "Ann", "players": players, "level": "normal", "pace": "normal", "rounds": "full", "ant_pile": "discard"})
    assert status == 302, (status, _body[-1500:])
    page.url = location(headers, port)
    _, _, html = await page.request(port, "GET", page.url)
    page.saw(html)


async def open_stream(page: Page, port: int, path: str, gzip: bool = False, last_event_id: str | None = None):
    """A page's stream request (as the browser's EventSource sends it, with the id of the last event
    it got when it reconnects): reader, writer, status, headers."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "X-Forwarded-Proto: https",
            f"X-Forwarded-For: {page.address}", "Accept: text/event-stream",
            "Cookie: " + "; ".join(f"{k}={v}" for k, v in page.cookies.items())]
    if gzip:
        head.append("Accept-Encoding: gzip")
    if last_event_id is not None:
        head.append(f"Last-Event-ID: {last_event_id}")
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
    try:
        status, headers = await page.headers(reader)
    except (OSError, ValueError, IndexError):
        writer.close()
        raise
    return reader, writer, status, headers


async def _body(reader, headers: dict, until: float | None):
    """The answer's bytes as they come: chunked transfer and gzip undone."""
    chunked = "chunked" in " ".join(headers.get("transfer-encoding", []))
    unzip = zlib.decompressobj(31) if "gzip" in " ".join(headers.get("content-encoding", [])) else None

    async def read(call):
        return await (call if until is None else asyncio.wait_for(call, max(0.1, until - time.monotonic())))
    while until is None or time.monotonic() < until:
        if chunked:
            size = int((await read(reader.readline())).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                return
            data = (await read(reader.readexactly(size + 2)))[:-2]
        else:
            data = await read(reader.read(65536))
            if not data:
                return
        yield unzip.decompress(data) if unzip else data


async def events(reader, headers: dict, until: float | None = None, ids: bool = False):
    """A stream's server-sent events as (name, data) until it ends (or ``until``, a monotonic time);
    with ``ids``, as (name, data, id), id None for an event without one."""
    text, decode = "", codecs.getincrementaldecoder("utf-8")(errors="replace")
    try:
        async for data in _body(reader, headers, until):
            text += decode.decode(data)
            *blocks, text = text.split("\n\n")
            for block in blocks:
                lines = block.split("\n")
                name = next((line[7:] for line in lines if line.startswith("event: ")), "message")
                data = "\n".join(line[6:] for line in lines if line.startswith("data: "))
                if data or name != "message":
                    if ids:
                        yield name, data, next((line[4:] for line in lines if line.startswith("id: ")), None)
                    else:
                        yield name, data
    except (TimeoutError, asyncio.TimeoutError, asyncio.IncompleteReadError, OSError):
        return


async def stream(page: Page, port: int, stats: dict, until: float) -> None:
    """The page's stream at B: every event's table is what the page shows next."""
    reader, writer, status, headers = await open_stream(page, port, f"{page.url}stream/?version={page.version}")
    if status != 200:
        stats["errors"] += 1
        writer.close()
        return
    stats["streams"] += 1
    try:
        async for name, data in events(reader, headers, until):
            if data:
                shown = page.took(name, data)
                if shown is None:   # as table.js does: the whole table, by the page's poll
                    _status, _headers, shown = await page.request(port, "GET", f"{page.url}poll/?version={page.version}",
                                                                  htmx=True)
                page.saw(shown)
    finally:
        writer.close()


async def poll(page: Page, port: int, stats: dict, until: float) -> None:
    """Today's page at B: a poll every 400 ms."""
    while time.monotonic() < until:
        status, _headers, html = await page.request(port, "GET", f"{page.url}poll/?version={page.version}", htmx=True)
        stats["requests"] += 1
        if status >= 500:
            stats["errors"] += 1
            stats.setdefault("failed", []).append((status, html[:200]))
        elif status == 200:
            page.saw(html)
        await asyncio.sleep(0.4)


async def play(page: Page, port: int, stats: dict, until: float) -> None:
    """Moves at A whenever the table offers one; each timed until B shows its version."""
    while time.monotonic() < until:
        await asyncio.sleep(random.uniform(0.3, 0.8))
        moves = MOVES.findall(page.html)
        if not moves:
            page.shown.clear()
            await asyncio.wait([asyncio.ensure_future(page.shown.wait())], timeout=1.0)
            continue
        sent = time.monotonic()
        status, _headers, html = await page.request(port, "POST", page.url + "act/",
                                                    {"action": moves[0], "version": page.version}, htmx=True)
        found = VERSION.search(html)
        if status >= 500 or not found:
            stats["errors"] += status >= 500
            stats.setdefault("failed", []).append((status, html[:200]))
            continue
        moved = int(found.group(1))
        while page.version < moved and time.monotonic() < until:
            page.shown.clear()
            await asyncio.wait([asyncio.ensure_future(page.shown.wait())], timeout=1.0)
        if page.version >= moved:
            stats["latency"].append(time.monotonic() - sent)


async def run_mode(mode: str, a: int, b: int, b_pid: int, players: int, seconds: float) -> dict:
    pages = [Page(n) for n in range(players)]
    for page in pages:
        await start_game(page, a)
    stats = {"mode": mode, "players": players, "latency": [], "requests": 0, "errors": 0, "streams": 0}
    until = time.monotonic() + seconds
    cpu = stack.cpu_seconds([b_pid])
    watch = stream if mode == "push" else poll
    tasks = [watch(p, b, stats, until) for p in pages] + [play(p, a, stats, until) for p in pages]
    started = time.monotonic()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started
    stats["cpu_per_s"] = (stack.cpu_seconds([b_pid]) - cpu) / elapsed
    stats["requests_per_s"] = stats["requests"] / elapsed
    return stats


def servers(env: dict, count: int = 2, workers: int = 1, log: str | None = None, root: Path = ROOT,
            ports: list[int] | None = None):
    """Processes A and B (``count`` of them): gunicorn, ``workers`` uvicorn workers each; ``log``: a
    file for all they say (their tracebacks too), else PUSH_BENCH_LOG or nowhere for what is not an error.
    ``root``: the checkout whose code (and gunicorn.conf.py) they run; ``ports``: theirs (free ones if None)."""
    started = []
    for number in range(count):
        port = ports[number] if ports else stack.free_port()
        process = subprocess.Popen(
            [str(Path(PY).with_name("gunicorn")), "mogel.asgi:application", "--bind", f"127.0.0.1:{port}",
             "--workers", str(workers), "--worker-class", "uvicorn_worker.UvicornWorker", "--log-level", "warning",
             "--access-logfile", "/dev/null", "--graceful-timeout", "2"],
            cwd=root, env=env, stdout=open(log or os.environ.get("PUSH_BENCH_LOG", os.devnull), "a"),
            stderr=subprocess.STDOUT if log else None, start_new_session=True)
        started.append((port, process))
    for port, _process in started:
        for _ in range(300):
            try:
                asyncio.run(Page(0).request(port, "GET", "/healthz"))
                break
            except OSError:
                time.sleep(0.1)
    return started


def measure(mode: str, players: int, seconds: float) -> dict:
    env = {**stack.production_env(os.environ["DATABASE_URL"]), "DJANGO_ASGI": "1",
           "DJANGO_PUSH": "1" if mode == "push" else "0"}
    (a, pa), (b, pb) = started = servers(env)
    try:
        return asyncio.run(run_mode(mode, a, b, pb.pid, players, seconds))
    finally:
        stop(started)


def stop(started) -> None:
    for _port, process in started:
        process.terminate()
    for _port, process in started:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)   # the master and its workers


def report(results: list[dict]) -> None:
    print(f"{'mode':<6} {'players':>7} {'moves':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
          f"{'B req/s':>8} {'B CPU/s':>8} {'streams':>8} {'errors':>6}")
    for r in results:
        ms = [x * 1000 for x in r["latency"]]
        p = (lambda q: stack.percentile(ms, q)) if ms else (lambda q: float("nan"))
        print(f"{r['mode']:<6} {r['players']:>7} {len(ms):>6} {p(50):>7.0f} {p(95):>7.0f} {p(99):>7.0f} "
              f"{r['requests_per_s']:>8.1f} {r['cpu_per_s']:>8.2f} {r['streams']:>8} {r['errors']:>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=lambda s: [int(x) for x in s.split(",")], default=[60])
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        command = [PY, "scripts/postgres.py", "run", "--", PY, __file__, "--seconds", str(args.seconds),
                   "--players", ",".join(map(str, args.players))]
        sys.exit(subprocess.run(command, cwd=ROOT).returncode)
    # One static root for every server of the run (production_env makes a new one otherwise).
    os.environ.setdefault("DJANGO_STATIC_ROOT", tempfile.mkdtemp(prefix="mogel-push-static-"))
    env = stack.production_env(os.environ["DATABASE_URL"])
    stack.manage(env, "migrate", "--noinput")
    stack.manage(env, "collectstatic", "--noinput")
    results = [measure(mode, n, args.seconds) for n in args.players for mode in ("poll", "push")]
    report(results)
    for r in results:
        for status, text in r.get("failed", [])[:3]:
            print(r["mode"], "failed:", status, text.replace("\n", " ")[:200])


if __name__ == "__main__":
    main()
