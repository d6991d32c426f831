"""One server-sent event stream per page: the transport an app puts its live page on
(docs/push.md). It knows channels, versions and text, never a game.

An app gives :func:`respond` a *source*: an object with two plain (synchronous) methods,
``first()`` and ``later()``, each returning an :class:`Update`. ``first()`` answers a page that
just connected (or reconnected): always the whole page's fragment, never missed deltas.
``later()`` is asked each time the channel moved, the source's own wake time came, or a tick
passed (``MOGEL_PUSH_TICK_MS``); it says what is new for this page, if anything.

Served by an ASGI server (uvicorn), the loop is an async iterator: waiting costs no thread,
and the source's database work runs in the default thread pool, one step at a time. Served
by a WSGI server (``manage.py runserver``, Django's test server) the same loop runs in the
request's thread, so ``make run`` needs nothing more.
"""

from __future__ import annotations

import re
import time
import zlib
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.http import StreamingHttpResponse
from django.utils.cache import patch_vary_headers

from . import broker

# The page reconnects this long after a stream ended or dropped (the browser's EventSource).
RETRY_MS = 1000
# The event that closes the page's EventSource for good (the htmx extension's sse-close).
CLOSE = "close"


@dataclass
class Update:
    """What a source says after a step.

    ``channel`` and ``version``: what to wait on next (the version the source has seen).
    ``message``: a server-sent event to send now (:func:`event`), or None. ``wake_s``: ask again
    by then at the latest (a move falling due); None: at the next tick. ``done``: the last message
    (a finished game): the page is told to close its stream instead of reconnecting.
    """
    channel: str
    version: int
    message: str | None = None
    wake_s: float | None = None
    done: bool = False


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


def _steps(source):
    """The loop, as commands: ("send", text) or ("wait", channel, version, timeout_s).

    Nothing is sent at a moment only the server knows: an event when the source has news
    for the page, else a comment on a fixed beat from the stream's start (it keeps proxies
    from closing an idle stream, and a WSGI server learns soon that the page went away). A
    wake at a bot's secret move that shows nothing sends nothing.

    A stream ends after its lifetime, and the page reconnects and is redrawn: a stream never
    outlives a deploy for long, and no page keeps an answer it got long ago."""
    update = source.first()
    yield "send", f"retry: {RETRY_MS}\n" + (update.message or ":\n\n")
    start = _now()
    ends, beat = start + _lifetime_s(), start + _tick_s()
    while not update.done:
        now = _now()
        if now >= ends:
            return
        timeout = min(beat, ends) - now
        if update.wake_s is not None:
            timeout = min(timeout, update.wake_s)
        yield "wait", update.channel, update.version, max(0.0, timeout)
        update = source.later()
        now = _now()
        if update.message:
            yield "send", update.message
        elif now >= beat:
            yield "send", ":\n\n"
        while beat <= now:
            beat += _tick_s()
    yield "send", event("", CLOSE)


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
        return await sync_to_async(_released, thread_sensitive=False)(call, *args)
    return await sync_to_async(call)(*args)


def _released(call, *args):
    close_old_connections()
    try:
        return call(*args)
    finally:
        close_old_connections()


def _step(steps):
    """One step of the loop in a pool thread; its database connection goes back between steps
    (to the pool, under the ASGI server's settings), so idle streams hold none."""
    return _released(next, steps, None)


async def _served_async(steps, encode):
    await broker.ready()
    try:
        while (command := await sync_to_async(_step, thread_sensitive=False)(steps)) is not None:
            if command[0] == "wait":
                await broker.wait(*command[1:])
            else:
                yield encode(command[1])
        yield encode.end()
    finally:
        await sync_to_async(_close, thread_sensitive=False)(steps)


def _close(steps) -> None:
    try:
        steps.close()
    except ValueError:   # still running in its thread after the page left: it ends on its own
        pass


def _served_sync(steps, encode):
    waiter = broker.SyncWaiter()
    try:
        for command in steps:
            if command[0] == "wait":
                waiter.wait(*command[1:])
            else:
                yield encode(command[1])
        yield encode.end()
    finally:
        waiter.close()
        steps.close()


def respond(request, source) -> StreamingHttpResponse:
    """The stream for ``source`` (see the module's docstring), as the server serving ``request`` needs it."""
    steps, gzip = _steps(source), _accepts_gzip(request)
    served = _served_async if isinstance(request, ASGIRequest) else _served_sync
    response = StreamingHttpResponse(served(steps, _Gzip(gzip)), content_type="text/event-stream")
    patch_vary_headers(response, ("Accept-Encoding",))
    if gzip:
        response["Content-Encoding"] = "gzip"
    # Every answer is for one seat only and for now: no cache keeps it, no proxy holds it back.
    response["Cache-Control"] = "private, no-store"
    response["X-Accel-Buffering"] = "no"
    return response
