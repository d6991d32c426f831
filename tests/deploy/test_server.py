"""gunicorn with the production settings serves every page and its static files: compressed,
cached for long, and with the security headers a browser needs.

Runs the real thing in separate processes (migrate, loadcontent, collectstatic, gunicorn on
a free loopback port) on a throw-away SQLite file, so it needs no PostgreSQL.
"""

import contextlib
import gzip
import http.client
import importlib.util
import re
import signal
import socket
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import brotli
import pytest
from django.urls import reverse
from django.utils import translation

from .conftest import ROOT, production_env

# DATABASE_URL is read by mogel/dburl.py (issue 13, branch h3-infra); until it is merged
# the server would run on the developer's own database.
if importlib.util.find_spec("mogel.dburl") is None:
    pytest.skip("needs DATABASE_URL support (mogel/dburl.py)", allow_module_level=True)

LANGUAGES = ["de", "en", "fr", "nl", "it"]
STATIC_REFERENCE = re.compile(r'<(?:script|link)\b[^>]*\b(?:src|href)="(/static/[^"]+)"')
TEN_YEARS = 10 * 365 * 24 * 3600


class Server:
    """One browser talking to the server through a TLS proxy that sets X-Forwarded-Proto."""

    def __init__(self, port: int, log: Path):
        self.port, self.log = port, log
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []

    def fetch(self, path, method="GET", form=None, headers=None, https=True):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if https:
            sent["X-Forwarded-Proto"] = "https"
        body = None
        if form is not None:
            body = urlencode({"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form})
            sent.update({"Content-Type": "application/x-www-form-urlencoded",
                         "Origin": f"https://127.0.0.1:{self.port}"})
        conn.request(method, path, body=body, headers={**sent, **(headers or {})})
        response = conn.getresponse()
        content = response.read()
        conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.set_cookies.append(header)
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response, content

    def page(self, path):
        response, content = self.fetch(path)
        assert response.status == 200, (path, response.status, content[:300])
        return response, content.decode()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running(tmp: Path, **overrides):
    """gunicorn (gunicorn.conf.py: uvicorn workers) with the production settings on a throw-away
    SQLite file in ``tmp``, ``overrides`` added to its environment: the Server of one browser."""
    db = tmp / "db.sqlite3"
    env = production_env(**{"DATABASE_URL": f"sqlite:///{db}", "DJANGO_STATIC_ROOT": str(tmp / "static"),
                            "DJANGO_BEHIND_PROXY": "1", "WEB_CONCURRENCY": "2", **overrides})
    # What a deployment runs before it starts the server, in one process to save start-ups;
    # first making sure DATABASE_URL is obeyed, so no other database is touched. The other
    # apps' static files (the admin's, 3/4 of the lot) would only make the test slower.
    prepare = (
        "import sys, django; django.setup(); from django.conf import settings; "
        "from django.core.management import call_command as run; "
        "name = str(settings.DATABASES['default']['NAME']); "
        "sys.exit(f'DATABASE_URL is not obeyed: the database is {name}') if name != sys.argv[1] else None; "
        "run('migrate', verbosity=0); run('loadcontent', verbosity=0); "
        "run('collectstatic', interactive=False, verbosity=0, ignore_patterns=['admin', 'django_htmx', 'modeltranslation'])"
    )
    done = subprocess.run([sys.executable, "-c", prepare, str(db)], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr

    port, log = free_port(), tmp / "server.log"
    with log.open("w") as out:
        process = subprocess.Popen([str(Path(sys.executable).with_name("gunicorn")), "--bind", f"127.0.0.1:{port}"],
                                   cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        site = Server(port, log)
        site.db = db
        for _ in range(300):
            assert process.poll() is None, log.read_text()
            try:
                site.fetch("/healthz", https=False)
                break
            except OSError:
                time.sleep(0.1)
        yield site
    finally:
        process.send_signal(signal.SIGINT)  # gunicorn's quick shutdown
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running(tmp_path_factory.mktemp("production")) as site:
        yield site


def page_paths() -> list[str]:
    paths = []
    for lang in LANGUAGES:
        with translation.override(lang):
            paths += [reverse("home"), reverse("rules:index"), reverse("play:lobby"), reverse("tutorial:index")]
    return paths


@pytest.fixture(scope="module")
def pages(server):
    """Every kind of page in every language, a lesson and a running game: path -> (response, html)."""
    pages = {path: server.page(path) for path in page_paths()}
    for lang in LANGUAGES:
        with translation.override(lang):
            learn, lobby = reverse("tutorial:index"), reverse("play:lobby")
        lesson = re.search(rf'href="({re.escape(learn)}[\w-]+/)"', pages[learn][1]).group(1)
        pages[lesson] = server.page(lesson)
    response, _ = server.fetch(lobby, "POST", form={"name": "Ann", "players": 3, "level": "normal",
                                                    "rounds": "single", "ant_pile": "discard"})
    assert response.status == 302, response.status
    game = response.headers["Location"]
    pages[game] = server.page(game)
    return pages


def static_files(pages) -> set[str]:
    return {url for _, html in pages.values() for url in STATIC_REFERENCE.findall(html)}


def test_every_page_and_its_static_files_are_served(server, pages):
    files = static_files(pages)
    assert any("htmx" in url for url in files) and any(url.endswith(".css") for url in files)
    for url in files:
        response, content = server.fetch(url)
        assert response.status == 200 and content, url


def test_static_files_have_hashed_names_and_a_long_cache_life(server, pages):
    for url in static_files(pages):
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), f"{url} has no content hash in its name"
        response, _ = server.fetch(url)
        max_age = int(re.search(r"max-age=(\d+)", response.headers["Cache-Control"]).group(1))
        assert max_age >= TEN_YEARS and "immutable" in response.headers["Cache-Control"], url


@pytest.mark.parametrize("encoding,decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_htmx_and_our_css_travel_compressed(server, pages, encoding, decode):
    files = [url for url in static_files(pages) if re.search(r"/(vendor/htmx\.min|css/site)\.\w{12}\.(js|css)$", url)]
    assert len(files) == 2, files
    for url in files:
        plain = server.fetch(url)[1]
        response, content = server.fetch(url, headers={"Accept-Encoding": encoding})
        assert response.headers["Content-Encoding"] == encoding, url
        assert decode(content) == plain and len(content) < len(plain) / 2, url


def test_pages_carry_the_security_headers(pages, server):
    for path, (response, _) in pages.items():
        assert response.headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload", path
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "default-src 'self'" in policy, path
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, path
        assert "frame-ancestors 'none'" in policy, path
        assert response.headers["Referrer-Policy"] == "same-origin", path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["X-Frame-Options"] == "DENY", path


def test_cookies_are_secure_and_out_of_reach_of_scripts(pages, server):
    names = {name for header in server.set_cookies for name in SimpleCookie(header)}
    assert {"csrftoken", "sessionid"} <= names
    for header in server.set_cookies:
        assert "; Secure" in header and "; HttpOnly" in header, header


def test_plain_http_is_sent_to_https_but_the_health_check_is_answered(server):
    response, _ = server.fetch("/en/", https=False)
    assert response.status == 301
    assert response.headers["Location"] == f"https://127.0.0.1:{server.port}/en/"

    response, content = server.fetch("/healthz", https=False)
    assert (response.status, content) == (200, b"ok")
    assert response.headers.get_all("Set-Cookie") is None


def test_a_refused_move_logs_one_line_with_the_game_and_never_the_post(server, pages):
    game = next(path for path in pages if re.search(r"/[\w-]{16,32}/$", path))
    game_id = game.rstrip("/").rsplit("/", 1)[1]
    response, _ = server.fetch(game + "act/", "POST", form={"action": "hand 4 Kreuz-Sieben", "version": "-1"},
                               headers={"HX-Request": "true"})
    assert response.status >= 400
    # Django writes the line before it answers.
    lines = [line for line in server.log.read_text().splitlines() if "django.request" in line]
    assert any(game + "act/" in line and f"game={game_id}" in line for line in lines), lines
    assert "Kreuz-Sieben" not in server.log.read_text()
