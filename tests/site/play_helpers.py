"""Helpers shared by the practice-game tests: a fake server clock and small readers of the table."""

import re

import pytest

from mogel.play import service
from mogel.play.models import PracticeGame

LOBBY = {"de": "/de/spielen/", "en": "/en/play/", "fr": "/fr/jouer/", "nl": "/nl/spelen/", "it": "/it/gioca/"}


class Clock:
    def __init__(self):
        self.ms = 1_700_000_000_000

    def __call__(self):
        return self.ms

    def tick(self, ms):
        self.ms += ms


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(service, "wall_ms", c)
    return c


def version_of(html):
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def row_of(url):
    return PracticeGame.objects.get(pk=url.rstrip("/").split("/")[-1])


def post(client, url, action, version, **extra):
    return client.post(url + "act/", {"action": action, "version": version, **extra}, HTTP_HX_REQUEST="true")


def state(url):
    row = row_of(url)
    return row.version, row.state
