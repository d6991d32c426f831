"""The push broker (mogel.push.broker) on this run's database: SQLite, and PostgreSQL when
make test runs the site tests there. Waits run in other threads and connections, as a
server's do, so the changes they hear of are committed ones."""

import asyncio
import threading
import time

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections, transaction

from mogel.push import broker

from .play_helpers import run_async

pytestmark = pytest.mark.django_db(transaction=True)


def later(seconds, call):
    """``call`` in another thread after ``seconds``, as another server process would."""
    def run():
        try:
            call()
        finally:
            connections.close_all()   # the thread's own connection: the test database is dropped after
    timer = threading.Timer(seconds, run)
    timer.start()
    return timer


def test_a_waiting_stream_hears_of_a_change_committed_by_another_thread():
    async def scenario():
        await broker.ready()
        later(0.3, lambda: broker.notify("test-a", 5))
        return await broker.wait("test-a", 4, 10.0)
    started = time.monotonic()
    assert run_async(scenario) == 5
    # Woken by the change, not by the timeout.
    assert time.monotonic() - started < 10


def test_a_version_the_stream_already_knows_wakes_nothing():
    async def scenario():
        await broker.ready()
        await sync_to_async(broker.notify)("test-b", 3)
        return await broker.wait("test-b", 3, 0.6), await broker.wait("test-b", 2, 5.0)
    assert run_async(scenario) == (None, 3)


def test_a_change_rolled_back_is_never_heard_of():
    def rolled_back():
        try:
            with transaction.atomic():
                broker.notify("test-c", 9)
                raise RuntimeError
        except RuntimeError:
            pass

    async def scenario():
        await broker.ready()
        later(0.1, rolled_back)
        return await broker.wait("test-c", 0, 1.0)
    assert run_async(scenario) is None


def test_streams_of_several_channels_each_hear_only_their_own():
    async def scenario():
        await broker.ready()
        later(0.3, lambda: broker.notify("test-d1", 2))
        return await asyncio.gather(broker.wait("test-d1", 1, 5.0), broker.wait("test-d2", 1, 1.0))
    assert run_async(scenario) == [2, None]


def test_a_stream_served_by_a_wsgi_server_waits_in_its_thread():
    waiter = broker.SyncWaiter()
    try:
        assert waiter.wait("test-e", 0, 0.3) is None
        later(0.3, lambda: broker.notify("test-e", 1))
        assert waiter.wait("test-e", 0, 10.0) == 1
    finally:
        waiter.close()


@pytest.mark.skipif(connection.vendor == "postgresql", reason="PostgreSQL keeps no channel rows")
def test_the_sqlite_row_never_goes_back_when_an_older_change_commits_last():
    broker.notify("test-f", 8)
    broker.notify("test-f", 6)
    assert broker._versions(["test-f"]) == [("test-f", 8)]
    broker.forget(["test-f"])
    assert broker._versions(["test-f"]) == []


@pytest.mark.skipif(connection.vendor == "postgresql", reason="PostgreSQL keeps no channel rows")
def test_pruned_and_abandoned_games_leave_no_channel_row(client, settings):
    from django.core.management import call_command

    from mogel.play.models import PracticeGame
    from mogel.push.models import Channel

    from .play_helpers import LOBBY

    def started():
        return client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                         "ant_pile": "discard"}).url
    kept, abandoned, pruned = started(), started(), started()
    names = {url: "play-" + url.rstrip("/").split("/")[-1] for url in (kept, abandoned, pruned)}
    assert set(Channel.objects.values_list("name", flat=True)) == set(names.values())
    client.post(abandoned + "abandon/", {"confirm": "yes"})
    PracticeGame.objects.filter(pk=names[pruned][5:]).update(updated="2000-01-01T00:00:00Z")
    call_command("prunegames", stdout=open("/dev/null", "w"))
    assert list(Channel.objects.values_list("name", flat=True)) == [names[kept]]
