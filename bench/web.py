"""Server-side cost of a practice-game move and poll, beside a trivial Django view, under gunicorn.

    .venv/bin/python bench/web.py [--players 40] [--seconds 20] [--workers 4]

Starts gunicorn (sync workers) on loopback with this module as the WSGI app: the site's own
URLs plus ``/bench/trivial/`` (a view that returns "ok" through the same middleware). A WSGI
wrapper times each request inside the worker and returns the time in a header, so the
figures are server-side (no network or client time). Many simulated players (threads) each
start a game and play it: poll every ~300 ms, act when the table offers a move, and call the
trivial view at the same rate. Prints median and p95 per kind and the ratios to the trivial
view (targets: move <= 3x, poll with nothing new <= 1.5x). Uses a throw-away SQLite database.

Then, in the same run, the push side (bench/change.py, in its own process): the cost of one
change pushed to one seat (what a page's stream does when its game moved) against the same
trivial view, for both games, with its breakdown; ``--changes 0`` leaves it out.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import http.client
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mogel.settings")


def _configure() -> None:
    from django.conf import settings

    db = os.environ.get("MOGEL_BENCH_DB")
    if db:
        settings.DATABASES["default"]["NAME"] = db
        settings.DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 30
    if os.environ.get("MOGEL_BENCH_CONN_MAX_AGE") is not None:
        # What a production settings file would set: keep database connections open.
        settings.DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ["MOGEL_BENCH_CONN_MAX_AGE"])
    settings.ROOT_URLCONF = "bench.web"
    settings.DEBUG = False
    settings.MOGEL_BOT_PACE_MS = int(os.environ.get("MOGEL_BENCH_PACE_MS", "300"))
    # bench/windows.py tries other window lengths and a position rich in mosquitoes and cockroaches.
    for name in ("MOSQUITO", "COCKROACH", "ACT", "POLL", "LAND"):
        if os.environ.get(f"MOGEL_BENCH_{name}_MS"):
            setattr(settings, f"MOGEL_{name}_MS", int(os.environ[f"MOGEL_BENCH_{name}_MS"]))
    if os.environ.get("MOGEL_BENCH_SCENARIO"):
        import json

        settings.MOGEL_PLAY_SCENARIO = json.loads(os.environ["MOGEL_BENCH_SCENARIO"])


# -- the WSGI app (imported by gunicorn as bench.web:application) ------------------------

if os.environ.get("MOGEL_BENCH_SERVER"):
    _configure()
    import django

    django.setup()
    from django.core.wsgi import get_wsgi_application
    from django.http import HttpResponse
    from django.contrib.staticfiles.views import serve as static_serve
    from django.urls import path, re_path

    import mogel.urls

    def trivial(request):
        return HttpResponse("ok")

    # Static files too (htmx, CSS), for bench/windows.py's browser: gunicorn has no static server.
    urlpatterns = [path("bench/trivial/", trivial), *mogel.urls.urlpatterns,
                   re_path(r"^static/(?P<path>.*)$", static_serve, {"insecure": True})]
    _django_app = get_wsgi_application()

    def application(environ, start_response):
        started = time.perf_counter()

        def timed_start(status, headers, exc_info=None):
            headers.append(("X-Server-Us", str(int((time.perf_counter() - started) * 1e6))))
            return start_response(status, headers, exc_info)

        return _django_app(environ, timed_start)


# -- the load generator ----------------------------------------------------------------------

class Player(threading.Thread):
    def __init__(self, port, stop, results, lock, seed):
        super().__init__(daemon=True)
        self.port, self.stop, self.results, self.lock = port, stop, results, lock
        self.rng = random.Random(seed)
        self.cookies: dict[str, str] = {}

    def request(self, method, url, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        h = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        if body is not None:
            h["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, url, body=body, headers=h)
        r = conn.getresponse()
        data = r.read().decode()
        for value in r.headers.get_all("Set-Cookie") or []:
            for k, morsel in SimpleCookie(value).items():
                self.cookies[k] = morsel.value
        conn.close()
        return r.status, r.headers, data

    def record(self, kind, headers):
        us = headers.get("X-Server-Us")
        if us is not None:
            with self.lock:
                self.results.setdefault(kind, []).append(int(us) / 1000)

    def run(self):
        self.request("GET", "/en/play/")
        body = urlencode({"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), "name": "Bench", "players": 4,
                          "level": "normal", "rounds": "full", "ant_pile": "discard"})
        status, headers, _ = self.request("POST", "/en/play/", body, {"X-CSRFToken": self.cookies.get("csrftoken", "")})
        url = headers["Location"]
        status, headers, html = self.request("GET", url, headers={"HX-Request": "true"})
        while not self.stop.is_set():
            version = re.search(r'data-version="(\d+)"', html)
            if not version or "table--over" in html:
                break
            v = version.group(1)
            acts = [a for a in re.findall(r'name="action" value="([^"]+)"', html) if not a.startswith(("catch", "cheat"))]
            time.sleep(self.rng.uniform(0.2, 0.4))
            st, th, _ = self.request("GET", "/bench/trivial/")
            self.record("trivial", th)
            if acts:
                action = acts[0]
                form = {"action": action, "version": v}
                if action.startswith("give "):
                    form["to"] = re.search(r'name="to" value="(\d)"', html).group(1)
                st, h, body = self.request("POST", url + "act/", urlencode(form),
                                           {"X-CSRFToken": self.cookies.get("csrftoken", ""), "HX-Request": "true"})
                self.record("move", h)
                if body:
                    html = body
                continue
            st, h, body = self.request("GET", url + "poll/?" + urlencode({"version": v}), headers={"HX-Request": "true"})
            self.record("poll (nothing new)" if st == 204 else "poll (new table)", h)
            if st != 204 and body:
                html = body


@contextlib.contextmanager
def serve(workers: int, port: int = 0, conn_max_age: int | None = None, env: dict | None = None):
    """gunicorn on loopback with this module's app and a throw-away SQLite database: yields (port, db path)."""
    tmp = tempfile.mkdtemp(prefix="mogel-bench-")
    db = os.path.join(tmp, "bench.sqlite3")
    env = {**os.environ, **(env or {}), "MOGEL_BENCH_DB": db, "DJANGO_SETTINGS_MODULE": "mogel.settings"}
    if conn_max_age is not None:
        env["MOGEL_BENCH_CONN_MAX_AGE"] = str(conn_max_age)
    subprocess.run([sys.executable, "-c", "import bench.web as w; w._configure(); import django; django.setup(); "
                    "from django.core.management import call_command; call_command('migrate', verbosity=0)"],
                   cwd=ROOT, env=env, check=True)
    port = port or random.randint(20000, 40000)
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "bench.web:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning",
         # Not gunicorn.conf.py (read from the working folder): its workers are uvicorn's (ASGI).
         "--config", os.devnull, "--worker-class", "sync"],
        cwd=ROOT, env={**env, "MOGEL_BENCH_SERVER": "1"})
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/bench/trivial/")
                break
            except OSError:
                time.sleep(0.1)
        yield port, db
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--changes", type=int, default=300,
                        help="changes pushed per game for bench/change.py (0: polling only)")
    parser.add_argument("--conn-max-age", type=int, default=None,
                        help="override CONN_MAX_AGE for the run (default: the project's settings)")
    args = parser.parse_args()

    stop, lock, results = threading.Event(), threading.Lock(), {}
    with serve(args.workers, args.port, conn_max_age=args.conn_max_age) as (port, _db):
        players = [Player(port, stop, results, lock, seed) for seed in range(args.players)]
        for p in players:
            p.start()
        time.sleep(args.seconds)
        stop.set()
        for p in players:
            p.join(timeout=10)

    print(f"{args.players} simulated players, {args.workers} gunicorn sync workers, {args.seconds:g} s, "
          f"CONN_MAX_AGE={'from settings' if args.conn_max_age is None else args.conn_max_age}, "
          "server-side ms per request")
    print(f"{'kind':<22}{'n':>7}{'median':>10}{'p95':>10}{'x trivial (median)':>21}")
    base = statistics.median(results.get("trivial", [1]))
    for kind in ("trivial", "poll (nothing new)", "poll (new table)", "move"):
        values = results.get(kind, [])
        if not values:
            continue
        med = statistics.median(values)
        print(f"{kind:<22}{len(values):>7}{med:>10.2f}{percentile(values, 95):>10.2f}{med / base:>21.2f}")
    if args.changes:
        print()
        pushed(args.changes)


def pushed(changes: int) -> None:
    """bench/change.py's figures beside the polling ones: its own process, after the gunicorn run."""
    import json

    out = subprocess.run([sys.executable, str(ROOT / "bench" / "change.py"), "--json", "--changes", str(changes)],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    from bench.change import report

    report(json.loads(out.strip().splitlines()[-1]), 4)


if __name__ == "__main__":
    main()
