"""Two server processes, one PostgreSQL database: a move posted to one is pushed by the other.

Each process is gunicorn with one uvicorn worker, as in production (README, "Push in
production"). The streams' own tick is set to a minute, so the only way the second process
can learn of the move in time is the broker (PostgreSQL's LISTEN/NOTIFY).
"""

import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ..platform.play_helpers import sse_events
from .conftest import ROOT, production_env
from .test_server import Server, free_port


def start(env, port, log):
    with log.open("w") as out:
        return subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "mogel.asgi:application", "--bind", f"127.0.0.1:{port}",
             "--worker-class", "uvicorn_worker.UvicornWorker"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


@pytest.fixture(scope="module")
def servers(cluster, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("push")
    env = production_env(DATABASE_URL=cluster.url, DJANGO_STATIC_ROOT=str(tmp / "static"), DJANGO_BEHIND_PROXY="1",
                         WEB_CONCURRENCY="1", DJANGO_PUSH_TICK_MS="60000")
    prepare = ("import django; django.setup(); from django.core.management import call_command as run; "
               "run('migrate', verbosity=0); run('loadcontent', verbosity=0); "
               "run('collectstatic', interactive=False, verbosity=0, "
               "ignore_patterns=['admin', 'django_htmx', 'modeltranslation'])")
    done = subprocess.run([sys.executable, "-c", prepare], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    processes, sites = [], []
    try:
        for name in ("a", "b"):
            port, log = free_port(), tmp / f"{name}.log"
            processes.append(start(env, port, log))
            sites.append(Server(port, log))
        for process, site in zip(processes, sites):
            for _ in range(300):
                assert process.poll() is None, site.log.read_text()
                try:
                    site.fetch("/healthz", https=False)
                    break
                except OSError:
                    time.sleep(0.1)
        yield sites
    finally:
        for process in processes:
            process.send_signal(signal.SIGINT)
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:   # a stream still open on a minute's tick
                os.killpg(process.pid, signal.SIGKILL)   # the master and its worker
                process.wait()


class Stream(threading.Thread):
    """A page's stream from one server, read in the background: its events as they come."""

    def __init__(self, site, path):
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=120)
        cookies = "; ".join(f"{k}={v}" for k, v in site.cookies.items())
        self.connection.request("GET", path, headers={"Cookie": cookies, "X-Forwarded-Proto": "https"})
        self.response = self.connection.getresponse()
        self.events, self.arrived = [], threading.Condition()

    def run(self):
        text = ""
        try:
            while chunk := self.response.read1(65536):
                text += chunk.decode()
                *blocks, text = text.split("\n\n")
                with self.arrived:
                    self.events += sse_events("\n\n".join(blocks) + "\n\n")
                    self.arrived.notify_all()
        except (OSError, ValueError, AttributeError):   # closed by the test
            pass

    def wait_for(self, test, limit_s=30):
        with self.arrived:
            assert self.arrived.wait_for(lambda: any(test(e) for e in self.events), timeout=limit_s), self.events
            return next(e for e in self.events if test(e))

    def close(self):
        self.connection.close()


def test_a_move_posted_to_one_server_is_pushed_by_the_other(servers):
    a, b = servers
    lobby = a.page("/en/play/")
    response, _ = a.fetch("/en/play/", "POST", {"name": "Ann", "players": 3, "level": "normal", "pace": "relaxed",
                                                  "rounds": "single", "ant_pile": "discard", "first_guard": "me"})
    assert response.status == 302, lobby
    game = response.headers["Location"]
    _, page = a.page(game)
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    b.cookies = a.cookies   # the same browser: its second tab, served by the other process
    stream = Stream(b, game + "stream/")
    assert stream.response.status == 200 and stream.response.headers["Content-Type"] == "text/event-stream"
    stream.start()
    try:
        assert stream.wait_for(lambda e: e["event"] == "redraw")["id"] == str(version)
        actions = re.findall(r'name="action" value="((?:play|draw)[^"]*)"', page)
        assert actions, "Ann has a move to make"
        response, answer = a.fetch(game + "act/", "POST", {"action": actions[0], "version": version},
                                   headers={"HX-Request": "true"})
        assert response.status == 200, answer[:300]
        moved = int(re.search(rb'data-version="(\d+)"', answer).group(1))
        assert moved > version
        pushed = stream.wait_for(lambda e: e["event"] in ("table", "patch") and int(e["id"]) >= moved)
        assert f'data-version="{pushed["id"]}"' in pushed["data"]
    finally:
        stream.close()


def test_a_friends_move_posted_by_seat_0_to_one_server_is_pushed_to_seat_1_at_the_other(servers):
    a, b = servers
    ann, ben = Server(a.port, a.log), Server(b.port, b.log)   # two browsers: Ann's at A, Ben's at B
    ann.page("/en/friends/new/mogel-motte/")
    response, answer = ann.fetch("/en/friends/new/mogel-motte/", "POST", {
        "name": "Ann", "players": 3, "level": "normal", "pace": "relaxed", "rounds": "single",
        "first_guard": "me", "ant_pile": "discard"})
    assert response.status == 302, answer[:500]
    table = response.headers["Location"]
    ben.page(table)
    response, answer = ben.fetch(table + "sit/", "POST", {"name": "Ben"})
    assert response.status == 302, answer[:500]
    for op in ({"op": "bot", "seat": "all"}, {"op": "start"}):
        response, answer = ann.fetch(table + "host/", "POST", op)
        assert response.status == 302, answer[:500]
    _, page = ann.page(table)
    _, his = ben.page(table)
    version, his_version = (int(re.search(r'data-version="(\d+)"', p).group(1)) for p in (page, his))
    stream = Stream(ben, f"{table}stream/?version={his_version}")
    assert stream.response.status == 200 and stream.response.headers["Content-Type"] == "text/event-stream"
    stream.start()
    try:
        assert stream.wait_for(lambda e: e["event"] == "redraw")["id"] == str(his_version)
        actions = re.findall(r'name="action" value="([^"]+)"', page)
        assert actions, "Ann has a move to make"
        response, answer = ann.fetch(table + "act/", "POST", {"action": actions[0], "version": version},
                                     headers={"HX-Request": "true"})
        assert response.status == 200, answer[:300]
        pushed = stream.wait_for(lambda e: e["event"] in ("table", "patch") and int(e["id"]) > his_version)
        assert f'data-version="{pushed["id"]}"' in pushed["data"]
    finally:
        stream.close()
