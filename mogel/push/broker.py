"""The broker: ``notify(channel, version)`` with a change, ``wait(channel, known, timeout_s)``
until a newer version of that channel is committed or the caller's next wake time has come.

Chosen from the database setting alone (docs/push.md), so a deployment runs nothing new:

- PostgreSQL: ``NOTIFY mogel_push, '<channel> <version>'`` in the change's own transaction
  (PostgreSQL delivers it when, and only if, that transaction commits). Each server process
  holds one LISTEN connection per event loop, shared by all the streams it serves.
- any other database (SQLite): the row ``push_channel(<channel>)`` takes the version in the
  change's transaction; one poller per process re-reads, every 200 ms, the rows that somebody
  waits on. It works across processes as the database does.

Never process memory as the fan-out: a process only remembers, for its own streams, which
versions it has already heard of. A version is a number that grows with each change of the
channel; the broker never carries anything else (no state, nothing a seat may not see).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import OrderedDict, defaultdict
from typing import Callable

from asgiref.sync import sync_to_async
from django.db import IntegrityError, close_old_connections, connections, transaction

from .models import Channel

PG_CHANNEL = "mogel_push"
POLL_S = 0.2
# Versions heard lately, per process: a stream that re-read its row just before a NOTIFY came
# and only then waits still learns of it. Older entries belong to games nobody watches.
RECENT = 4096
# A listener that failed is tried again after this long; meanwhile waits run to their timeout,
# so streams still see each change at their next tick (slower, never lost).
RETRY_S = 1.0
# A process's LISTEN connection is closed after this long with nobody waiting.
IDLE_S = 60.0
BATCH = 500

log = logging.getLogger(__name__)


def postgres() -> bool:
    return connections["default"].vendor == "postgresql"


def notify(channel: str, version: int) -> None:
    """Tell every process that ``channel`` reached ``version``. Call it in the transaction of the
    change (or after it committed): waiters hear of it only once it is committed."""
    if postgres():
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [PG_CHANNEL, f"{channel} {version}"])
        return
    with transaction.atomic():
        if Channel.objects.filter(name=channel, version__lt=version).update(version=version):
            return
        try:
            with transaction.atomic():
                Channel.objects.get_or_create(name=channel, defaults={"version": version})
        except IntegrityError:   # created meanwhile by another process: raise it if still lower
            Channel.objects.filter(name=channel, version__lt=version).update(version=version)


def kept(prefix: str) -> list[str]:
    """The channels whose rows the broker keeps, by name prefix (SQLite; PostgreSQL keeps none)."""
    return list(Channel.objects.filter(name__startswith=prefix).values_list("name", flat=True))


def forget(channels: list[str]) -> None:
    """The channels of deleted games: their rows go (SQLite; PostgreSQL keeps nothing)."""
    for start in range(0, len(channels), BATCH):
        Channel.objects.filter(name__in=channels[start:start + BATCH]).delete()


def _versions(names: list[str]) -> list[tuple[str, int]]:
    found = []
    for start in range(0, len(names), BATCH):
        found += Channel.objects.filter(name__in=names[start:start + BATCH]).values_list("name", "version")
    return found


def _pooled_versions(names: list[str]) -> list[tuple[str, int]]:
    # In a pool thread: its connection is renewed and given back as a request's is.
    close_old_connections()
    try:
        return _versions(names)
    finally:
        close_old_connections()


def _parse(payload: str) -> tuple[str, int] | None:
    channel, _space, version = payload.rpartition(" ")
    return (channel, int(version)) if channel and version.isdigit() else None


def _pg_params() -> dict:
    """libpq parameters of Django's own database (the test database under pytest)."""
    settings = connections["default"].settings_dict
    params = {"dbname": settings["NAME"], "user": settings["USER"], "password": settings["PASSWORD"],
              "host": settings["HOST"], "port": settings["PORT"]}
    django_only = {"isolation_level", "server_side_binding", "pool", "assume_role", "cursor_factory"}
    params.update({k: v for k, v in settings.get("OPTIONS", {}).items() if k not in django_only})
    return {k: v for k, v in params.items() if v not in ("", None)}


class _Hub:
    """One process's (one event loop's) waiting streams and the versions it heard of."""

    def __init__(self, loop):
        self.loop = loop
        self.waiting: dict[str, list] = defaultdict(list)
        self.recent: OrderedDict[str, int] = OrderedDict()
        self.task = None
        self.failed_at = -RETRY_S
        self.listening = asyncio.Event()
        # Counts the listener's starts and failures: a stream that read its state under one
        # count, and finds the same one later while listening, has missed no change meanwhile.
        self.epoch = 0
        self.failing = False
        # Channels a stream only looks at, at its beat (its own ``shut-<id>``): whether heard.
        self.watched: dict[str, bool] = {}

    def heard(self, channel: str, version: int) -> None:
        if channel in self.watched:
            self.watched[channel] = True
        if version > self.recent.get(channel, -1):
            self.recent[channel] = version
        self.recent.move_to_end(channel)
        while len(self.recent) > RECENT:
            self.recent.popitem(last=False)
        for known, future in self.waiting.get(channel, ()):
            if version > known and not future.done():
                future.set_result(version)

    def start(self) -> None:
        if self.task is None or self.task.done():
            if time.monotonic() - self.failed_at >= RETRY_S:
                self.task = self.loop.create_task(self._guarded())

    async def ready(self, timeout_s: float = 2.0) -> None:
        """Listening (PostgreSQL): from now on no committed change is missed."""
        self.start()
        if postgres():
            try:
                await asyncio.wait_for(self.listening.wait(), timeout_s)
            except TimeoutError:
                pass

    def health(self) -> int | None:
        """See :func:`health`."""
        if postgres():
            return self.epoch if self.listening.is_set() else None
        # SQLite's poller compares the rows' versions, so it misses nothing once it runs again;
        # while it fails, streams read at every beat all the same.
        return None if self.failing else self.epoch

    async def wait(self, channel: str, known: int, timeout_s: float) -> int | None:
        latest = self.recent.get(channel)
        if latest is not None and latest > known:
            return latest
        entry = (known, self.loop.create_future())
        self.waiting[channel].append(entry)
        self.start()
        try:
            return await asyncio.wait_for(entry[1], max(0.0, timeout_s))
        except TimeoutError:
            return None
        finally:
            self.waiting[channel].remove(entry)
            if not self.waiting[channel]:
                del self.waiting[channel]

    def watch(self, channel: str) -> None:
        self.watched.setdefault(channel, False)
        self.start()

    def heard_of(self, channel: str) -> bool:
        return self.watched.get(channel, False) or channel in self.recent

    async def _guarded(self) -> None:
        try:
            await (self._listen() if postgres() else self._poll())
        except asyncio.CancelledError:
            raise
        except Exception:
            self.failed_at = time.monotonic()
            self.failing = True
            self.epoch += 1
            log.warning("push broker failed; streams fall back to their ticks", exc_info=True)
        finally:
            self.listening.clear()

    async def _poll(self) -> None:
        while self.waiting or self.watched:
            names = list({*self.waiting, *self.watched})
            for name, version in await sync_to_async(_pooled_versions, thread_sensitive=False)(names):
                self.heard(name, version)
            self.failing = False
            await asyncio.sleep(POLL_S)

    async def _listen(self) -> None:
        import psycopg

        connection = await psycopg.AsyncConnection.connect(**_pg_params(), autocommit=True)
        try:
            await connection.execute(f"LISTEN {PG_CHANNEL}")
            self.epoch += 1
            self.listening.set()
            idle = 0.0
            while idle < IDLE_S:
                async for note in connection.notifies(timeout=1.0):
                    parsed = _parse(note.payload)
                    if parsed:
                        self.heard(*parsed)
                idle = 0.0 if self.waiting or self.watched else idle + 1.0
        finally:
            await connection.close()


_hubs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _hub() -> _Hub:
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None:
        hub = _hubs[loop] = _Hub(loop)
    return hub


async def ready() -> None:
    """Call once before a stream first reads its state: the process is then listening."""
    await _hub().ready()


def health() -> int | None:
    """A token that stays the same while this process hears every committed change; None while
    it may not (the listener failed or is not listening yet: a stream then reads at every beat,
    so a change comes a little later but is never lost). Call it in the event loop's thread."""
    return _hub().health()


def watch(channel: str) -> None:
    """Note whether ``channel`` is ever notified, for :func:`heard_of` (no wait on it: a stream
    looks at its beat). Call it in the event loop's thread; :func:`unwatch` when done."""
    _hub().watch(channel)


def unwatch(channel: str) -> None:
    _hub().watched.pop(channel, None)


def heard_of(channel: str) -> bool:
    """Whether this process heard ``channel`` notified since :func:`watch` (or lately)."""
    return _hub().heard_of(channel)


async def wait(channel: str, known: int, timeout_s: float) -> int | None:
    """The newer version of ``channel`` once one is committed (> ``known``), or None after
    ``timeout_s`` seconds (the caller's next wake time)."""
    return await _hub().wait(channel, known, timeout_s)


class SyncWaiter:
    """:func:`wait` for a stream served by a WSGI server (``manage.py runserver``, the test
    server): it holds a thread anyway, so it waits in it; on PostgreSQL with a LISTEN
    connection of its own, closed by :meth:`close`."""

    def __init__(self):
        self.connection = None
        self.epoch = 0
        self.watched, self.shut, self.before = None, False, None

    def watch(self, channel: str, before: Callable[[], bool]) -> None:
        """As :func:`watch`, for this stream's one channel: :attr:`shut` once notified; a wait
        then ends at once. ``before()`` (PostgreSQL): whether it was notified before this waiter
        listened, asked once as it begins to (SQLite reads the channel's row with each wait)."""
        self.watched, self.before = channel, before

    def health(self) -> int | None:
        """As :func:`health`. SQLite: its wait compares the row's version itself, so it misses
        nothing. PostgreSQL: from the first wait on, its connection listens (a failure ends the
        stream, and the page reconnects)."""
        if not postgres():
            return 0
        return self.epoch if self.connection is not None else None

    def wait(self, channel: str, known: int, timeout_s: float) -> int | None:
        ends = time.monotonic() + max(0.0, timeout_s)
        if not postgres():
            while True:
                versions = dict(_versions([channel, self.watched] if self.watched else [channel]))
                self.shut = self.shut or self.watched in versions
                version = versions.get(channel)
                if version is not None and version > known:
                    return version
                if self.shut:
                    return None
                left = ends - time.monotonic()
                if left <= 0:
                    return None
                time.sleep(min(POLL_S, left))
        if self.connection is None:
            import psycopg
            self.connection = psycopg.Connection.connect(**_pg_params(), autocommit=True)
            self.connection.execute(f"LISTEN {PG_CHANNEL}")
            self.epoch += 1
            if self.before is not None and self.before():
                self.shut = True
                return None
        while (left := ends - time.monotonic()) > 0:
            for note in self.connection.notifies(timeout=left):
                parsed = _parse(note.payload)
                if parsed and parsed[0] == channel and parsed[1] > known:
                    return parsed[1]
                if parsed and parsed[0] == self.watched:
                    self.shut = True
                    return None
        return None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
