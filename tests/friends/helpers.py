"""Helpers of the friends' tables tests: create a table, sit down, start, read a page."""

import re

from django.test import Client

from mogel.friends.models import Table

OWN = {"mogel-motte": {"rounds": "single", "first_guard": "me", "ant_pile": "discard"},
       "mogelei": {"games": 1, "dealer": "right"}}
PREFIX = {"de": "/de/freunde/", "en": "/en/friends/"}


def create(client, kind="mogel-motte", players=3, lang="en", name="Ann", **extra):
    """The host's client creates a table; returns the table."""
    data = {"name": name, "players": players, "level": "normal", "pace": "normal", **OWN[kind], **extra}
    response = client.post(f"{PREFIX[lang]}new/{kind}/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Table.objects.get(code=response.url.rstrip("/").split("/")[-1])


def table_url(table, lang="en"):
    return f"{PREFIX[lang]}{table.code}/"


def sit(name, table, lang="en", client=None):
    """A guest's own browser sits down; returns the client."""
    client = client or Client()
    response = client.post(table_url(table, lang) + "sit/", {"name": name})
    assert response.status_code == 302, response.content.decode()[:2000]
    return client


def host(client, table, op, lang="en", **data):
    return client.post(table_url(table, lang) + "host/", {"op": op, **data})


def started(host_client, *guests, kind="mogel-motte", players=3, bots=True, **extra):
    """A started table: the host, the guests' clients (by name) and bots in the empty seats."""
    table = create(host_client, kind=kind, players=players, **extra)
    clients = [sit(name, table) for name in guests]
    if bots:
        host(host_client, table, "bot", seat="all")
    response = host(host_client, table, "start")
    assert response.status_code == 302, response.content.decode()[:2000]
    table.refresh_from_db()
    return table, clients


def version_of(html):
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def message_of(html):
    found = re.search(r'role="alert"[^>]*>\s*([^<]+)', html)
    return found.group(1).strip() if found else None


def random_step(client, text, table, clock, rng):
    """One person's page does at random what it offers (70%), or waits and polls; returns the answer."""
    offered = re.findall(r'name="action" value="([^"]+)"', text)
    if offered and rng.random() < 0.7:
        return client.post(table_url(table) + "act/", {"action": rng.choice(offered), "version": version_of(text)},
                           HTTP_HX_REQUEST="true")
    clock.tick(rng.choice((100, 300, 800)))
    return client.get(table_url(table) + "poll/", {"version": version_of(text)}, HTTP_HX_REQUEST="true")
