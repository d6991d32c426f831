"""Write time-outs for the streams under an ASGI server (docs/push.md, "Caps and time-outs").

Under uvicorn a send does not fail when the client stops reading: its bytes go to the socket
until the kernel's buffers are full, then to the transport's buffer, and past its high-water
mark (64 KB) ``send`` waits until the client has taken them (flow control). A stream whose
client never reads therefore waits in that send for ever: it never reaches its beat, so it
neither ends after its lifetime nor notices that a newer stream closed it (mogel.push.caps),
and its connection, its row among the open streams and its compressor stay until the client
goes. This wrapper gives each send of an event stream ``MOGEL_PUSH_WRITE_TIMEOUT_S``: a send
not taken by then drops the connection (the transport's ``abort``, which also discards what
is buffered), and the stream ends as for a client that went away. Other responses (a big
static file to a slow phone) are left alone.

The kernel's own send buffer comes first, and on loopback Linux grows it to over a megabyte for
a client that reads nothing (measured: 1.27 MB queued before uvicorn's buffer began to fill).
An event stream's socket gets ``STREAM_SNDBUF`` instead: a stream sends a few KB a second at
most, so a reading client never waits on it, and a stuck one holds about 200 KB (the kernel's
doubled 64 KB and the transport's 64 KB) before its time-out starts, not megabytes.
"""

from __future__ import annotations

import asyncio
import logging
import socket

from django.conf import settings

log = logging.getLogger(__name__)


def _event_stream(message) -> bool:
    return any(name.lower() == b"content-type" and value.startswith(b"text/event-stream")
               for name, value in message.get("headers", ()))


# An event stream socket's kernel send buffer (the kernel doubles it).
STREAM_SNDBUF = 64 * 1024


def _transport(send):
    """The client's connection, if the server lets us reach it: uvicorn's send is a method of
    its request cycle, which holds the transport; None under another server."""
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    return transport if hasattr(transport, "abort") else None


def _small_buffer(send) -> None:
    sock = _transport(send) and _transport(send).get_extra_info("socket")
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_SNDBUF)
        except OSError:   # a socket that refuses it keeps the kernel's own size
            pass


def _hang_up(send) -> bool:
    """Drops the client's connection (and what is buffered for it); True if it could."""
    transport = _transport(send)
    if transport is None:
        return False
    transport.abort()
    return True


class WriteTimeouts:
    """ASGI middleware: an event stream's send that does not complete in time ends the stream."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        streaming = False

        async def timed(message):
            nonlocal streaming
            if message["type"] == "http.response.start":
                streaming = _event_stream(message)
                if streaming:
                    _small_buffer(send)
            if not streaming:
                return await send(message)
            try:
                await asyncio.wait_for(send(message), float(settings.MOGEL_PUSH_WRITE_TIMEOUT_S))
            except TimeoutError:
                log.info("a stream's client took nothing for %ss: dropped", settings.MOGEL_PUSH_WRITE_TIMEOUT_S)
                if not _hang_up(send):
                    raise ConnectionAbortedError("the client does not read its stream") from None
                # As for a client that went away: the server now says it disconnected, and
                # Django's handler ends the stream.

        return await self.app(scope, receive, timed)
