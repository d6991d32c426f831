"""Every address the site served before the games became plug-ins (issue 19) answers as it did.

``every_url.json`` was recorded once, before anything moved, by crawling the site (every
``href`` and ``src`` from the home page of each language on: both games' rules, summaries,
lesson lists, lessons and lobbies) plus every old lesson address (the English key and the
other languages' slugs, which move for good to the language's slug) and a few addresses that
must stay missing. For each address it holds the status code and, for a redirect, where it
leads; for each static file a page referenced, that it was served. The test walks the same
list and expects the same answers.

Static files are not addresses a visitor keeps (their names change with every deploy: they are
hashed), so a file that moved with its game's folder counts as the same when ``MOVED_STATIC``
says where it went and it is served there.

Recording again (``MOGEL_RECORD_URLS=1``) is for a new baseline only, never to make this pass.
"""

import json
import os
import re
from collections import deque
from pathlib import Path

from html.parser import HTMLParser

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client

FIXTURE = Path(__file__).with_name("every_url.json")
LANGUAGES = ["de", "en", "fr", "nl", "it"]
# Where a static file went when its game's folder moved (old prefix -> new prefix): the card
# sizes to the platform's table, Mogel Motte's own script and sounds to its game folder.
MOVED_STATIC = {
    "/static/cards/cards.css": "/static/table/cards.css",
    "/static/table/reflex.js": "/static/mogel_motte/reflex.js",
    **{f"/static/table/sounds/{name}.mp3": f"/static/mogel_motte/sounds/{name}.mp3"
       for name in ("mosquito", "cockroach", "slap")},
}
LOBBY = re.compile(r"^/[a-z]{2}/(?:mogelei/)?(?:spielen|play|jouer|spelen|gioca)/$")
MISSING = ["/de/no-such-page/", "/en/no-such-game/play/", "/de/lernen/no-such-lesson/",
           "/de/mogelei/lernen/no-such-lesson/", "/de/spielen/nosuchgame/", "/de/mogelei/spielen/nosuchgame/",
           "/it/mogelei/regole/no-such-page/"]


@pytest.fixture
def site(db, settings):
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    call_command("loadcontent", stdout=open("/dev/null", "w"))


def answer(client, url: str) -> dict:
    response = client.get(url)
    found = {"status": response.status_code}
    if response.has_header("Location"):
        found["location"] = response["Location"]
    return found


def referenced(html: str) -> set[str]:
    """The site's own addresses a page names: links, scripts, stylesheets, images and sounds."""
    return {link.split("#")[0] for link in re.findall(r'\b(?:href|src|data-sound-[a-z]+)="(/[^/"][^"]*)"', html)}


class Fields(HTMLParser):
    """A form's fields as a browser would post them untouched (text, checked radios, selected options)."""

    def __init__(self):
        super().__init__()
        self.data, self.select = {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "input" and attrs.get("name") and attrs.get("type") != "radio" or "checked" in attrs:
            self.data[attrs["name"]] = attrs.get("value") or ""
        elif tag == "select":
            self.select = attrs["name"]
        elif tag == "option" and self.select and (self.select not in self.data or "selected" in attrs):
            self.data[self.select] = attrs.get("value", "")


def a_game(lobby: str):
    """The page of a new game started from ``lobby`` with its preset choices."""
    client = Client()
    fields = Fields()
    fields.feed(client.get(lobby).content.decode())
    response = client.post(lobby, {**fields.data, "name": "Ann"})
    assert response.status_code == 302, lobby
    return client.get(response["Location"])


def game_pages(pages: dict) -> dict:
    """Each lobby's game page, its address written with ``<game>`` for the game's id."""
    found = {}
    for lobby in [url for url, answer in pages.items() if answer["status"] == 200 and LOBBY.search(url)]:
        page = a_game(lobby)
        found[lobby + "<game>/"] = {"status": page.status_code, "static": sorted(
            link for link in referenced(page.content.decode()) if link.startswith("/static/"))}
    return found


def crawl(client) -> tuple[dict, dict]:
    """Every page reachable over links from the start pages, and every static file they name."""
    start = ["/", "/healthz", "/favicon.ico", *(f"/{lang}/" for lang in LANGUAGES)]
    pages, static, todo = {}, {}, deque(start)
    while todo:
        url = todo.popleft()
        if url in pages:
            continue
        pages[url] = answer(client, url)
        if pages[url]["status"] != 200 or url == "/healthz":
            continue
        for link in referenced(client.get(url).content.decode()):
            if link.startswith("/static/"):
                static.setdefault(link.split("?")[0], None)
            elif link not in pages and not link.startswith("/backstage"):
                todo.append(link)
    return pages, static


def old_lesson_addresses() -> list[str]:
    """Each lesson's every other slug (the English key, the other languages' slugs) per language."""
    from mogel import games
    from tutorial import data_files, kinds, views

    urls = []
    for kind in kinds.with_lessons():
        slugs = data_files.addresses(data_files.lessons(kinds.folder(kind)))[0]
        for lang in LANGUAGES:
            from django.utils import translation
            with translation.override(lang):
                index = views.lesson_url(kind, "index")
            for key, per_language in slugs.items():
                for old in sorted({key, *per_language.values()} - {per_language[lang]}):
                    urls.append(f"{index}{old}/")
                urls.append(f"{index}{per_language[lang].upper()}/")
    assert games.all_kinds()
    return urls


def served(path: str) -> bool:
    return finders.find(path.removeprefix("/static/")) is not None


def record(client) -> dict:
    pages, static = crawl(client)
    for url in [*old_lesson_addresses(), *MISSING]:
        pages[url] = answer(client, url)
    games = game_pages(pages)
    static.update(dict.fromkeys(link for game in games.values() for link in game["static"]))
    return {"pages": dict(sorted(pages.items())), "games": {url: game["status"] for url, game in games.items()},
            "static": sorted(static)}


def moved(path: str) -> str:
    for old, new in MOVED_STATIC.items():
        if path.startswith(old):
            return new + path.removeprefix(old)
    return path


def test_every_address_answers_as_before_the_games_became_plug_ins(site, client):
    if os.environ.get("MOGEL_RECORD_URLS"):
        FIXTURE.write_text(json.dumps(record(client), indent=1, ensure_ascii=False) + "\n")
    before = json.loads(FIXTURE.read_text())
    now = {url: answer(client, url) for url in before["pages"]}
    changed = {url: (was, now[url]) for url, was in before["pages"].items() if now[url] != was}
    assert not changed
    started = {lobby + "<game>/": game_pages({lobby: {"status": 200}})[lobby + "<game>/"]["status"]
               for lobby in (url.removesuffix("<game>/") for url in before["games"])}
    assert started == before["games"]
    assert len(before["pages"]) > 500, "the list covers both games in five languages"


def test_every_static_file_a_page_named_is_still_served(site):
    before = json.loads(FIXTURE.read_text())
    assert [path for path in before["static"] if not served(moved(path))] == []
    assert any("mogelei" in path for path in before["static"]) and any(".mp3" in path for path in before["static"])
