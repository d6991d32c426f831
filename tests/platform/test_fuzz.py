"""Hostile requests to the game, the lobby and the lessons: never a 5xx, and a refusal changes nothing.

A seeded generator draws what a hostile player sends: forged and malformed actions, odd
unicode (superscript and circled digits, RTL marks, NUL, combining marks, very long strings),
moves of the wrong phase, bad, negative and huge versions, dead sessions, another browser's
game, and bodies in odd content types (UTF-16, latin-1, JSON, garbled multipart). Many posts
are legal moves, so the game goes on through its phases; between two requests the server
clock moves on and the bots play.

"Changes nothing" needs a fixed clock: a refused move still lets the bots catch up with server
time. So the clock stands still during each request, and before it the game is caught up
until one more catch-up changes nothing; a refusal must then leave the row exactly as it was.
The lessons keep their step in the session: a refused lesson move must leave it unsaved or as
a plain catch-up at the same time would (``runner.tick``).
"""

import random
from urllib.parse import urlencode

import pytest
from django.core.management import call_command
from django.test import Client

import tutorial.views
from mogel.play import service
from mogel.play.models import PracticeGame
from tutorial import progress
from tutorial.models import Step

from tests.games.mogel_motte.game_data import runner

from .play_helpers import LOBBY

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"
VERBS = ["play", "draw", "give", "keep", "slap", "race", "cheat", "catch", "hand", "continue", "fly"]
CARDS = ["0", "1", "2", "3", "4", "5", "6", "spider2", "moth4", "ant3", "mosquito1", "cockroach5", "moth9"]
SEATS = ["0", "1", "2", "3", "9", "01", "²", "①", "١", "３", "-1", "1" * 30]
ODD = ["²", "①", "١", "３", "-1", "+1", "99999999999999999999", "\u200f", "\u202e3", "\x00", "3\u0301", "\ufeff1",
       "🦋", "\t", "İ", "   ", "x" * 5000, "1" * 5000]
ODD_VERSIONS = ["", "-1", "-0", "1e3", "0x1", "9" * 40, "9" * 5000, "²", "١", " 2 ", "nan", "None", "\x00", "3.0"]
# Mostly bodies the site can read, so that moves are made and the game goes on.
BODIES = ["multipart"] * 4 + ["urlencoded"] * 2 + ["utf-16", "latin-1", "json", "garbage", "query"]
# Characters for random text: ASCII, marks that change direction or join, NUL, and beyond.
ALPHABET = [chr(c) for c in range(32, 127)] + list("\x00\u200f\u202e\u0301\ufeff²①١３ßİ🦋\t\n")
REQUESTS = 500


class Hostile:
    """What a hostile player sends next, drawn from a seeded generator (so a failure repeats)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choice(self, options):
        return self.rng.choice(options)

    def text(self, longest):
        def char():
            return self.choice(ALPHABET) if self.rng.random() < 0.8 else chr(self.rng.randrange(0xA0, 0xD7FF))
        return "".join(char() for _ in range(self.rng.randrange(longest + 1)))

    def word(self):
        r = self.rng.random()
        return self.choice(CARDS) if r < 0.45 else self.choice(ODD) if r < 0.8 else self.text(8)

    def action(self, legal):
        r = self.rng.random()
        if r < 0.4 and legal:
            # Mostly the moves the game waits for: a legal catch passes the Guard Bug on, and
            # the player's seat as guard is where a forged catch reaches furthest into the rules.
            owed = [a for a in legal if not a.startswith("catch ")]
            return self.choice(owed if owed and self.rng.random() < 0.9 else legal)
        if r < 0.6:
            return f"catch {self.choice(SEATS)}"
        if r < 0.65:
            return f"give {self.choice(CARDS)} {self.choice(SEATS)}"
        if r < 0.85:
            return " ".join([self.choice(VERBS)] + [self.word() for _ in range(self.rng.randrange(4))])
        return self.choice(ODD) if r < 0.95 else self.text(60)

    def version(self, current):
        r = self.rng.random()
        if r < 0.5:
            return str(current)
        if r < 0.65:
            return str(current + self.choice([-3, -1, 1, 3]))
        return self.choice(ODD_VERSIONS) if r < 0.85 else str(self.rng.randrange(-2**70, 2**70))

    def move(self, legal, current):
        data = {"action": self.action(legal), "version": self.version(current)}
        if self.rng.random() < 0.2:
            data["to"] = self.word()
        if self.rng.random() < 0.1:
            data["csrfmiddlewaretoken"] = self.word()
        return data

    def lobby(self):
        if self.rng.random() < 0.6:
            return {"name": "Ann", "players": "3", "level": "easy", "rounds": "single", "ant_pile": "discard"}
        return {
            "name": self.choice(["Ann", self.text(30), self.choice(ODD)]),
            "players": self.choice(["3", "5", "2", "6", "-3", "³", "３", self.text(4)]),
            "level": self.choice(["easy", "hard", "godlike", "", "\x00"]),
            "rounds": self.choice(["single", "full", "x"]),
            "ant_pile": self.choice(["discard", "draw", "ants"]),
        }


def send(client, method, url, data, body="multipart", htmx=False):
    """One request as ``body`` says; a post carries the client's CSRF token as the site's pages do
    (htmx in a header, a form in a field) unless the hostile player put their own in the form."""
    headers = {"HX-Request": "true"} if htmx else {}
    if method == "GET":
        return client.get(url, data, headers=headers)
    token = client.cookies["csrftoken"].value if "csrftoken" in client.cookies else ""
    if htmx:
        headers["X-CSRFToken"] = token
    else:
        data = {"csrfmiddlewaretoken": token, **data}
    if body == "multipart":
        return client.post(url, data, headers=headers)
    if body == "json":
        return client.post(url, data, content_type="application/json", headers=headers)
    if body == "garbage":
        return client.post(url, b"--zz\r\nContent-Disposition: form-data; name=\"\xff\x00\"\r\n\xfe" + repr(data).encode(),
                           content_type="multipart/form-data; boundary=zz", headers=headers)
    if body == "query":
        return client.post(url + "?" + urlencode(data), headers=headers)
    charset = {"urlencoded": "", "utf-16": "; charset=utf-16", "latin-1": "; charset=latin-1"}[body]
    # Characters latin-1 cannot carry are left out: the point is the charset, not the test client.
    text = urlencode(data).encode("latin-1", "ignore").decode("latin-1") if body == "latin-1" else urlencode(data)
    return client.post(url, text, content_type=FORM + charset, headers=headers)


def browser(session=None):
    """A client that checks CSRF as the site does, with the CSRF cookie a first page gave it;
    ``session``: a session cookie of its own (a dead one, say)."""
    client = Client(enforce_csrf_checks=True)
    client.get(LOBBY["en"])
    if session:
        client.cookies["sessionid"] = session
    return client


def dead_session():
    return browser("deadsessionkey0123456789abcdefgh")


# -- the practice game and the lobby --------------------------------------------------------------

def snapshot(game_id):
    return PracticeGame.objects.filter(pk=game_id).values(
        "owner", "state", "version", "memories", "wake_ms", "hold", "resume_ms", "over", "started_ms").first()


def settle(game_id, owner):
    """Catch the game up with the frozen clock until one more catch-up changes nothing."""
    for _ in range(50):
        before = snapshot(game_id)
        service.run(game_id, owner)
        if snapshot(game_id) == before:
            return before
    raise AssertionError("the bots never stop at a frozen time")


def test_hostile_requests_never_fail_the_server_and_a_refusal_leaves_the_game_alone(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 300
    settings.MOGEL_MOSQUITO_MS = settings.MOGEL_COCKROACH_MS = settings.MOGEL_ACT_MS = 800
    settings.MOGEL_PLAY_SEED = 4242
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    owner = browser()
    url = send(owner, "POST", LOBBY["de"], {"name": "Ann", "players": 4, "level": "hard", "rounds": "full",
                                            "ant_pile": "discard"}).url
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    owner_key = owner.session.session_key
    other = browser()
    clients = {"owner": lambda: owner, "other": lambda: other, "dead": dead_session, "anonymous": browser}
    hostile = Hostile(13)
    for n in range(REQUESTS):
        clock.tick(hostile.choice([0, 0, 40, 300, 1200, 5000]))
        before = settle(game_id, owner_key)
        kind = hostile.choice(["act"] * 6 + ["poll", "game", "abandon", "lobby"])
        who = hostile.choice(["owner", "other", "dead", "anonymous"] if kind == "lobby" else
                             ["owner"] * 6 + ["other", "dead", "anonymous"])
        if kind == "abandon" and who == "owner":
            kind = "act"  # the owner may abandon the game: that is no refusal, and would end the run
        body, htmx, client = hostile.choice(BODIES), hostile.rng.random() < 0.5, clients[who]()
        legal = service.load(PracticeGame.objects.get(pk=game_id)).game.legal_actions(service.HUMAN)
        data = hostile.move(legal, before["version"])
        if kind == "act":
            response = send(client, "POST", url + "act/", data, body, htmx)
        elif kind == "abandon":
            response = send(client, "POST", url + "abandon/", data, body, htmx)
        elif kind == "poll":
            response = send(client, "GET", url + "poll/", {"version": data["version"]}, htmx=htmx)
        elif kind == "game":
            response = send(client, "GET", url, {}, htmx=htmx)
        else:
            data = hostile.lobby()
            response = send(client, "POST", LOBBY["fr"], data, body, htmx)
        sent = (n, kind, who, body, data)
        assert response.status_code < 500, sent
        if not (kind == "act" and who == "owner" and response.status_code < 400):
            assert snapshot(game_id) == before, (response.status_code, sent)


# -- the lessons ------------------------------------------------------------------------------------

# The learner is the guard in "caught-as-guard": forged catches reach furthest there.
SLUGS = ["your-turn", "mosquito", "spider", "cockroach", "caught-as-guard", "caught-as-guard", "scoring"]


def learn(slug):
    return f"/de/lernen/{slug}/"


def lesson_run(client, slug):
    return (client.session.get(progress.KEY) or {}).get("run", {}).get(slug)


def test_hostile_lesson_requests_never_fail_the_server_and_a_refused_move_is_not_made(monkeypatch):
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    now = {"ms": 5_000_000}
    monkeypatch.setattr(progress, "wall_ms", lambda: now["ms"])
    monkeypatch.setattr(tutorial.views, "wall_ms", lambda: now["ms"])
    learner = browser()
    hostile = Hostile(29)
    for n in range(REQUESTS):
        now["ms"] += hostile.choice([0, 0, 200, 1500, 6000])
        slug = hostile.choice(SLUGS)
        kind = hostile.choice(["act"] * 5 + ["poll", "hint", "step", "page"])
        body, htmx = hostile.choice(BODIES), hostile.rng.random() < 0.7
        client = dead_session() if hostile.rng.random() < 0.1 else learner
        before = lesson_run(client, slug)
        if before is None or before["state"]["status"] != runner.PLAYING and hostile.rng.random() < 0.7:
            # The step runs from here on; a finished step is mostly tried again, as a learner would.
            send(client, "POST", learn(slug) + "step/", {"op": "retry"})
            before = lesson_run(client, slug)
        state = before["state"]
        game = runner.game_of(state)
        data = hostile.move(game.legal_actions(runner.LEARNER), len(game.log))
        if kind == "act":
            response = send(client, "POST", learn(slug) + "act/", data, body, htmx)
        elif kind == "poll":
            response = send(client, "GET", learn(slug) + "poll/", {"version": data["version"]}, htmx=htmx)
        elif kind == "hint":
            response = send(client, "POST", learn(slug) + "hint/", data, body, htmx)
        elif kind == "step":
            data = {"op": hostile.choice(["retry", "next", "goto", "reset-lesson", "x"]), "key": hostile.word()}
            response = send(client, "POST", learn(slug) + "step/", data, body, htmx)
        else:
            response = send(client, "GET", learn(slug), {"step": data["action"]}, htmx=htmx)
        sent = (n, slug, kind, body, data)
        assert response.status_code < 500, sent
        refused = response.status_code >= 400 or (htmx and 'role="alert"' in response.content.decode())
        if kind == "act" and refused:
            step = Step.objects.get(lesson__slug=slug, key=before["step"]).runner_step()
            caught_up = runner.tick(step, state, max(0, now["ms"] - before["t0"])).state
            after = lesson_run(client, slug)
            # Unsaved (refused before the view) or caught up with the clock, but the move not made.
            assert after["step"] == before["step"] and after["state"] in (state, caught_up), sent
