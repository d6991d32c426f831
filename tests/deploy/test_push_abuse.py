"""Streams under abuse on the production stack (gunicorn with a uvicorn worker, SQLite): at most a
few per browser, the oldest closed first; a client that never reads its stream is dropped after
the write time-out while other pages are answered; the static files raise no ASGI warning
(mogel.push.caps, mogel.push.timeouts, mogel.pages.asyncfiles; docs/push.md "Caps and time-outs")."""

import re
import socket
import sqlite3
import time
from pathlib import Path

import pytest

from .test_push_servers import Stream
from .test_server import STATIC_REFERENCE, Server, running

PER_BROWSER = 2
WRITE_TIMEOUT_S = 2


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with running(tmp_path_factory.mktemp("abuse"), WEB_CONCURRENCY="1", DJANGO_STREAMS_PER_BROWSER=str(PER_BROWSER),
                 DJANGO_PUSH_WRITE_TIMEOUT_S=str(WRITE_TIMEOUT_S)) as server:
        yield server


def browser(site) -> Server:
    """A browser of its own (its own session) with a practice game of five whose bots begin."""
    mine = Server(site.port, site.log)
    mine.db = site.db
    mine.page("/en/play/")
    response, answer = mine.fetch("/en/play/", "POST", {"name": "Ann", "players": 5, "level": "normal",
                                                        "pace": "quick", "rounds": "single",
                                                        "ant_pile": "discard", "first_guard": "left"})
    assert response.status == 302, answer[:300]
    mine.game = response.headers["Location"]
    return mine


def tab(n: int) -> str:
    """A page's own id, as table.js draws one."""
    return f"tab{n:016d}"


def stream(of: Server, page: str) -> Stream:
    opened = Stream(of, f"{of.game}stream/?version=0&page={page}")
    assert opened.response.status == 200
    opened.start()
    opened.wait_for(lambda e: e["event"] == "redraw")
    return opened


def open_streams(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT count(*) FROM push_openstream WHERE NOT pushed_out").fetchone()[0]


def wait_until(test, what: str, limit_s: float = 60):
    """Waits for a state of the server (not for a time): fails if it does not come within the bound."""
    ends = time.monotonic() + limit_s
    while not test():
        assert time.monotonic() < ends, what
        time.sleep(0.2)


def play_on(ann: Server, until, limit_s: float = 180):
    """Ann's moves whenever she has one (else the bots', as they come), until ``until()``."""
    ends = time.monotonic() + limit_s
    while not until():
        assert time.monotonic() < ends, "the game went on without that"
        _, page = ann.page(ann.game)
        actions = re.findall(r'name="action" value="((?:play|draw)[^"]*)"', page)
        if not actions:
            time.sleep(0.2)   # the bots' turn: the next state is theirs
            continue
        version = re.search(r'data-version="(\d+)"', page).group(1)
        response, _ = ann.fetch(ann.game + "act/", "POST", {"action": actions[0], "version": version},
                                headers={"HX-Request": "true"})
        assert response.status in (200, 400, 409)


def test_a_new_tab_beyond_the_cap_closes_the_oldest_stream_which_is_told_to_come_back_later(site):
    ann = browser(site)
    first, *others = [stream(ann, tab(n)) for n in range(PER_BROWSER + 1)]
    try:
        first.join(timeout=30)   # its response ends: the thread reading it ends
        assert not first.is_alive(), "the oldest stream was closed"
        assert all(other.is_alive() for other in others), "the newer streams stay open"
        # Its page reconnecting while the cap is full is refused, not given another tab's place.
        again = Stream(ann, f"{ann.game}stream/?version=0&page={tab(0)}")
        assert again.response.status == 429
        again.close()
    finally:
        for opened in (first, *others):
            opened.close()


def test_a_client_that_never_reads_its_stream_is_dropped_and_slows_nobody(site):
    stuck, other = browser(site), browser(site)
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)   # fills at once
    raw.connect(("127.0.0.1", site.port))
    cookies = "; ".join(f"{k}={v}" for k, v in stuck.cookies.items())
    raw.sendall(f"GET {stuck.game}stream/?version=0 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookies}\r\n"
                f"X-Forwarded-Proto: https\r\n\r\n".encode())
    try:
        wait_until(lambda: open_streams(site.db) == 1, "the stuck client's stream opened")
        # Ann plays on in her other tab, and the bots answer: their tables pile up unread on the
        # stuck connection, past every buffer. Meanwhile another browser's table is answered,
        # and the server ends the stuck stream.
        play_on(stuck, until=lambda: open_streams(site.db) == 0)
        _, page = other.page(other.game)
        assert 'id="table"' in page
        raw.settimeout(30)
        with pytest.raises((ConnectionError, TimeoutError)):
            while raw.recv(65536):   # what the kernel kept, then the dropped connection
                pass
            raise ConnectionError("closed")
    finally:
        raw.close()


def test_static_files_under_asgi_raise_no_warning(site):
    _, home = site.page("/en/")
    files = STATIC_REFERENCE.findall(home)
    assert files
    for url in files:
        response, content = site.fetch(url)
        assert response.status == 200 and content, url
    assert "must consume synchronous iterators" not in site.log.read_text()
    assert not re.search(r"Exception in ASGI application|returned without completing", site.log.read_text())
