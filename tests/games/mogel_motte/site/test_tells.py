"""Guarding takes attention: a bot's tell shows for a moment (by bot level), once, when the page
learns of it; a page that looks later sees an honest seat, though the cheat is still in the act."""

import re

import pytest

from games.mogel_motte.table import tells

from tests.platform.play_helpers import post, version_of
from .test_cheating import SNEAKY, YOU_GUARD, game_of, poll, table, wait_for_tell  # noqa: F401 (table: a fixture)

pytestmark = pytest.mark.django_db


def tell_ms(html, seat):
    found = re.search(rf'data-seat="{seat}" data-tell="[^"]+" data-tell-ms="(\d+)"', html)
    return int(found.group(1)) if found else None


def showing(html, seat):
    return re.search(rf'class="seat[^"]*seat--tell[^"]*" data-seat="{seat}"', html) is not None


def start(client, settings, level):
    settings.MOGEL_PLAY_SCENARIO = YOU_GUARD
    settings.MOGEL_BOT_PROFILE = SNEAKY
    settings.MOGEL_BOT_PACE_MS = 1000   # a cheat is a deliberate move: it waits for a pace
    response = client.post("/en/play/", {"name": "Ann", "players": 3, "level": level, "rounds": "single",
                                         "ant_pile": "discard"})
    url = response.url
    return url, client.get(url).content.decode()


@pytest.mark.parametrize("level,ms", [("easy", 800), ("normal", 600), ("hard", 400)])
def test_harder_bots_cheat_more_subtly(client, table, clock, settings, level, ms):
    url, html = start(client, settings, level)
    seat, html = wait_for_tell(client, clock, url, version_of(html))
    assert showing(html, seat) and tell_ms(html, seat) == ms


def test_the_tell_shows_once_and_a_later_look_sees_an_honest_seat(client, table, clock, settings):
    url, html = start(client, settings, "normal")
    seat, html = wait_for_tell(client, clock, url, version_of(html))
    # The next table this page gets (the other bot cheats too) still lists the tell, so the
    # page's script can finish the movement it started, but does not show it by itself, nor
    # announce it again.
    v = version_of(html)
    for _ in range(10):
        clock.tick(100)
        response = poll(client, url, v)
        if response.status_code == 200:
            break
    later = response.content.decode()
    assert version_of(later) > v and tell_ms(later, seat) == 600 and not showing(later, seat)
    assert f"{'Lucy' if seat == 1 else 'Oscar'}&#x27;s hand just got smaller" not in later
    # A page opened after the moment: an honest-looking seat, though the cheat is still in the act.
    clock.tick(600)
    fresh = client.get(url).content.decode()
    assert seat in game_of(url).acts
    assert not showing(fresh, seat) and tell_ms(fresh, seat) is None
    # Who saw it may still call it: the movement is over, the act is not.
    response = post(client, url, f"catch {seat}", version_of(fresh))
    assert response.status_code == 200 and "Caught! You caught" in response.content.decode()


def test_a_page_opened_during_the_movement_sees_the_rest_of_it():
    memory = {"tells": {"2": {"since": 1000, "until": 4000, "n": 7}}}
    assert tells.active(memory, 1200, tell_ms=600)[0] | {} == {"seat": 2, "since": 1000, "until": 4000, "n": 7,
                                                               "new": False, "visible": True, "ms": 400}
    assert tells.active(memory, 1600, tell_ms=600) == []
    # A page that had version 6 learns of it now, whenever it looks: the whole moment, from now.
    assert tells.active(memory, 2500, shown=6, tell_ms=600)[0]["ms"] == 600
    # Without a length (the lessons) the tell shows for the whole act, as before.
    assert tells.active(memory, 3500, shown=7)[0]["visible"] and tells.active(memory, 3500, shown=7)[0]["ms"] == 500
