"""A session cookie with any bytes in it is no session, never a database error."""

import pytest
from django.test import Client


@pytest.mark.parametrize("cookie", ["\x00" * 8, "\x00abc", "ä" * 32, "a" * 500, "../../etc", "ABCDEF1234567890"])
@pytest.mark.parametrize("path", ["/en/", "/en/play/", "/en/learn/", "/de/spielen/"])
@pytest.mark.django_db
def test_a_malformed_session_cookie_is_treated_as_no_session(cookie, path):
    client = Client()
    client.cookies["sessionid"] = cookie
    response = client.get(path)
    assert response.status_code == 200
    assert response.wsgi_request.session.session_key is None


@pytest.mark.django_db
def test_a_real_session_key_still_works():
    client = Client()
    client.get("/en/play/")
    session = client.session
    session["play_name"] = "Ada"
    session.save()
    assert 'value="Ada"' in client.get("/en/play/").content.decode()
