"""A far-away network for one browser context: a TCP proxy that delays every chunk it carries
by the same time in each direction, open streams included.

Playwright's route delays hold a request back but not the events of a server-sent stream
already open, and Chromium's network emulation adds its latency per request, not per byte of a
long answer: neither delays a pushed table. This proxy does, as a slow line would: each chunk
read from one side is written to the other ``delay`` seconds after it arrived, in order.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from contextlib import contextmanager


async def _pump(reader, writer, delay: float) -> None:
    """Copy ``reader`` to ``writer``, each chunk ``delay`` s after it was read (order kept)."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()

    async def deliver():
        while True:
            due, data = await queue.get()
            await asyncio.sleep(max(0.0, due - loop.time()))
            if data is None:
                break
            writer.write(data)
            await writer.drain()
        writer.close()

    sender = loop.create_task(deliver())
    try:
        while data := await reader.read(65536):
            queue.put_nowait((loop.time() + delay, data))
    except (ConnectionError, OSError):
        pass
    queue.put_nowait((loop.time() + delay, None))
    try:
        await sender
    except (ConnectionError, OSError, RuntimeError):
        pass


def _free_port(ports) -> int:
    for port in ports:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports}")


@contextmanager
def slowed(target_port: int, delay_s: float, ports=range(8470, 8480)):
    """A proxy to ``127.0.0.1:target_port`` on a free port of ``ports``, delaying ``delay_s``
    each way; yields its port. Runs its own event loop in a thread (Playwright's sync API
    keeps one in the test's)."""
    loop = asyncio.new_event_loop()
    port = _free_port(ports)
    started = threading.Event()

    async def connection(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target_port)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(_pump(client_reader, server_writer, delay_s),
                             _pump(server_reader, client_writer, delay_s))

    def serve():
        asyncio.set_event_loop(loop)
        server = loop.run_until_complete(asyncio.start_server(connection, "127.0.0.1", port))
        started.set()
        try:
            loop.run_forever()
        finally:
            server.close()
            # The connections still open end with the proxy, quietly.
            tasks = asyncio.all_tasks(loop)
            for task in tasks:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    started.wait(10)
    try:
        yield port
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
