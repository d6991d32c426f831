"""A friends' table's streams send patches (mogel.table.regions) that leave every page, each
seat's and a spectator's, identical to the whole table rendered from the context its stream
hashed: seeded games of both kinds, two people playing at random what their pages offer beside
a bot (tests/platform/test_regions.py for the practice table, whose Page plays the browser's
part here too)."""

import random

import pytest
from django.test import Client

from mogel.play.models import PracticeGame

from ..platform import dom
from ..platform.play_helpers import sse_events
from ..platform.test_regions import Page
from .helpers import random_step, started, table_url
from .test_leaks import stream_of

pytestmark = pytest.mark.django_db

TABLE_EVENTS = ("redraw", "table", "resume", "patch")
SEED = 7_420_000


def recorded(source):
    """``source`` and the whole table of the last context its painter built."""
    painter, built = source.render, []
    context = painter.context

    def keep(turn, client_version):
        built.append(context(turn, client_version))
        return built[-1]
    painter.context = keep
    return source, lambda: painter.whole(built[-1])


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
@pytest.mark.parametrize("seed", range(2))
def test_friends_pages_on_patches_show_what_whole_tables_show(clock, settings, kind, seed):
    settings.MOGEL_PLAY_SEED = SEED + seed
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    settings.MOGEL_FRIENDS_GRACE_MS = 10 ** 9
    host, watcher = Client(), Client()
    table, (ben,) = started(host, "Ben", kind=kind, spectators="on")
    clients = {0: host, 1: ben, None: watcher}
    streams = {seat: recorded(stream_of(c, table)) for seat, c in clients.items()}
    pages = {seat: Page(sse_events(source.first().message)[0]["data"]) for seat, (source, _whole) in streams.items()}
    rng = random.Random(seed)

    def poller(client):
        def poll(version):
            answer = client.get(table_url(table) + "poll/", {"version": version}, HTTP_HX_REQUEST="true")
            return answer.content.decode()
        return poll

    # Enough for a whole game of random moves: a held race (docs/friends.md) makes some longer.
    for _ in range(1500):
        seat = rng.choice((0, 1))
        answer = random_step(clients[seat], dom.write(pages[seat].table), table, clock, rng)
        if answer.status_code in (200, 400, 409) and 'id="table"' in answer.content.decode():
            pages[seat].show(answer.content.decode())
        for who, (source, whole) in streams.items():
            for pushed in sse_events(source.later().message or ""):
                if pushed["event"] in TABLE_EVENTS:
                    pages[who].take(pushed, whole(), poller(clients[who]))
        if PracticeGame.objects.get(pk=table.game_id).over:
            break
    assert PracticeGame.objects.get(pk=table.game_id).over, "the game ended"
    for who, page in pages.items():
        assert page.patched >= 10 and page.patched > 5 * page.refused, (who, page.patched, page.refused)
