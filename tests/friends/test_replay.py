"""The replay of a friends' game: each person steps through it from their own seat, seeing
only their own hand (as it was at that step) while the game runs; a spectator public events
only; a stranger is refused. Once over, every hand, and a shareable link on the final summary."""

import random
import re
from collections import Counter

import pytest
from django.test import Client
from django.utils.html import escape

from mogel import games
from mogel.play import replay as replays
from mogel.play.models import PracticeGame

from .helpers import random_step, started, table_url
from .test_leaks import CARD_TEXT, SEED, fast, hidden_faces  # noqa: F401  (fast: a fixture)

pytestmark = pytest.mark.django_db


def play(table, people, clock, rng, steps, until_over=False):
    """The people play at random what their pages offer (the bot plays its own seat)."""
    pages = {seat: c.get(table_url(table)).content.decode() for seat, c in people.items()}
    for _ in range(steps):
        if until_over and PracticeGame.objects.get(pk=table.game_id).over:
            return pages
        seat = rng.choice(list(people))
        client, text = people[seat], pages[seat]
        response = random_step(client, text, table, clock, rng)
        if response.status_code != 204:
            pages[seat] = response.content.decode()
    assert not until_over, "the game did not end"
    return pages


def private_lines(kind, log, seat, names):
    """Other seats' private events in their owners' words, unless the seat's own log has the same line."""
    own = {kind.describe(v, names, seat) for v in (kind.visible(e, seat) for e in log) if v}
    for e in log:
        for owner in e.get("only") or ():
            if seat is not None and seat in e["only"]:
                break
            line = kind.describe(kind.visible(e, owner), names, owner)
            if line and len(line) > 12 and line not in own:
                yield line


def check_step(text, table, seat, step, names):
    """The replay page at ``step`` for ``seat`` shows only that seat's hand as it was then."""
    row, kind = PracticeGame.objects.get(pk=table.game_id), games.get(table.kind)
    replay = replays.at_step(row, kind, step, everyone=False, seat=seat)
    assert replay is not None
    mine = Counter(replay.game.hands[seat]) if seat is not None else Counter()
    shown = Counter(re.findall(r'data-card="([^"]+)"', text))
    assert not shown - mine, f"step {step}: cards not in seat {seat}'s hand: {shown - mine}"
    assert "replay-hands-title" not in text
    log = row.stored_log()[:replay.end]
    if table.kind == "mogelei":
        faces = {f"{c}-{v}" for c, v in CARD_TEXT.findall(text)} & hidden_faces(log, seat)
        assert not faces, f"step {step}: face-down cards of others: {faces}"
    for line in private_lines(kind, log, seat, names):
        assert escape(line) not in text and line not in text, f"step {step}: a private event: {line}"
    return replay.last


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
def test_each_seat_steps_through_an_unfinished_game_seeing_only_its_own_hand(fast, clock, settings, kind):
    settings.MOGEL_PLAY_SEED = SEED + 3
    ann = Client()
    table, (ben,) = started(ann, "Ben", kind=kind, spectators="on")
    play(table, {0: ann, 1: ben}, clock, random.Random(5), steps=120)
    assert not PracticeGame.objects.get(pk=table.game_id).over
    names = [s.name for s in table.seats.order_by("number")]
    lasts = {}
    for seat, client in ((0, ann), (1, ben), (None, Client())):
        first = client.get(table_url(table) + "replay/")
        assert first.status_code == 200
        last = check_step(first.content.decode(), table, seat, 0, names)
        assert last > 3
        for step in range(1, last + 1):
            response = client.get(f"{table_url(table)}replay/{step}/")
            assert response.status_code == 200
            check_step(response.content.decode(), table, seat, step, names)
        assert client.get(f"{table_url(table)}replay/{last + 1}/").status_code == 404
        lasts[seat] = last
    # The spectator's steps are the public moves only: fewer than a person's, who also saw their own.
    assert lasts[None] <= min(lasts[0], lasts[1])
    assert "Share this replay" not in ann.get(table_url(table) + "replay/").content.decode()


def test_a_stranger_or_a_forged_seat_is_refused_the_replay(fast, clock):
    ann = Client()
    table, (ben,) = started(ann, "Ben")
    play(table, {0: ann, 1: ben}, clock, random.Random(1), steps=20)
    stranger = Client()
    response = stranger.get(table_url(table) + "replay/")
    assert response.status_code == 403
    assert "data-card" not in response.content.decode()
    forged = Client()
    session = forged.session
    session["friends"] = {table.pk: "not-a-seat-secret"}
    session.save()
    assert forged.get(table_url(table) + "replay/3/").status_code == 403
    # The practice game's replay never serves a friends' game, whatever its id.
    row = PracticeGame.objects.get(pk=table.game_id)
    assert ann.get(games.get(table.kind).play_url("replay", row.pk)).status_code == 404
    de = ann.get(f"/de/freunde/{table.code}/wiederholung/")
    assert de.status_code == 200 and "Schritt 0" in de.content.decode()


def test_a_finished_game_shows_every_hand_and_its_shared_link_is_on_the_summary(fast, clock, settings):
    settings.MOGEL_PLAY_SEED = SEED + 11
    ann = Client()
    table, (ben,) = started(ann, "Ben", kind="mogelei")
    pages = play(table, {0: ann, 1: ben}, clock, random.Random(2), steps=3000, until_over=True)
    page = ann.get(table_url(table)).content.decode()
    link = re.search(r'href="([^"]+)" id="watch-replay"', page)
    assert link, pages[0][-2000:]
    row = PracticeGame.objects.get(pk=table.game_id)
    assert row.replay_token in link.group(1) and table.code not in link.group(1)
    watched = Client().get(link.group(1))
    text = watched.content.decode()
    assert watched.status_code == 200 and "replay-hands-title" in text
    for name in ("Ann", "Ben"):
        assert name in text
    # The shared link lets nobody act: the stranger still has no seat at the table.
    assert Client().get(table_url(table) + "replay/").status_code == 403
    assert Client().get("/en/friends/replay/" + "x" * 22 + "/").status_code == 404
    # Its token is the friends' replay's only: the practice game's shared address does not serve it.
    practice = games.get(table.kind).url("play", "replay-shared", token=row.replay_token, step=0)
    assert Client().get(practice).status_code == 404
