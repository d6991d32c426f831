"""What a browser is told to lock the site down, the admin's path and the health URL, through the test client.

The production values are those mogel.settings computes from a production environment
(DJANGO_DEBUG=0 behind a TLS proxy), not copies of them.
"""

import importlib.util
import os
from unittest import mock

import pytest
from django.db import OperationalError
from django.urls import reverse

import mogel.settings

from .play_helpers import LOBBY

pytestmark = pytest.mark.django_db

LOCKDOWN = ("SECURE_", "SESSION_COOKIE_", "CSRF_COOKIE_", "X_FRAME_OPTIONS", "CONTENT_SECURITY_POLICY", "USE_X_FORWARDED")
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
