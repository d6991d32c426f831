"""Under an ASGI server a streaming response must iterate asynchronously; WhiteNoise's static
files (and any other file response) iterate a file synchronously. Django then reads the whole
file in a thread and warns "StreamingHttpResponse must consume synchronous iterators" at every
static file. Here such a response gets an async iterator instead, reading the file in a worker
thread a block of blocks at a time. Under WSGI (``make run``) nothing changes."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest

# A thread hop per this much of the file, at most (our static files fit in one).
HOP_BYTES = 256 * 1024


def _blocks(iterator) -> list[bytes]:
    """The next blocks of ``iterator``, up to HOP_BYTES; [] at its end."""
    taken, size = [], 0
    for block in iterator:
        taken.append(block)
        size += len(block)
        if size >= HOP_BYTES:
            break
    return taken


async def _async(content):
    iterator = iter(content)
    while blocks := await sync_to_async(_blocks, thread_sensitive=False)(iterator):
        for block in blocks:
            yield block


class AsyncFilesMiddleware:
    """Sits outside WhiteNoise's middleware, so that it sees the static files' responses too."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if isinstance(request, ASGIRequest) and response.streaming and not response.is_async:
            response.streaming_content = _async(response.streaming_content)
        return response
