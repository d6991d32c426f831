"""What a browser is told to lock the site down, the admin's path and the health URL, through the test client.

The production values are those mogel.settings computes from a production environment
(DJANGO_DEBUG=0 behind a TLS proxy), not copies of them.
"""

import importlib.util
import io
import logging
import re
import os
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import OperationalError
from django.urls import reverse

import mogel.settings

from .play_helpers import LOBBY

pytestmark = pytest.mark.django_db

LOCKDOWN = ("SECURE_", "SESSION_COOKIE_", "CSRF_COOKIE_", "LANGUAGE_COOKIE_", "X_FRAME_OPTIONS", "CONTENT_SECURITY_POLICY", "USE_X_FORWARDED")
PRODUCTION_ENV = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "s" * 50, "DJANGO_BEHIND_PROXY": "1"}
HTTPS = {"HTTP_X_FORWARDED_PROTO": "https"}


def settings_in(env: dict):
    """mogel.settings as a server with this environment loads it (a fresh copy of the module)."""
    with mock.patch.dict(os.environ, env):
        spec = importlib.util.spec_from_file_location("settings_under_test", mogel.settings.__file__)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return module


@pytest.fixture
def production(settings):
    module = settings_in(PRODUCTION_ENV)
    for name in dir(module):
        if name.startswith(LOCKDOWN):
            setattr(settings, name, getattr(module, name))
    settings.DEBUG = False
    return settings


def test_pages_over_https_carry_the_security_headers(client, production):
    response = client.get(LOBBY["en"], **HTTPS)
    assert response.status_code == 200
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == policy["script-src"] == policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == policy["object-src"] == "'none'"
    assert policy["form-action"] == policy["base-uri"] == "'self'"


def test_session_and_csrf_cookies_are_secure_and_hidden_from_scripts(client, production):
    client.get(LOBBY["en"], **HTTPS)
    form = {"name": "Ann", "players": 3, "level": "normal", "rounds": "single", "ant_pile": "discard",
            "csrfmiddlewaretoken": client.cookies["csrftoken"].value}
    response = client.post(LOBBY["en"], form, HTTP_ORIGIN="https://testserver", **HTTPS)
    assert response.status_code == 302
    for name in ("csrftoken", "sessionid"):
        assert client.cookies[name]["secure"] and client.cookies[name]["httponly"], name


def test_plain_http_is_redirected_to_https_except_the_health_url(client, production):
    response = client.get("/en/")
    assert response.status_code == 301 and response["Location"] == "https://testserver/en/"
    response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"


def test_development_runs_under_the_same_content_security_policy(client):
    response = client.get("/en/")
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "unsafe" not in response["Content-Security-Policy"]


def test_the_admin_is_not_where_scanners_look(client):
    assert reverse("admin:index") == "/backstage/"
    assert client.get("/admin/").status_code == 404
    assert client.get("/backstage/")["Location"].startswith("/backstage/login/")


def test_the_admin_path_comes_from_the_environment():
    assert settings_in({"DJANGO_ADMIN_PATH": "/staff-only/"}).ADMIN_PATH == "staff-only"


# -- /healthz ----------------------------------------------------------------------------

def test_health_url_answers_ok_without_a_cookie_or_a_language_redirect(client):
    response = client.get("/healthz", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    assert response.content == b"ok" and response["Content-Type"].startswith("text/plain")
    assert not response.cookies
    assert "no-cache" in response["Cache-Control"]


def test_health_url_answers_503_when_the_database_does_not(client):
    with mock.patch("mogel.pages.views.connection") as connection:
        connection.cursor.side_effect = OperationalError("connection refused")
        response = client.get("/healthz")
    assert response.status_code == 503
    assert not response.cookies


NO_STORE = {"private", "no-store"}


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def first_lesson(client, index_url):
    html = client.get(index_url).content.decode()
    return re.search(rf'href="({re.escape(index_url)}[^"/]+/)"', html).group(1)


@pytest.mark.parametrize("lobby", [LOBBY["en"], "/en/mogelei/play/"], ids=["mogel-motte", "mogelei"])
def test_nothing_that_shows_a_hand_may_be_kept_by_a_cache(client, settings, lobby):
    settings.MOGEL_PLAY_SEED = 4
    url = client.post(lobby, {"name": "Ann", "players": 3, "level": "easy", "rounds": "single",
                              "ant_pile": "discard", "pace": "normal", "games": 1, "dealer": "right"}).url
    page = client.get(url)
    assert page.status_code == 200 and NO_STORE <= cache_control(page)
    poll = client.get(url + "poll/?version=0", HTTP_HX_REQUEST="true")
    assert poll.status_code == 200 and NO_STORE <= cache_control(poll)
    move = client.post(url + "act/", {"action": "nonsense", "version": "0"}, HTTP_HX_REQUEST="true")
    assert move.status_code in (400, 409) and NO_STORE <= cache_control(move)
    # The lobby and the rules show no hand: caches may keep them as before.
    assert "no-store" not in cache_control(client.get(lobby))


@pytest.mark.parametrize("learn", ["/en/learn/", "/en/mogelei/learn/"], ids=["mogel-motte", "mogelei"])
def test_lesson_pages_and_fragments_are_not_kept_by_a_cache(client, learn):
    call_command("loadcontent", stdout=io.StringIO())
    lesson = first_lesson(client, learn)
    assert NO_STORE <= cache_control(client.get(lesson))
    assert NO_STORE <= cache_control(client.get(lesson, HTTP_HX_REQUEST="true"))
    assert NO_STORE <= cache_control(client.post(lesson + "act/", {"action": "nonsense", "version": "0"},
                                                 HTTP_HX_REQUEST="true"))
    assert NO_STORE <= cache_control(client.post(lesson + "hint/", HTTP_HX_REQUEST="true"))


def test_the_language_cookie_is_flagged(client, production):
    client.get(LOBBY["en"], **HTTPS)
    response = client.post("/i18n/setlang/", {"language": "fr", "next": LOBBY["en"]},
                           HTTP_ORIGIN="https://testserver", **HTTPS)
    assert response.status_code == 302 and response.url == LOBBY["fr"]
    cookie = response.cookies["django_language"]
    assert cookie.value == "fr"
    assert cookie["samesite"] == "Lax" and cookie["secure"] and cookie["httponly"]


def test_in_development_the_language_cookie_works_over_plain_http(client):
    response = client.post("/i18n/setlang/", {"language": "it", "next": LOBBY["en"]})
    cookie = response.cookies["django_language"]
    assert cookie["samesite"] == "Lax" and not cookie["secure"] and cookie["httponly"]


def test_a_request_for_another_host_is_one_warning_line_without_a_traceback(client, settings, caplog):
    settings.ALLOWED_HOSTS = ["mogel.example"]
    with caplog.at_level(logging.INFO):
        response = client.get("/en/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(records) == 1
    record = records[0]
    assert record.levelname == "WARNING" and record.exc_info is None
    line = logging.Formatter("%(levelname)s %(name)s %(message)s").format(record)
    assert "\n" not in line and "evil.example" in line and "Traceback" not in line
