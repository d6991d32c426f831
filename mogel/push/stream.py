"""One server-sent event stream per page: the transport an app puts its live page on
(docs/push.md). It knows channels, versions and text, never a game.

An app gives :func:`respond` a *source*: an object with two plain (synchronous) methods,
``first()`` and ``later(heard, sure)``, each returning an :class:`Update`. ``first()`` answers a
page that just connected (or reconnected): always the whole page's fragment, never missed deltas.
``later()`` is asked when the channel moved (``heard``: the version the broker heard), when the
source's own wake time came, or at a beat (``MOGEL_PUSH_TICK_MS``) if the source asked for every
beat or the broker may have missed a change (``sure`` False); it says what is new for this page,
if anything. While the broker hears every change, a beat with nothing new runs no step at all.

Served by an ASGI server (uvicorn), the loop is an async iterator: waiting costs no thread,
and the source's database work runs in the default thread pool, one step at a time. Served
by a WSGI server (``manage.py runserver``, Django's test server) the same loop runs in the
request's thread, so ``make run`` needs nothing more.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import weakref
import zlib
from dataclasses import dataclass
from typing import Callable, Hashable

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_vary_headers

from . import broker, caps
from .connections import released

log = logging.getLogger(__name__)

# The page reconnects this long after a stream ended or dropped (the browser's EventSource).
RETRY_MS = 1000
# The event that closes the page's EventSource for good (the htmx extension's sse-close).
CLOSE = "close"
# A stream a newer one pushed out (mogel.push.caps) tells its page to reconnect this much later:
# it polls meanwhile, and a reconnect while the cap is still full is refused (429).
PUSHED_OUT_RETRY_MS = 30_000


@dataclass
class Keep:
    """A page's presence, noted for many open pages at once instead of a step per page:
    ``note(keys)`` (a plain function, run in a worker thread) notes the presence of every key it
    can and returns those it noted; a key it could not note gets its source's step instead. Due
    ``due_s`` after the step that gave it, then every ``every_s`` while noted."""
    key: Hashable
    due_s: float
    every_s: float
    note: Callable[[list], set]


@dataclass
class Update:
    """What a source says after a step.

    ``channel`` and ``version``: what to wait on next (the version the source has seen).
    ``message``: a server-sent event to send now (:func:`event`), or None. ``wake_s``: ask again
    by then at the latest (a move falling due); None: no time of its own. ``each_beat``: ask at
    every beat as well (a source that must read what nobody notifies); False: only when the
    channel moves or ``wake_s`` comes, while the broker hears every change. ``keep``: the page's
    presence to note meanwhile (:class:`Keep`), or None.
    ``done``: the last message (a finished game): the page is told to close its stream instead
    of reconnecting.
    """
    channel: str
    version: int
    message: str | None = None
    wake_s: float | None = None
    done: bool = False
    each_beat: bool = True
    keep: Keep | None = None


def event(data: str, name: str | None = None, id: int | str | None = None) -> str:
    """One server-sent event. ``id`` comes back as Last-Event-ID when the browser reconnects."""
    lines = [] if id is None else [f"id: {id}"]
    if name:
        lines.append(f"event: {name}")
    lines += ["data: " + line for line in (data.splitlines() or [""])]
    return "\n".join(lines) + "\n\n"


def last_event_id(request) -> str | None:
    """The id of the last event the page received before it reconnected, if any."""
    return request.headers.get("Last-Event-ID")


def _tick_s() -> float:
    return int(getattr(settings, "MOGEL_PUSH_TICK_MS", 1000)) / 1000


def _lifetime_s() -> float:
    return float(getattr(settings, "MOGEL_PUSH_LIFETIME_S", 300))


def _now() -> float:
    return time.monotonic()


# The loop's commands (see _steps).
FIRST, LATER, SEND, WAIT, KEEP = "first", "later", "send", "wait", "keep"
COMMENT = ":\n\n"
NEVER = float("inf")
# A wait's timer may end a hair before the wake it was set for (float seconds, rounding).
EARLY_S = 0.001


def _steps(health, shut=lambda: False):
    """The loop, as commands for the server: (FIRST,) and (LATER, heard, sure) ask the source (its
    database step, in a worker thread) and are answered with its Update; (SEND, text); (WAIT,
    channel, version, timeout_s) is answered with the version the broker heard, or None; (KEEP,
    keep) with True once the page's presence is noted (False: ask the source instead).
    ``health()``: the broker's token (:func:`broker.health`): the same token before a step and
    after a wait means that no change was missed in between. ``shut()``: a newer stream of the
    same browser or address closed this one (mogel.push.caps): looked at after every wait, the
    stream then ends, its page told to come back only later.

    Nothing is sent at a moment only the server knows: an event when the source has news
    for the page, else a comment on a fixed beat from the stream's start (it keeps proxies
    from closing an idle stream, and a WSGI server learns soon that the page went away). A
    wake at a bot's secret move that shows nothing sends nothing.

    A stream ends after its lifetime, and the page reconnects and is redrawn: a stream never
    outlives a deploy for long, and no page keeps an answer it got long ago."""
    token = health()
    update = yield FIRST,
    yield SEND, f"retry: {RETRY_MS}\n" + (update.message or COMMENT)
    start = _now()
    ends, beat = start + _lifetime_s(), start + _tick_s()
    wake, keep = _wakes(update, start)
    while not update.done:
        now = _now()
        if now >= ends:
            return
        heard = yield WAIT, update.channel, update.version, max(0.0, min(beat, ends, wake, keep) - now)
        if shut():
            yield SEND, f"retry: {PUSHED_OUT_RETRY_MS}\n\n"
            return
        sure = token is not None and health() == token
        # Nothing heard, nothing missed, nothing due: the beat runs no step of the source.
        quiet = heard is None and sure and not update.each_beat and _now() < wake - EARLY_S
        if quiet and update.keep is not None and _now() >= keep - EARLY_S:
            # A presence that could not be noted changed meanwhile: the source reads it.
            quiet = sure = yield KEEP, update.keep
            keep = _now() + update.keep.every_s
        message = None
        if not quiet:
            token = health()
            update = yield LATER, heard, sure
            message = update.message
            wake, keep = _wakes(update, _now())
        now = _now()
        if message:
            yield SEND, message
        elif now >= beat:
            yield SEND, COMMENT
        while beat <= now:
            beat += _tick_s()
    yield SEND, event("", CLOSE)


def _wakes(update: Update, now: float) -> tuple[float, float]:
    """When to ask the source next, and when to note the page's presence."""
    wake = NEVER if update.wake_s is None else now + update.wake_s
    return wake, NEVER if update.keep is None else now + update.keep.due_s


def _next(steps, answer) -> tuple | None:
    """The loop's next command, given the answer to its last one; None once it ended."""
    try:
        return steps.send(answer)
    except StopIteration:
        return None


def _ask(source, command) -> Update:
    return source.first() if command[0] == FIRST else source.later(*command[1:])


class _Gzip:
    """gzip over the whole stream, flushed after every event: Django's GZipMiddleware would hold
    events back until its buffer fills. Each table compresses against the ones before it, so an
    event costs a fraction of a polled table. (No BREACH risk worth the name: nothing a third
    party writes is echoed into a seat's stream.)"""

    def __init__(self, enabled: bool):
        self.compressor = zlib.compressobj(6, zlib.DEFLATED, 31) if enabled else None

    def __call__(self, text: str) -> bytes:
        data = text.encode()
        if self.compressor is None:
            return data
        return self.compressor.compress(data) + self.compressor.flush(zlib.Z_SYNC_FLUSH)

    def end(self) -> bytes:
        """The gzip trailer, when the stream ends by itself."""
        return b"" if self.compressor is None else self.compressor.flush()


def _accepts_gzip(request) -> bool:
    return bool(re.search(r"\bgzip\b", request.headers.get("Accept-Encoding", "")))


async def checked(request, call, *args):
    """A stream view's own database call (is this the page's game?). Under ASGI it runs in a
    pool thread whose connection is given back at once: the request's own thread would hold its
    connection as long as the stream stays open."""
    if isinstance(request, ASGIRequest):
        return await sync_to_async(released, thread_sensitive=False)(call, *args)
    return await sync_to_async(call)(*args)


async def _served_async(source, encode, stream_id=None):
    shut = None if stream_id is None else caps.shut_channel(stream_id)
    if shut:
        broker.watch(shut)
    await broker.ready()
    keeps = _Keeps()
    steps, answer = _steps(keeps.health, lambda: shut is not None and broker.heard_of(shut)), None
    try:
        while command := _next(steps, answer):
            answer = None
            if command[0] == SEND:
                yield encode(command[1])
            elif command[0] == WAIT:
                answer = await broker.wait(*command[1:])
            elif command[0] == KEEP:
                answer = keeps.start(command[1])
            else:
                keeps.failed = False
                # The source's step in a pool thread; its database connection goes back after
                # it (to the pool, under the ASGI server's settings), so idle streams hold none.
                answer = await sync_to_async(released, thread_sensitive=False)(_ask, source, command)
        yield encode.end()
    finally:
        keeps.stop()
        steps.close()
        if shut:
            broker.unwatch(shut)
            await sync_to_async(released, thread_sensitive=False)(caps.ended, stream_id)


class _Keeps:
    """One stream's keeps under ASGI. The stream does not wait for its keep (a change pushed
    meanwhile would): it goes on as if noted, and a keep that was not noted makes the broker's
    health None until the source's next step, which then reads what changed (at the next beat)."""

    def __init__(self):
        self.failed, self.task = False, None

    def health(self) -> int | None:
        return None if self.failed else broker.health()

    def start(self, keep: Keep) -> bool:
        self.task = asyncio.ensure_future(self._noted(keep))
        return True

    async def _noted(self, keep: Keep) -> None:
        if not await _keeper().keep(keep):
            self.failed = True

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()


def _served_sync(source, encode, stream_id=None):
    waiter = broker.SyncWaiter()
    if stream_id is not None:
        waiter.watch(caps.shut_channel(stream_id), lambda: caps.pushed_out(stream_id))
    steps, answer = _steps(waiter.health, lambda: waiter.shut), None
    try:
        while command := _next(steps, answer):
            answer = None
            if command[0] == SEND:
                yield encode(command[1])
            elif command[0] == WAIT:
                answer = waiter.wait(*command[1:])
            elif command[0] == KEEP:
                # A thread per page anyway: it notes its own presence, still without a step.
                answer = command[1].key in command[1].note([command[1].key])
            else:
                answer = _ask(source, command)
        yield encode.end()
    finally:
        waiter.close()
        steps.close()
        if stream_id is not None:
            caps.ended(stream_id)


# Keeps falling due within this long are noted together: one thread and one query for all.
KEEP_BATCH_S = 0.1


class _Keeper:
    """One event loop's presences to note (:class:`Keep`), gathered for ``KEEP_BATCH_S``."""

    def __init__(self, loop):
        self.loop, self.waiting, self.task = loop, {}, None

    async def keep(self, keep: Keep) -> bool:
        future = self.loop.create_future()
        self.waiting.setdefault(keep.note, {}).setdefault(keep.key, []).append(future)
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self._noted())
        return await future

    async def _noted(self) -> None:
        await asyncio.sleep(KEEP_BATCH_S)
        waiting, self.waiting = self.waiting, {}
        for note, futures in waiting.items():
            try:
                noted = await sync_to_async(released, thread_sensitive=False)(note, list(futures))
            except Exception:   # each page's own step notes it instead
                log.warning("noting presences failed; the streams' steps do it", exc_info=True)
                noted = set()
            for key, waiters in futures.items():
                for future in waiters:
                    if not future.done():
                        future.set_result(key in noted)


_keepers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _keeper() -> _Keeper:
    loop = asyncio.get_running_loop()
    if loop not in _keepers:
        _keepers[loop] = _Keeper(loop)
    return _keepers[loop]


async def serve(request, source) -> HttpResponse:
    """The stream for ``source``, counted against its browser's and its address's caps
    (mogel.push.caps): the oldest beyond them is closed. 429 for a page pushed out while the
    cap is still full: it polls meanwhile and tries again later (the extension's back-off)."""
    stream_id = await checked(request, caps.opened, caps.opener(request), int(time.time() * 1000))
    if stream_id is None:
        return HttpResponse(status=429, headers={"Retry-After": str(PUSHED_OUT_RETRY_MS // 1000)})
    return respond(request, source, stream_id)


def respond(request, source, stream_id: int | None = None) -> StreamingHttpResponse:
    """The stream for ``source`` (see the module's docstring), as the server serving ``request``
    needs it; ``stream_id``: its row among the open streams (:func:`serve`), ended with it."""
    gzip = _accepts_gzip(request)
    served = _served_async if isinstance(request, ASGIRequest) else _served_sync
    response = StreamingHttpResponse(served(source, _Gzip(gzip), stream_id), content_type="text/event-stream")
    patch_vary_headers(response, ("Accept-Encoding",))
    if gzip:
        response["Content-Encoding"] = "gzip"
    # Every answer is for one seat only and for now: no cache keeps it, no proxy holds it back.
    response["Cache-Control"] = "private, no-store"
    response["X-Accel-Buffering"] = "no"
    return response
