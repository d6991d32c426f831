"""The page learns nothing ahead of the table: its timing hint and version hide the bots' secrets.

Two games from the same position, differing only in a bot's secret (it holds the number
the cockroach asks for, or it is about to cheat), are polled at the same moments. Until
the secret becomes visible (the race, the shrinking hand), every answer the page gets is
the same: status code, ``data-version`` and ``data-wake-in``. The same holds for the table's
stream (mogel.push): every event and comment it sends, when it sends it, its event id and name.
"""

import re

import pytest

from .play_helpers import LOBBY, log_of, post, row_of, sse_events, timed_stream, version_of  # noqa: F401

pytestmark = pytest.mark.django_db

DRAW = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]
# The human plays a cockroach 3; Lucy (seat 1) holds a 3 to race with, or a 4 instead.
RACE = {"players": 3, "hands": [["cockroach3", "1", "5", "moth4"], ["3", "4", "5", "1"], ["1", "2", "5", "4"]],
        "discard": ["2"], "draw": DRAW, "guard": 1, "turn": 0}
NO_RACE = {**RACE, "hands": [RACE["hands"][0], ["4", "4", "5", "1"], RACE["hands"][2]]}
# The human guards; Lucy is on turn. The bots cheat as soon as they may, or never.
GUARD = {"players": 3, "hands": [["1", "3", "5", "moth4"], ["2", "4", "spider5", "1"], ["2", "3", "4", "5"]],
         "discard": ["2"], "draw": DRAW, "guard": 0, "turn": 1}
HONEST = {"cheat_rate": 0.0, "false_alarm": 0.0, "race_miss": 0.0}
CHEATING = {**HONEST, "cheat_rate": 1.0, "cheat_busy": {"idle": 1.0, "turn": 1.0, "window": 1.0},
            "cheat_numbers": 1.0, "cheat_after_catch": 1.0, "cheat_ms": [1, 1]}


def answer(response, t):
    html = response.content.decode() if response.status_code == 200 else ""
    wake = re.search(r'data-wake-in="(\d+)"', html)
    version = re.search(r'data-version="(\d+)"', html)
    return (t, response.status_code, version and int(version.group(1)), wake and int(wake.group(1)))


def opened(client, settings, scenario, profile, first_move=None):
    """A new game's page (and its first move): (url, start, answers, the page's version)."""
    settings.MOGEL_PLAY_SCENARIO = scenario
    settings.MOGEL_BOT_PROFILE = profile
    response = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                         "ant_pile": "discard"})
    url = response.url
    started = row_of(url).started_ms
    response = client.get(url)
    answers = [answer(response, 0)]
    v = version_of(response.content.decode())
    if first_move:
        response = post(client, url, first_move, v)
        answers.append(answer(response, 0))
        v = version_of(response.content.decode())
    return url, started, answers, v


def transcript(client, clock, settings, scenario, profile, first_move=None, until=5000):
    """Every answer the page gets, polling each 100 ms: (game time, status, version, wake-in)."""
    url, started, answers, v = opened(client, settings, scenario, profile, first_move)
    while clock.ms - started < until:
        clock.tick(100)
        response = client.get(url + "poll/", {"version": v}, HTTP_HX_REQUEST="true")
        answers.append(answer(response, clock.ms - started))
        if response.status_code == 200:
            v = version_of(response.content.decode())
    return url, answers


@pytest.fixture
def tables(settings):
    # Seed 3: Lucy's next play is due after the earliest moment a cheat may come.
    settings.MOGEL_PLAY_SEED = 3
    settings.MOGEL_BOT_PACE_MS = 1000
    settings.MOGEL_COCKROACH_MS = 3000
    settings.MOGEL_ACT_MS = 2000
    settings.MOGEL_LAND_MS = 600
    return settings


def first(url, code):
    return next(e for e in log_of(url) if e["code"] == code and e["seat"] != 0)


def test_a_bot_holding_the_raced_number_changes_nothing_the_page_is_told_before_it_races(client, clock, tables):
    url, racing = transcript(client, clock, tables, RACE, HONEST, first_move="play cockroach3")
    raced_at = first(url, "raced")["t"]
    _, waiting = transcript(client, clock, tables, NO_RACE, HONEST, first_move="play cockroach3")
    before = [a for a in racing if a[0] < raced_at]
    assert len(before) >= 8
    assert before == [a for a in waiting if a[0] < raced_at]
    # The hint is the window's end (3 s from its card's landing), public to all, not the race.
    assert before[1][3] == 600 + 3000


def test_a_bot_about_to_cheat_changes_nothing_the_page_is_told_before_its_hand_shrinks(client, clock, tables):
    url, cheating = transcript(client, clock, tables, GUARD, CHEATING)
    cheated_at = first(url, "cheated")["t"]
    _, honest = transcript(client, clock, tables, GUARD, HONEST)
    before = [a for a in cheating if a[0] < cheated_at]
    assert len(before) >= 8
    assert before == [a for a in honest if a[0] < cheated_at]
    # The hint is Lucy's next play, not the cheat that comes first.
    assert before[0][3] > cheated_at
    # Once the hand shrinks, the page sees it (a tell) at the next poll.
    shown = next(a for a in cheating if a[0] >= cheated_at)
    assert shown[1] == 200 and shown[2] == before[0][2] + 1


def test_a_cheat_that_gets_away_is_no_news_to_the_others(client, clock, tables):
    url, answers = transcript(client, clock, tables, GUARD, CHEATING, until=8000)
    log = log_of(url)
    away = [e["t"] for e in log if e["code"] == "got_away" and e["seat"] != 0]
    assert away
    quiet = 0
    for t in away:
        poll = next(a for a in answers if a[0] >= t)
        # The poll at time p answers for what happened in (p - 100, p].
        if not any(poll[0] - 100 < e["t"] <= poll[0] for e in log if e["code"] != "got_away"):
            assert poll[1] == 204
            quiet += 1
    assert quiet, "every getaway came with a visible event"


# A stream's news: a whole table, or (mostly) a patch of the regions that changed.
NEWS = ("table", "patch")


def same_game(data: str, url: str) -> str:
    """An event's text as if from one game: its address and the regions' hashes (of markup
    holding that address) set aside; everything else must match."""
    return re.sub(r' data-h="[0-9a-f]{8}"', "", data.replace(url, "/game/"))


def heard(client, settings, read, scenario, profile, first_move=None, until=5000):
    """Everything the page's stream sends in ``until`` ms of game time: (game time, what), where
    what is a comment or (event name, id, data-version, data-wake-in, data) of an event: a patch's
    regions and their hashes (mogel.push.regions) are compared as a whole table is."""
    url, started, _answers, v = opened(client, settings, scenario, profile, first_move)
    settings.MOGEL_PUSH_LIFETIME_S = until / 1000
    response = client.get(url + "stream/", {"version": v})
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    sent = []
    for t, chunk in read(response, started):
        events = sse_events(chunk)
        for e in events:
            version = re.search(r'data-version="(\d+)"', e["data"])
            wake = re.search(r'data-wake-in="(\d+)"', e["data"])
            sent.append((t, e["event"], e["id"], version and version.group(1), wake and int(wake.group(1)),
                         same_game(e["data"], url)))
        if not events:
            sent.append((t, "comment"))
    return url, sent


def test_the_stream_tells_nothing_of_a_bot_holding_the_raced_number_before_it_races(client, clock, tables,
                                                                                      timed_stream):
    url, racing = heard(client, tables, timed_stream, RACE, HONEST, first_move="play cockroach3")
    raced_at = first(url, "raced")["t"]
    _, waiting = heard(client, tables, timed_stream, NO_RACE, HONEST, first_move="play cockroach3")
    before = [s for s in racing if s[0] < raced_at]
    assert len(before) >= 8
    assert before == [s for s in waiting if s[0] < raced_at]
    # Its ids are the page's version, as data-version says; the race is sent when it happens.
    assert all(s[2] == s[3] for s in racing if s[1] != "comment")
    assert any(s[0] >= raced_at and s[1] in NEWS for s in racing)


def test_the_stream_tells_nothing_of_a_bot_about_to_cheat_before_its_hand_shrinks(client, clock, tables,
                                                                                  timed_stream):
    url, cheating = heard(client, tables, timed_stream, GUARD, CHEATING)
    cheated_at = first(url, "cheated")["t"]
    _, honest = heard(client, tables, timed_stream, GUARD, HONEST)
    before = [s for s in cheating if s[0] < cheated_at]
    assert len(before) >= 8
    assert before == [s for s in honest if s[0] < cheated_at]
    shown = next(s for s in cheating if s[0] >= cheated_at and s[1] != "comment")
    assert shown[1] in NEWS and int(shown[2]) == int(before[0][2]) + 1


def test_a_cheat_that_gets_away_sends_nothing_on_the_stream(client, clock, tables, timed_stream):
    url, sent = heard(client, tables, timed_stream, GUARD, CHEATING, until=8000)
    log = log_of(url)
    away = [e["t"] for e in log if e["code"] == "got_away" and e["seat"] != 0]
    assert away
    quiet = 0
    for t in away:
        # What the stream sent for the moment of the getaway: nothing but, on its beat, a comment.
        said = [s for s in sent if s[0] == t and s[1] != "comment"]
        if not any(e["t"] == t for e in log if e["code"] != "got_away"):
            assert not said
            quiet += 1
    assert quiet, "every getaway came with a visible event"
    # Its ids count what the page saw, never the getaways it did not (they would move the row's own version).
    assert all(s[2] == s[3] for s in sent if s[1] != "comment")
    assert len([s for s in sent if s[0] > away[0] and s[1] in NEWS]) >= 2
    # Comments come on the stream's own beat (every 100 ms from its start), never at a secret's moment.
    beats = [s[0] for s in sent if s[1] == "comment"]
    assert all((t - beats[0]) % 100 == 0 for t in beats)
