"""Form posts whose body Django cannot read: a translated 400 page, never a 500, nothing changed."""

import re

import pytest
from django.test import Client

from .play_helpers import LOBBY, state

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
UNREADABLE = {
    # Once a 500: Django refuses the charset inside the CSRF check, then again in its 400 page.
    "utf-16": (f"{FORM}; charset=utf-16", "name=Ann&players=3"),
    "latin-1": (f"{FORM}; charset=latin-1", "name=Ann&players=3"),
    "multipart without boundary": (MULTIPART, b"\x00garbage"),
    "multipart with an empty boundary": (f"{MULTIPART}; boundary=", b"--\r\n\x00"),
    "too many fields": (FORM, "a=b&" * 1500),
    "too big": (FORM, "name=" + "b" * 3_000_000),
    "multipart too big": (f"{MULTIPART}; boundary=zz",
                          b'--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n' + b"x" * 3_000_000 + b"\r\n--zz--\r\n"),
}


@pytest.fixture
def visitor(settings):
    # The CSRF cookie is set and checked, as on the real site; no request exception is re-raised.
    settings.MOGEL_PLAY_SEED = 5
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get(LOBBY["de"])
    return client


@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
@pytest.mark.parametrize("case", UNREADABLE)
def test_an_unreadable_form_gets_a_translated_400_page(visitor, settings, case, debug):
    settings.DEBUG = debug
    content_type, body = UNREADABLE[case]
    response = visitor.post(LOBBY["de"], body, content_type=content_type)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Die Seite konnte das nicht lesen" in html and 'lang="de"' in html


def test_an_unreadable_move_changes_nothing(visitor, clock):
    token = visitor.cookies["csrftoken"].value
    response = visitor.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "easy", "rounds": "single",
                                          "ant_pile": "discard", "csrfmiddlewaretoken": token})
    url = response.url
    before = state(url)
    for content_type, body in UNREADABLE.values():
        response = visitor.post(url + "act/", body, content_type=content_type)
        assert response.status_code == 400
        assert "The site could not read that" in response.content.decode()
    assert state(url) == before


@pytest.mark.parametrize("case", ["utf-16", "too many fields", "too big"])
def test_the_400_page_carries_the_frame_options_and_a_token_that_posts(visitor, case):
    # The page's one form (the language switcher) must post: its token matches the cookie.
    content_type, body = UNREADABLE[case]
    response = visitor.post(LOBBY["de"], body, content_type=content_type)
    assert response.status_code == 400
    assert response["X-Frame-Options"] == "DENY" and response["X-Content-Type-Options"] == "nosniff"
    html = response.content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    answer = visitor.post("/i18n/setlang/", {"language": "en", "next": LOBBY["de"], "csrfmiddlewaretoken": token})
    assert answer.status_code == 302 and answer.url == LOBBY["en"]


def test_a_first_request_that_is_unreadable_gets_a_cookie_for_its_token():
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    content_type, body = UNREADABLE["utf-16"]
    response = client.post(LOBBY["en"], body, content_type=content_type)
    assert response.status_code == 400 and "csrftoken" in response.cookies
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode()).group(1)
    assert client.post("/i18n/setlang/", {"language": "fr", "next": LOBBY["en"],
                                          "csrfmiddlewaretoken": token}).status_code == 302
