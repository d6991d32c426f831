"""The scores after a round at a table of several people: the bots go on once every person has
read them. One person's "go on" holds nobody else's page; the last one's ends the hold on every
page, pushed or polled; a person who left (a bot plays for them) holds nobody up."""

import re

import pytest
from django.test import Client

from mogel.play import service as play
from mogel.play.models import PracticeGame

from ..platform.play_helpers import sse_events
from ..games.mogel_motte.site.test_reflexes import DRAW
from .helpers import started, table_url, version_of
from .test_leaks import stream_of

pytestmark = pytest.mark.django_db

GO_ON = "continue"


@pytest.fixture
def fast(settings, clock):
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_PLAY_SEED = 5151
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    settings.MOGEL_FRIENDS_GRACE_MS = 10 ** 9
    return settings


def row_of(table):
    return PracticeGame.objects.get(pk=table.game_id)


def page(client, table):
    return client.get(table_url(table), HTTP_HX_REQUEST="true").content.decode()


def go_on(client, table, text, headers=None):
    return client.post(table_url(table) + "act/", {"action": GO_ON, "version": version_of(text)},
                       HTTP_HX_REQUEST="true", **(headers or {}))


def poll(client, table, text, held=True):
    return client.get(table_url(table) + "poll/", {"version": version_of(text), **({"held": "1"} if held else {})},
                      HTTP_HX_REQUEST="true")


# Ann (seat 0) plays her last card: the round ends, the next is dealt, its scores are held.
LAST_CARD = {"players": 3, "hands": [["3"], ["2", "4", "5", "1"], ["1", "2", "3", "4"]],
             "discard": ["2"], "draw": DRAW, "guard": 1, "turn": 0}


def tables(update):
    """The tables a stream's step pushed (not the panel of who is at the table)."""
    return [e for e in sse_events(update.message or "") if e["event"] != "seats"]


@pytest.fixture
def held(fast, clock, settings):
    settings.MOGEL_PLAY_SCENARIO = LAST_CARD
    ann = Client()
    table, [ben] = started(ann, "Ben", rounds="full")
    shown = page(ann, table)
    [play] = re.findall(r'name="action" value="(play[^"]*)"', shown)
    assert ann.post(table_url(table) + "act/", {"action": play, "version": version_of(shown)},
                    HTTP_HX_REQUEST="true").status_code == 200
    clock.tick(10_000)
    page(ann, table)
    assert row_of(table).hold
    return table, ann, ben


def test_one_persons_go_on_waits_for_the_others_and_the_last_ones_goes_on_for_everyone(held, clock):
    table, ann, ben = held
    ann_stream = stream_of(ann, table)
    ann_stream.first()
    shown = page(ann, table)
    assert 'id="btn-continue"' in shown
    answer = go_on(ann, table, shown).content.decode()
    assert "You are ready. Still waiting for: Ben" in answer and 'id="btn-continue"' not in answer
    assert row_of(table).hold, "Ben is still reading: the bots wait"
    version = row_of(table).version
    clock.tick(5000)
    assert poll(ann, table, answer).status_code == 204
    assert not tables(ann_stream.later()), "no table pushed (who is at the table may be)"
    assert row_of(table).version == version, "nothing moved while Ben reads"
    # Ben's page still offers him the button, as before.
    assert 'id="btn-continue"' in page(ben, table)

    assert go_on(ben, table, page(ben, table)).status_code == 200
    assert not row_of(table).hold
    # Ann's page hears of it with no event of the game: pushed as a redraw of her version ...
    [pushed] = tables(ann_stream.later())
    assert pushed["event"] == "resume" and int(pushed["id"]) == version_of(answer)
    assert 'id="btn-continue"' not in pushed["data"] and "Still waiting" not in pushed["data"]
    # ... and answered to her poll while her stream is down.
    polled = poll(ann, table, answer)
    assert polled.status_code == 200 and "Still waiting" not in polled.content.decode()


def test_a_person_who_left_holds_nobody_up(held, clock, settings):
    table, ann, ben = held
    go_on(ann, table, page(ann, table))
    assert row_of(table).hold
    settings.MOGEL_FRIENDS_GRACE_MS = 2000
    clock.tick(3000)
    ann.get(table_url(table))   # Ann is here; Ben's page has been silent past the grace
    assert not row_of(table).hold, "a bot plays for Ben: the game goes on"


def test_a_poll_without_the_held_scores_is_answered_as_before(held):
    table, ann, ben = held
    shown = page(ann, table)
    assert poll(ann, table, shown, held=True).status_code == 204
    # A page that does not show the scores yet (it drew the table before the round ended) gets them.
    assert poll(ann, table, shown, held=False).status_code == 200


@pytest.mark.parametrize("lang, prefix, line", [
    ("de", "/de/freunde/", "Du bist bereit. Wir warten noch auf: Ben"),
    ("fr", "/fr/amis/", "C’est noté. On attend encore : Ben"),
    ("nl", "/nl/vrienden/", "Je bent klaar. We wachten nog op: Ben"),
    ("it", "/it/amici/", "Fatto. Aspettiamo ancora: Ben"),
])
def test_the_waiting_line_is_translated(held, lang, prefix, line):
    table, ann, ben = held
    url = f"{prefix}{table.code}/"
    shown = ann.get(url, HTTP_HX_REQUEST="true").content.decode()
    answer = ann.post(url + "act/", {"action": GO_ON, "version": version_of(shown)}, HTTP_HX_REQUEST="true")
    assert line in answer.content.decode()
