"""bench/load.py's own arithmetic: percentiles, a stream's event ids, and what it counts as a push's
arrival, a due change's arrival and a change at all, on a clock the test sets."""

import asyncio
import math
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import load  # noqa: E402
import push  # noqa: E402
import stack  # noqa: E402

from .test_bench_stream import STREAM  # noqa: E402


def test_percentiles_run_from_the_least_to_the_greatest_value():
    values = [7.0, 1.0, 5.0, 3.0, 9.0]
    assert stack.percentile(values, 0) == 1.0
    assert stack.percentile(values, 50) == 5.0
    assert stack.percentile(values, 100) == 9.0
    ranks = [stack.percentile(list(range(1000)), p) for p in (50, 95, 99)]
    assert ranks == sorted(ranks) and 940 <= ranks[1] <= 960 and ranks[2] >= 985


def test_no_values_have_no_percentile():
    assert math.isnan(stack.percentile([], 95))


def test_a_stream_gives_each_event_its_id_the_reconnect_sends_back():
    async def run():
        reader = asyncio.StreamReader()
        reader.feed_data(STREAM.encode())
        reader.feed_eof()
        return [(name, id) async for name, _data, id in push.events(reader, {}, ids=True)]
    assert asyncio.run(run()) == [("redraw", "3"), ("table", "4"), ("close", None)]


class Clock:
    def __init__(self):
        self.now = 100.0

    def monotonic(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(load, "time", SimpleNamespace(monotonic=clock.monotonic))
    return clock


def table(version: int, wake_ms: int | None = None) -> str:
    wake = "" if wake_ms is None else f' data-wake-in="{wake_ms}"'
    return f'<section id="table" data-version="{version}"{wake}></section>'


def player(mode: str) -> load.Player:
    return load.Player(0, load.Run(mode, port=0, log=Path("unused.log")))


def test_a_moves_event_counts_from_its_answer_and_an_older_event_changes_nothing(clock):
    page = player("push")
    page.show(table(3), "load")
    clock.now += 0.02
    page.answered(table(4), sent=100.0, before=3)
    page.show(table(4), "move")
    page.show(table(3), "push")   # a late event of the table before: not the move's
    clock.now += 0.015
    page.show(table(4), "push")
    assert [ms for _at, ms in page.run.echoes] == [pytest.approx(15)]
    assert page.version == 4 and len(page.run.changes) == 1   # the answer's table; the event showed nothing new


def test_a_moves_event_that_beats_its_answer_arrives_early(clock):
    page = player("push")
    page.show(table(3), "load")
    page.posting = True
    clock.now += 0.01
    page.show(table(4), "push")
    page.posting = False
    clock.now += 0.005
    page.answered(table(4), sent=100.0, before=3)
    page.show(table(4), "move")
    assert [ms for _at, ms in page.run.echoes] == [pytest.approx(-5)]
    assert page.run.arrivals == []   # the player's own move, not an announced one


def test_an_announced_change_counts_from_its_moment_and_a_reflex_before_it_is_not_timed(clock):
    for mode, how in (("push", "push"), ("poll", "poll")):
        page = player(mode)
        page.show(table(3, wake_ms=1000), "load")
        clock.now += 1.2
        page.show(table(4, wake_ms=500), how)
        clock.now += 0.2   # a bot slapped 300 ms before the announced move
        page.show(table(5), how)
        assert [ms for _at, ms in page.run.arrivals] == [pytest.approx(200)]
        assert len(page.run.early) == 1 and page.due is None


def test_the_polling_page_sends_no_move_event_to_wait_for(clock):
    page = player("poll")
    page.show(table(3), "load")
    page.answered(table(4), sent=100.0, before=3)
    assert page.echo is None
