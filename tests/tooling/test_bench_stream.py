"""The push benches read a page's stream as a browser does: the chunked transfer and gzip undone,
one event at a time, however the bytes were cut on the way (bench/push.py, bench/friends_push.py)."""

import asyncio
import sys
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import push  # noqa: E402

STREAM = ('retry: 1000\n:\n\nid: 3\nevent: redraw\ndata: <div data-version="3">\ndata: Käfer</div>\n\n'
          ':\n\nid: 4\nevent: table\ndata: <div data-version="4"></div>\n\nevent: close\ndata: \n\n')
EVENTS = [("redraw", '<div data-version="3">\nKäfer</div>'), ("table", '<div data-version="4"></div>'), ("close", "")]


def chunked(parts: list[bytes]) -> bytes:
    return b"".join(f"{len(part):x}\r\n".encode() + part + b"\r\n" for part in parts) + b"0\r\n\r\n"


def read(body: bytes, headers: dict) -> list:
    async def run():
        reader = asyncio.StreamReader()
        reader.feed_data(body)
        reader.feed_eof()
        return [found async for found in push.events(reader, headers)]
    return asyncio.run(run())


@pytest.mark.parametrize("size", [1, 7, 4096])
def test_a_gzipped_chunked_stream_gives_each_event_whole(size):
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)
    data = packer.compress(STREAM.encode()) + packer.flush()
    parts = [data[i:i + size] for i in range(0, len(data), size)]
    assert read(chunked(parts), {"transfer-encoding": ["chunked"], "content-encoding": ["gzip"]}) == EVENTS


def test_a_plain_stream_gives_the_same_events():
    assert read(STREAM.encode(), {}) == EVENTS
