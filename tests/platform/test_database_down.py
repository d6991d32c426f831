"""While the database does not answer: every page is a translated 503 that tries again by itself,
a table's htmx request gets the 503 its script reads as "the server is away", /healthz says the
database is down, and a move posted twice with the same version (a retry after a lost answer)
is applied once."""

import re
import socket
from contextlib import contextmanager
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError, connections
from django.test import Client
from django.urls import reverse
from django.utils import translation

from mogel.pages.views import server_error

from ..friends.helpers import started
from .play_helpers import LOBBY, clock, post, row_of, state, version_of  # noqa: F401  (clock: a fixture)

pytestmark = pytest.mark.django_db

LANGS = ["de", "en", "fr", "nl", "it"]
MOGELEI = {"de": "/de/mogelei/spielen/", "en": "/en/mogelei/play/"}


@contextmanager
def database_down(error=OperationalError):
    """Every query fails as it does when PostgreSQL is restarting: the connection refuses."""
    with mock.patch.object(connections["default"], "cursor", side_effect=error("connection refused")):
        yield


def sentence(lang, msgid):
    with translation.override(lang):
        return translation.gettext(msgid)


@pytest.fixture
def visitor(settings):
    settings.DEBUG = False
    return Client(raise_request_exception=False)


@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_page_asked_for_while_the_database_is_down_is_a_translated_503_that_retries(visitor, settings, lang, debug):
    settings.DEBUG = debug   # a view's error: the middleware answers, before Django's debug page would
    with translation.override(lang):
        rules = reverse("rules:index")
    with database_down():
        response = visitor.get(rules)
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert sentence(lang, "The site is back in a moment") in html
    if lang != "en":
        assert "The site is back in a moment" not in html
    assert '<meta http-equiv="refresh" content="10">' in html
    # The button asks for the same page again.
    assert re.search(rf'<a class="btn" href="{re.escape(rules)}">{sentence(lang, "Try again")}</a>', html)


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_table_request_while_the_database_is_down_is_the_503_the_table_reads_as_away(visitor, clock, error):
    url = visitor.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                     "ant_pile": "discard"}).url
    html = visitor.get(url).content.decode()
    version, before = version_of(html), state(url)
    with database_down(error):
        poll = visitor.get(url + "poll/", {"version": version}, HTTP_HX_REQUEST="true")
        move = post(visitor, url, "draw", version)
    for response in (poll, move):
        assert response.status_code == 503 and response["Retry-After"] == "10"
        assert "Traceback" not in response.content.decode()
    assert state(url) == before


def test_a_database_error_outside_a_view_is_the_503_page_too(visitor):
    # The session saved after the view (SessionMiddleware's answer half) fails as the database goes.
    with mock.patch("django.contrib.sessions.middleware.SessionMiddleware.process_response",
                    side_effect=OperationalError("server closed the connection unexpectedly")):
        response = visitor.get("/fr/")
    assert response.status_code == 503
    assert sentence("fr", "The site is back in a moment") in response.content.decode()


def test_any_other_error_is_still_django_s_500(rf):
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        response = server_error(rf.get("/en/"))
    assert response.status_code == 500 and "Retry-After" not in response


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
def test_every_table_page_carries_the_line_for_a_server_away_in_its_language(client, clock, kind):
    # The practice table and a friends' table of each game: the line (empty), its sentences and script.
    lobby = {"mogel-motte": LOBBY["de"], "mogelei": MOGELEI["de"]}[kind]
    practice = client.post(lobby, {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                   "ant_pile": "discard", "pace": "quick", "games": 1, "dealer": "right"}).url
    host = Client()
    table, _guests = started(host, kind=kind)
    for html in (client.get(practice).content.decode(), host.get(f"/de/freunde/{table.code}/").content.decode()):
        assert re.search(r'<div id="away" class="away" role="status" aria-live="polite"[^>]*></div>', html)
        assert 'src="/static/table/away.js"' in html
        assert sentence("de", "No connection to the server. Reconnecting…") in html


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_healthz_says_the_database_is_down_in_plain_text(visitor, error):
    assert visitor.get("/healthz").content == b"ok"
    with database_down(error):
        response = visitor.get("/healthz", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 503
    assert response.content == b"database unavailable"
    assert response["Content-Type"].startswith("text/plain")


def test_a_move_posted_again_with_the_same_version_is_applied_once_in_each_game(client, clock):
    # A page whose move got no answer may post it again: the version it carries is then stale.
    mogel_motte = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                            "ant_pile": "discard"}).url
    mogelei = client.post(MOGELEI["en"], {"name": "Ann", "players": 3, "level": "normal", "pace": "quick",
                                          "games": 1, "dealer": "right"}).url
    for url in (mogel_motte, mogelei):
        html = client.get(url).content.decode()
        version = version_of(html)
        action = re.findall(r'name="action" value="([^"]+)"', html)[0]
        assert post(client, url, action, version).status_code == 200
        after = state(url)
        events = len(row_of(url).stored_log())
        again = post(client, url, action, version)
        assert again.status_code == 409, url
        assert state(url) == after and len(row_of(url).stored_log()) == events


@pytest.mark.skipif(connections["default"].vendor != "postgresql",
                    reason="PostgreSQL only: make test runs the site tests again on PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_closed_port_gives_the_503_page_and_healthz_503(visitor):
    # The real thing: the server's address answers nothing (PostgreSQL stopped or restarting).
    connection = connections["default"]
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]   # free, and nobody listens there once the socket is closed
    with translation.override("it"):
        rules = reverse("rules:index")
    connection.close()
    try:
        with mock.patch.dict(connection.settings_dict, {"HOST": "127.0.0.1", "PORT": str(port)}):
            health, page = visitor.get("/healthz"), visitor.get(rules)
    finally:
        connection.close()
    assert health.status_code == 503 and health.content == b"database unavailable"
    assert page.status_code == 503 and sentence("it", "The site is back in a moment") in page.content.decode()
    assert visitor.get("/healthz").content == b"ok"   # and back at once when it answers again
