"""Nothing a seat may not see leaves the server: twenty seeded friends' games per game kind,
two people playing at random what their pages offer, a bot, and a spectator. Every page, poll
answer, POST answer and presence fragment of every person and of the spectator is scanned for
another seat's cards, the draw order, the seed and another seat's private event; so is every
message each person's and the spectator's stream pushes (mogel/friends/stream.py), step by step."""

import json
import random
import re
from collections import Counter

import pytest
from django.test import Client, RequestFactory
from django.utils.html import escape

from mogel import games
from mogel.play import service as play
from mogel.play.models import PracticeGame

from ..platform.play_helpers import sse_events
from .helpers import random_step, started, table_url, version_of

pytestmark = pytest.mark.django_db

CARD_TEXT = re.compile(r"\b(black|red|yellow|blue)[ -](\d+)\b")
SEED = 7_310_000_000


@pytest.fixture
def fast(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    settings.MOGEL_FRIENDS_GRACE_MS = 10 ** 9
    return settings


def hidden_faces(log, seat):
    """Mogelei: face-down cards laid by other seats and never turned up."""
    laid, shown = set(), set()
    for e in log:
        if e["code"] == "laid" and e["seat"] != seat:
            laid.add(e["card"])
        elif e["code"] in ("revealed", "accused", "fattest_egg"):
            shown.add(e["card"])
        elif e["code"] == "turned_up":
            shown.update(e["cards"].values())
    return laid - shown


def scan(text, table, seat, names):
    """Assert ``text`` (an answer to ``seat``; None: the spectator) shows nothing ``seat`` may not see."""
    row = PracticeGame.objects.get(pk=table.game_id)
    game, kind = play.load(row).game, games.get(table.kind)
    log = row.stored_log()
    assert str(game.seed) not in text, "the seed"
    mine = Counter(game.hands[seat]) if seat is not None else Counter()
    shown = Counter(re.findall(r'data-card="([^"]+)"', text))
    assert not shown - mine, f"cards not in seat {seat}'s hand: {shown - mine}"
    draw = getattr(game, "draw", None)
    if draw and len(draw) >= 3:
        assert json.dumps(draw[:3])[1:-1] not in text, "the draw order"
    if table.kind == "mogelei":
        faces = {f"{c}-{v}" for c, v in CARD_TEXT.findall(text)} & hidden_faces(log, seat)
        assert not faces, f"face-down cards of others: {faces}"
    # Another seat's private event, in its owner's words, unless the seat's own log says the
    # same words of its own (everyone is dealt cards; two may make the same card disappear).
    own = {kind.describe(v, names, seat) for v in (kind.visible(e, seat) for e in log) if v}
    for e in log:
        only = e.get("only")
        if only is None or seat in only:
            continue
        for owner in only:
            line = kind.describe(kind.visible(e, owner), names, owner)
            if line and len(line) > 12 and line not in own:
                assert escape(line) not in text and line not in text, f"seat {owner}'s private event: {line}"


def stream_of(client, table):
    """The stream's source a page of ``client`` would get: its messages are read step by step."""
    from mogel.friends import views

    request = RequestFactory().get(table_url(table) + "stream/", {"version": 0})
    request.session, request.htmx = client.session, False
    return views._source(request, table.code)


def scan_pushed(update, table, seat, names, patches=None):
    """Scan what a stream sent (a whole table, a patch of its changed regions, the seats panel);
    1 if it carried the table. ``patches``: a list that counts the patches scanned."""
    events = sse_events(update.message or "")
    for pushed in events:
        scan(pushed["data"], table, seat, names)
        if patches is not None and pushed["event"] == "patch":
            patches.append(seat)
    return 1 if any(e["event"] in ("redraw", "table", "patch") for e in events) else 0


def play_and_scan(table, people, watcher, clock, rng, max_steps=2500):
    names = [s.name for s in table.seats.order_by("number")]
    streams = {seat: stream_of(c, table) for seat, c in [*people.items(), (None, watcher)]}
    pushed, patches = sum(scan_pushed(source.first(), table, seat, names) for seat, source in streams.items()), []
    pages = {seat: c.get(table_url(table)).content.decode() for seat, c in people.items()}
    watched = watcher.get(table_url(table)).content.decode()
    for seat, text in pages.items():
        scan(text, table, seat, names)
    answers = 0
    for step in range(max_steps):
        # Each answer is scanned as it comes, against the game as it stands then: a page kept
        # since may show its own card that another person's request took since (a race held
        # while another could still race, released by that request: docs/friends.md).
        scan(watched, table, None, names)
        if PracticeGame.objects.get(pk=table.game_id).over:
            assert pushed > len(streams), "the streams pushed the game's moves"
            assert patches, "the streams pushed patches, not only whole tables"
            return answers
        seat = rng.choice(list(people))
        client, text = people[seat], pages[seat]
        response = random_step(client, text, table, clock, rng)
        assert response.status_code in (200, 204, 286, 400, 409), response.status_code
        if response.status_code != 204:
            pages[seat] = response.content.decode()
            scan(pages[seat], table, seat, names)
        answers += 1
        if step % 5 == 0:
            pushed += sum(scan_pushed(source.later(), table, seat, names, patches) for seat, source in streams.items())
            response = watcher.get(table_url(table) + "poll/", {"version": version_of(watched)}, HTTP_HX_REQUEST="true")
            if response.status_code != 204:
                watched = response.content.decode()
            scan(client.get(table_url(table) + "seats/", HTTP_HX_REQUEST="true").content.decode(), table, seat, names)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
@pytest.mark.parametrize("batch", range(4))
def test_twenty_seeded_friends_games_per_kind_show_no_seat_what_it_may_not_see(fast, clock, settings, kind, batch):
    answers = 0
    for n in range(batch * 5, batch * 5 + 5):
        settings.MOGEL_PLAY_SEED = SEED + n
        host = Client()
        table, (ben,) = started(host, "Ben", kind=kind, spectators="on",
                                level=("easy", "normal", "hard")[n % 3])
        answers += play_and_scan(table, {0: host, 1: ben}, Client(), clock, random.Random(n))
        # The pages after the end, scores and all.
        names = [s.name for s in table.seats.order_by("number")]
        for seat, c in ((0, host), (1, ben)):
            scan(c.get(table_url(table)).content.decode(), table, seat, names)
    assert answers > 50
