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
"""

from __future__ import annotations

import asyncio
import logging

from django.conf import settings

log = logging.getLogger(__name__)


def _event_stream(message) -> bool:
    return any(name.lower() == b"content-type" and value.startswith(b"text/event-stream")
               for name, value in message.get("headers", ()))


def _hang_up(send) -> bool:
    """Drops the client's connection, if the server lets us reach it: uvicorn's send is a method
    of its request cycle, which holds the transport. True if dropped."""
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    if transport is None or not hasattr(transport, "abort"):
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
