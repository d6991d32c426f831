"""The load generator applies a stream's patches itself (bench/push.py ``patched``: plain text, no
parser, so that one process keeps up with a thousand pages): over seeded games of both kinds it
leaves each page's table exactly as table/patch.js does (tests/platform/dom.py), and refuses
the patches the browser refuses."""

import random
import sys
from pathlib import Path

import pytest

from bench.change import caught_source
from mogel.play import views

from . import dom
from .play_helpers import clock, version_of  # noqa: F401  (clock: a fixture)
from .test_push_echo import KEYS, _actions, _game, move, tables

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import push  # noqa: E402

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("key", KEYS)
def test_the_load_generators_patches_leave_the_table_the_browser_shows(client, settings, clock, key):
    url = _game(client, settings, key, seed=11)
    source = caught_source(views, client, url)   # a page without an id: its own moves come back too
    html, rng, applied, refused = source.first().message, random.Random(3), 0, 0
    for _ in range(400):
        if _actions(html) and rng.random() < 0.5:
            answer = move(client, url, html).content.decode()
            html = answer if 'id="table"' in answer and version_of(answer) >= version_of(html) else html
        clock.tick(300)
        for pushed in tables(source.later()):
            if pushed["event"] != "patch":
                html = pushed["data"]
                continue
            mine, table = push.patched(html, pushed["data"]), dom.table_of(html)
            assert (mine is not None) == dom.apply(table, pushed["data"])
            if mine is None:
                refused += 1
                html = client.get(url + "poll/", {"version": 0}, HTTP_HX_REQUEST="true").content.decode()
                continue
            assert dom.write(dom.table_of(mine)) == dom.write(table)
            html, applied = mine, applied + 1
    assert applied >= 50, (applied, refused)
