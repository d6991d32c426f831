"""Helpers shared by the lesson pages' tests of every game: an htmx client, the content loaded, a server clock."""

import re

import pytest
from django.core.management import call_command
from django.test import Client

from tutorial import progress as progress_module


class HtmxClient(Client):
    """Sends the HX-Request header like htmx does (django-htmx 1.29 ships no test client)."""

    def generic(self, *args, **kwargs):
        kwargs["headers"] = {"HX-Request": "true", **(kwargs.get("headers") or {})}
        return super().generic(*args, **kwargs)


@pytest.fixture
def lessons(db):
    call_command("loadcontent", stdout=open("/dev/null", "w"))


@pytest.fixture
def clock(monkeypatch):
    """Server time in ms, moved by the test."""
    now = {"ms": 1_000_000}
    monkeypatch.setattr(progress_module, "wall_ms", lambda: now["ms"])
    import tutorial.views
    monkeypatch.setattr(tutorial.views, "wall_ms", lambda: now["ms"])
    return now


@pytest.fixture
def hx(client):
    htmx = HtmxClient()
    htmx.cookies = client.cookies  # one session for both
    return htmx


def alert(html):
    found = re.findall(r'role="alert">(.*?)</p>', html, re.S)
    return found[0] if found else None
