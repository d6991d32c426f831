"""Fairness between people at one table: a slap is credited from the moment that person's own
page was sent the window (each seat's marks), capped as in the practice game; a bot's race
waits out the cap while any person (not only seat 0) could still race."""

import pytest
from django.test import Client

from mogel.play import service as play
from mogel.play.models import PracticeGame

from .helpers import started, table_url, version_of

pytestmark = pytest.mark.django_db

LAND = 600
DRAW = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]
# Ann (seat 0) can only play her mosquito 3; Ben (seat 1) and the bot slap.
MOSQUITO = {"players": 3, "hands": [["mosquito3", "5", "5", "5"], ["1", "4", "5", "moth4"], ["1", "4", "4", "5"]],
            "discard": ["2"], "draw": DRAW, "guard": 2, "turn": 0}
# Ann can only play her cockroach 3; Ben holds a 3 to race with, so does the bot (at seat 2).
COCKROACH = {"players": 3, "hands": [["cockroach3", "5", "5", "5"], ["3", "4", "5", "moth4"], ["3", "4", "4", "5"]],
             "discard": ["2"], "draw": DRAW, "guard": 2, "turn": 0}
HONEST = {"cheat_rate": 0.0, "false_alarm": 0.0, "slap_ms": [450, 450], "slap_miss": 0.0,
          "race_ms": [600, 600], "race_miss": 0.0}


@pytest.fixture
def table(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 1000
    settings.MOGEL_MOSQUITO_MS = 2500
    settings.MOGEL_COCKROACH_MS = 3000
    settings.MOGEL_LAND_MS = LAND
    settings.MOGEL_PLAY_SEED = 7
    settings.MOGEL_BOT_PROFILE = HONEST
    settings.MOGEL_FRIENDS_GRACE_MS = 10 ** 9

    def make(scenario):
        settings.MOGEL_PLAY_SCENARIO = scenario
        ann = Client()
        table, (ben,) = started(ann, "Ben")
        return table, ann, ben

    return make


def game_time(table, clock):
    return clock.ms - PracticeGame.objects.get(pk=table.game_id).started_ms


def log(table):
    return PracticeGame.objects.get(pk=table.game_id).stored_log()


def play_first(table, ann, card):
    page = ann.get(table_url(table)).content.decode()
    response = ann.post(table_url(table) + "act/", {"action": f"play {card}", "version": version_of(page)},
                        HTTP_HX_REQUEST="true")
    assert response.status_code == 200


def ben_sees(table, ben, clock, after, version):
    """Ben's page (at ``version`` before Ann played), polling, is sent the table ``after`` ms after
    Ann played; returns (game time, version)."""
    clock.tick(after)
    response = ben.get(table_url(table) + "poll/", {"version": version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return game_time(table, clock), version_of(response.content.decode())


def test_a_slap_is_credited_from_when_that_persons_own_page_was_sent_the_window(table, clock):
    table_, ann, ben = table(MOSQUITO)
    before = version_of(ben.get(table_url(table_)).content.decode())
    play_first(table_, ann, "mosquito3")
    sent, version = ben_sees(table_, ben, clock, version=before, after=500)
    # Ben took 200 ms to react to the card on his pile; 700 ms passed on his network and screen.
    clock.tick(LAND + 700)
    response = ben.post(table_url(table_) + "act/", {"action": "slap", "version": version, "reaction_ms": 200},
                        HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    slap = next(e for e in log(table_) if e["code"] == "slapped" and e["seat"] == 1)
    # From Ben's own sending, not Ann's (she saw it 500 ms earlier: that would credit the whole cap).
    assert slap.get("dated", slap["t"]) == sent + LAND + 200


def test_a_bots_race_waits_out_the_cap_while_a_person_at_another_seat_could_race(table, clock):
    table_, ann, ben = table(COCKROACH)
    before = version_of(ben.get(table_url(table_)).content.decode())
    play_first(table_, ann, "cockroach3")
    sent, version = ben_sees(table_, ben, clock, version=before, after=100)
    landed = next(e["landed"] for e in log(table_) if e["code"] == "cockroach_open")
    bot_race = landed + 600
    # A poll after the bot's race time: the race is not made yet, a tap could be on its way.
    clock.tick(bot_race + 500 - game_time(table_, clock))
    ann.get(table_url(table_) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true")
    assert not [e for e in log(table_) if e["code"] == "raced"]
    # Ben's tap, 300 ms after the landing on his phone, arrives now and wins.
    response = ben.post(table_url(table_) + "act/", {"action": "race 3", "version": version, "reaction_ms": 300},
                        HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert [e["seat"] for e in log(table_) if e["code"] == "raced"] == [1]
    assert play.CREDIT_CAP_MS == 1000


# The bot (seat 2) can only play its cockroach 3; Ann and Ben both hold a 3 to race with.
BOTH_RACE = {"players": 3, "hands": [["3", "4", "5", "moth4"], ["3", "4", "4", "5"], ["cockroach3", "5", "5", "5"]],
             "discard": ["2"], "draw": DRAW, "guard": 1, "turn": 2}


@pytest.mark.parametrize("lang, notice", [("en", "Race sent. In a moment"), ("de", "Rennen gesendet. Gleich")])
def test_a_race_held_for_another_persons_says_so_and_is_offered_no_more(table, clock, lang, notice):
    table_, ann, ben = table(BOTH_RACE)
    for _ in range(50):
        clock.tick(100)
        page = ann.get(table_url(table_, lang)).content.decode()
        if 'value="race 3"' in page:
            break
    response = ann.post(table_url(table_, lang) + "act/", {"action": "race 3", "version": version_of(page),
                                                          "reaction_ms": 400}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and notice in body
    # Ben may still have raced first on his screen: the card is nobody's yet, and Ann's page
    # does not offer her race again (a second tap would be a double tap).
    assert 'value="race 3"' not in body and not [e for e in log(table_) if e["code"] == "raced"]
    assert 'value="race 3"' in ben.get(table_url(table_)).content.decode()
