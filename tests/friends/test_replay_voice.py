"""Whom a friends' replay speaks to: the shared replay says "you" only to the person who played
that seat, and in the third person to everyone else; each finished game keeps its own replay
link after "Play again"; a spectator's final summary offers only what a spectator may do."""

import random
import re

import pytest
from django.test import Client

from mogel import games
from mogel.friends.models import Table
from mogel.play import replay as replays
from mogel.play.models import PracticeGame

from .helpers import started, table_url
from .test_leaks import SEED, fast  # noqa: F401  (fast: a fixture)
from .test_replay import play

pytestmark = pytest.mark.django_db
DE = "/de/freunde/"


def finished(clock, settings, seed=11, **extra):
    """A Mogelei game of Ann (seat 0), Ben (seat 1) and a bot, played to its end; with a spectator."""
    settings.MOGEL_PLAY_SEED = SEED + seed
    ann, watcher = Client(), Client()
    table, (ben,) = started(ann, "Ben", kind="mogelei", spectators="on", **extra)
    watcher.get(table_url(table))
    play(table, {0: ann, 1: ben}, clock, random.Random(seed), steps=3000, until_over=True)
    return table, ann, ben, watcher


def shared_link(client, table):
    page = client.get(table_url(table)).content.decode()
    return re.search(r'href="([^"]+)" id="watch-replay"', page).group(1)


def a_step_of_anns(table):
    """A step of the finished game in which Ann acted: its line for Ann, and for anyone else."""
    row, kind = PracticeGame.objects.get(pk=table.game_id), games.get(table.kind)
    names = [s.name for s in table.seats.order_by("number")]
    step = 1
    while (replay := replays.at_step(row, kind, step, everyone=True, seat=None)) is not None:
        for event in replay.events:
            if event.get("seat") == 0 and event["code"] in ("laid", "called", "revealed"):
                return step, kind.describe(event, names, 0), kind.describe(event, names, None)
        step += 1
    raise AssertionError("Ann never acted")


def test_the_shared_replay_says_you_only_to_the_seat_the_viewer_played(fast, clock, settings):
    table, ann, ben, watcher = finished(clock, settings)
    link = shared_link(ann, table)
    step, to_ann, about_ann = a_step_of_anns(table)
    assert to_ann.startswith("You ") and about_ann.startswith("Ann ")
    url = f"{link}{step}/"
    pages = {who: client.get(url).content.decode() for who, client in
             (("ann", ann), ("ben", ben), ("watcher", watcher), ("stranger", Client()))}
    assert "Ann (you)" in pages["ann"] and to_ann in pages["ann"]
    assert "Ben (you)" in pages["ben"] and "Ann (you)" not in pages["ben"]
    for who in ("ben", "watcher", "stranger"):
        assert about_ann in pages[who] and to_ann not in pages[who], who
    for who in ("watcher", "stranger"):
        assert "(you)" not in pages[who] and "the table as everyone saw it" in pages[who], who
    german = Client().get(url.replace("/en/friends/replay/", "/de/freunde/wiederholung/")).content.decode()
    assert "(du)" not in german and "wie alle ihn sahen" in german


def test_after_play_again_each_finished_game_keeps_its_own_replay_link(fast, clock, settings):
    table, ann, ben, _watcher = finished(clock, settings, seed=12)
    old = PracticeGame.objects.get(pk=table.game_id)
    over_page = ann.get(table_url(table)).content.decode()
    own = re.search(r'href="([^"]+)" id="friends-replay"', over_page).group(1)
    assert replays.token_of(old) in own and table.code not in own
    assert ann.post(table_url(table) + "again/").status_code == 302
    rematch = Table.objects.get(pk=table.pk).rematch
    for client, prefix in ((ann, "/en/friends/"), (ben, DE)):
        page = client.get(f"{prefix}{rematch.code}/").content.decode()
        earlier = re.findall(r'href="([^"]+)" class="friends__earlier-replay"', page)
        assert earlier == [own.replace("/en/friends/replay/", prefix + ("replay/" if prefix.startswith("/en")
                                                                         else "wiederholung/"))]
        replay = client.get(earlier[0]).content.decode()
        assert "replay-hands-title" in replay, "not the finished game's replay"
    # The new game's own link is its own (by its code while it runs), never the finished one's.
    page = ann.get(f"/en/friends/{rematch.code}/").content.decode()
    assert re.search(r'href="([^"]+)" id="friends-replay"', page).group(1) == f"/en/friends/{rematch.code}/replay/"


@pytest.mark.parametrize("prefix,again,change,replay", [
    ("/en/friends/", "Play again", "Change the settings", "Watch the replay"),
    (DE, "Noch einmal spielen", "Einstellungen ändern", "Wiederholung ansehen")])
def test_a_spectators_final_summary_offers_only_the_replay(fast, clock, settings, prefix, again, change, replay):
    table, ann, _ben, watcher = finished(clock, settings, seed=13)
    seen = watcher.get(f"{prefix}{table.code}/").content.decode()
    assert 'id="watch-replay"' in seen and replay in seen
    assert 'id="btn-play-again"' not in seen and 'id="change-settings"' not in seen
    assert again not in seen and change not in seen
    # The people at the table still have both.
    mine = ann.get(f"{prefix}{table.code}/").content.decode()
    assert 'id="btn-play-again"' in mine and 'id="change-settings"' in mine
