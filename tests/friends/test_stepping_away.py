"""Stepping away, said in words (docs/friends.md, "Stepping away"): the bar above the table and
each seat's badge say alike who is away and in how many seconds a bot plays for them; the host
lets a bot play an away seat at once; the table waits only at that seat's turn, and the fast
windows (slap, race, "Caught!") close on time for everyone while someone is away."""

import pytest
from django.test import Client, RequestFactory
from django.utils import translation

from mogel.friends.models import Seat
from mogel.play import service as play
from mogel.play.models import PracticeGame

from ..platform.dom import parse
from ..platform.play_helpers import sse_events
from .helpers import PREFIX, message_of, started, table_url, version_of
from .test_presence import on_seats, words
from .test_tables import fast, game_of, html, mogelei_table  # noqa: F401  (fast: a fixture)

pytestmark = pytest.mark.django_db


def bar(page):
    """{seat number: (state, its words)} as the bar above the table says them."""
    return {int(el.attrs["data-seat"]): (el.attrs["data-presence-state"], words(el.find(**{"class": "friends__said"})))
            for el in parse(page).walk() if "data-presence-state" in el.attrs}


def page_of(client, table, lang="en"):
    return html(client.get(f"{PREFIX[lang]}{table.code}/"))


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
@pytest.mark.parametrize("lang, away, gone", [
    ("en", "Ben is away — a bot plays for Ben in 45 s", "Bot plays for Ben"),
    ("de", "Ben ist weg – in 45 s spielt ein Bot für Ben", "Bot spielt für Ben")])
def test_the_bar_and_each_seat_say_alike_who_is_away_and_when_a_bot_plays(fast, clock, kind, lang, away, gone):
    ann = Client()
    table, (_ben,) = started(ann, "Ben", kind=kind)
    clock.tick(15_000)   # Ben's page silent a while, within the 60 s grace
    page = page_of(ann, table, lang)
    said, seats = bar(page), on_seats(page)
    assert said[1] == ("away", away)
    assert {n: state for n, (state, _w) in said.items()} == {n: state for n, (state, _w) in seats.items()}
    # The seconds are the server's, for the page to tick down from (friends/presence.js).
    assert parse(page).find(id="seat-presence-1").find(**{"data-left-ms": "45000"}) is not None
    clock.tick(46_000)
    page = page_of(ann, table, lang)
    assert bar(page)[1] == ("bot-plays", gone) and on_seats(page)[1][0] == "bot-plays"


def test_only_the_host_is_offered_to_let_a_bot_play_and_only_for_an_away_seat(fast, clock):
    ann = Client()
    table, (ben, cat) = started(ann, "Ben", "Cat")
    assert "takeover-" not in page_of(ann, table)
    clock.tick(15_000)
    ben.get(table_url(table))   # Ben is here; Cat is away
    page = page_of(ann, table)
    assert 'id="takeover-2"' in page and "Let a bot play for Cat now" in page and 'id="takeover-1"' not in page
    assert "takeover-" not in page_of(ben, table)


@pytest.mark.parametrize("lang, text", [("en", "Bot plays for Ben"), ("de", "Bot spielt für Ben")])
def test_the_host_lets_a_bot_play_for_an_away_person_now_and_they_take_the_seat_back(fast, clock, lang, text):
    """Mogelei waits for Ben's lay: the host need not wait out the grace."""
    ann = Client()
    table, ben = mogelei_table(ann, fast)
    clock.tick(15_000)
    ann.get(table_url(table) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true")
    assert 1 in game_of(table).expected()    # the table waits at Ben's turn
    answer = ann.post(f"{PREFIX[lang]}{table.code}/takeover/", {"seat": "1"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and text in html(answer)
    clock.tick(2_000)
    ann.get(table_url(table) + "poll/", {"version": 0}, HTTP_HX_REQUEST="true")
    assert 1 not in game_of(table).expected()
    assert any(e["code"] == "laid" and e["seat"] == 1 for e in PracticeGame.objects.get(pk=table.game_id).stored_log())
    ben.get(table_url(table))   # Ben comes back: his seat is his again
    assert bar(page_of(ann, table))[1][0] == "here"


@pytest.mark.parametrize("lang, text", [("en", "a bot can only take over the seat of someone who is away"),
                                        ("de", "kann ein Bot nur den Platz von jemandem übernehmen")])
def test_a_bot_cannot_take_a_seat_whose_person_is_here_or_a_bots(fast, clock, lang, text):
    ann = Client()
    table, (_ben,) = started(ann, "Ben")
    before = list(Seat.objects.filter(table=table).values_list("number", "seen_ms"))
    for seat in ("1", "2", "0"):   # Ben is here, seat 2 is a bot, seat 0 is Ann's own
        answer = ann.post(f"{PREFIX[lang]}{table.code}/takeover/", {"seat": seat}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 409 and text in message_of(html(answer)), seat
        assert 'id="seats"' in html(answer)   # the panel, with the refusal on it
    answer = ann.post(f"{PREFIX[lang]}{table.code}/takeover/", {"seat": "x"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 400 and 'id="seats"' in html(answer)
    assert list(Seat.objects.filter(table=table).values_list("number", "seen_ms")) == before


@pytest.mark.parametrize("lang, text", [("en", "Only the host can do that."), ("de", "Nur wer den Tisch eröffnet hat")])
def test_a_guest_cannot_hand_a_seat_to_a_bot(fast, clock, lang, text):
    ann = Client()
    table, (ben, _cat) = started(ann, "Ben", "Cat")
    clock.tick(15_000)
    ben.get(table_url(table))
    answer = ben.post(f"{PREFIX[lang]}{table.code}/takeover/", {"seat": "2"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 403 and text in message_of(html(answer))
    assert bar(page_of(ann, table))[2][0] == "away"
    answer = Client().post(f"{PREFIX[lang]}{table.code}/takeover/", {"seat": "2"})
    assert answer.status_code == 403 and bar(page_of(ann, table))[2][0] == "away"


# -- the fast windows close on time while someone is away ---------------------------------------

# The bot (seat 2) plays its mosquito or cockroach 3 on the 2; it never slaps, races or calls.
IDLE_BOT = {"cheat_rate": 0.0, "false_alarm": 0.0, "slap_ms": [400, 400], "slap_miss": 1.0,
            "race_ms": [400, 400], "race_miss": 1.0,
            "notice": {"idle": 0.0, "turn": 0.0, "window": 0.0}, "notice_bonus_repeat": 0.0,
            "notice_bonus_few": 0.0, "late_call": 0.0}
WINDOW_MS = 4_000


@pytest.fixture
def window(fast):
    fast.MOGEL_BOT_PROFILE = IDLE_BOT
    fast.MOGEL_BOT_PACE_MS = 12_000     # the bot plays once Ben's page is silent long enough to be away
    fast.MOGEL_MOSQUITO_MS = fast.MOGEL_COCKROACH_MS = fast.MOGEL_ACT_MS = WINDOW_MS
    return fast


def log_of(table):
    return PracticeGame.objects.get(pk=table.game_id).stored_log()


def polled_until(ann, table, clock, code, limit_ms=30_000):
    """Ann's page polls as a page does while Ben's stays silent, until an event ``code`` is
    logged; returns Ann's page and that event."""
    page = page_of(ann, table)
    for _ in range(limit_ms // 250):
        found = [e for e in log_of(table) if e["code"] == code]
        if found:
            return page, found[-1]
        clock.tick(250)
        answer = ann.get(table_url(table) + "poll/", {"version": version_of(page)}, HTTP_HX_REQUEST="true")
        if answer.status_code == 200:
            page = html(answer)
    raise AssertionError(f"no {code} within {limit_ms} ms: {[e['code'] for e in log_of(table)]}")


DRAW = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]
# The bot (seat 2) on turn can only play its mosquito / cockroach 3 on the 2; Ben holds the Guard Bug.
MOSQUITO = {"hands": [["1", "4", "5", "moth4"], ["1", "4", "4", "5"], ["mosquito3", "5", "5", "5"]], "turn": 2}
COCKROACH = {"hands": [["3", "4", "5", "moth4"], ["3", "4", "4", "5"], ["cockroach3", "5", "5", "5"]], "turn": 2}
# Ben is on turn (the table waits for him there) and holds the Guard Bug; Ann hides her spider 2.
CHEAT = {"hands": [["1", "3", "moth4", "spider2"], ["2", "4", "5", "1"], ["1", "2", "3", "4"]], "turn": 1}


@pytest.mark.parametrize("scenario, ann_does, opens, closes, deadline", [
    (MOSQUITO, "slap", "mosquito_open", "mosquito_slowest", "closes"),
    (COCKROACH, None, "cockroach_open", "cockroach_nobody", "closes"),
    (CHEAT, "cheat spider2", "cheated", "got_away", "until")], ids=["slap", "race", "caught"])
def test_a_fast_window_closes_on_time_while_someone_is_away(window, clock, scenario, ann_does, opens, closes,
                                                           deadline):
    window.MOGEL_PLAY_SCENARIO = {"players": 3, "discard": ["2" if scenario is not CHEAT else "5"], "guard": 1,
                                  "draw": DRAW, **scenario}
    ann = Client()
    table, (_ben,) = started(ann, "Ben")
    if scenario is CHEAT:
        clock.tick(12_000)   # Ben's page silent: away; the table waits at his turn
        page = page_of(ann, table)
        assert bar(page)[1][0] == "away" and 1 in game_of(table).expected()
        ann.post(table_url(table) + "act/", {"action": ann_does, "version": version_of(page)}, HTTP_HX_REQUEST="true")
    page, opened = polled_until(ann, table, clock, opens)
    assert on_seats(page)[1][0] == "away"
    if scenario is MOSQUITO:
        assert ann.post(table_url(table) + "act/", {"action": ann_does, "version": version_of(page)},
                        HTTP_HX_REQUEST="true").status_code == 200
    page, closed = polled_until(ann, table, clock, closes)
    # It closed at its own time, for everyone: not held open for Ben until a bot plays for him. Its
    # end may wait one credit cap for Ann's tap on its way (docs/friends.md "Far-away friends").
    row = PracticeGame.objects.get(pk=table.game_id)
    assert closed["t"] == opened[deadline]
    assert play.clock_at(row, clock.ms) - opened[deadline] <= play.CREDIT_CAP_MS + 250
    assert on_seats(page)[1][0] == "away"
    if scenario is MOSQUITO:
        assert closed["seat"] == 1   # Ann slapped; Ben, away, is the slowest


# -- pushed ------------------------------------------------------------------------------------------

def source_of(client, table, lang):
    """The stream a page of ``client`` in ``lang`` gets (mogel.friends.views._source), step by step."""
    from mogel.friends import views

    request = RequestFactory().get(f"{PREFIX[lang]}{table.code}/stream/", {"version": 0})
    request.session, request.htmx = client.session, False
    with translation.override(lang):
        return views._source(request, table.code)


def seats_pushed(update):
    return [e["data"] for e in sse_events(update.message or "") if e["event"] == "seats"]


@pytest.mark.parametrize("lang, away", [("en", "Ben is away — a bot plays for Ben in"),
                                        ("de", "Ben ist weg – in")])
def test_the_time_left_before_a_bot_plays_is_pushed_and_synced_again_with_the_table(fast, clock, lang, away):
    ann = Client()
    table, ben = mogelei_table(ann, fast)   # the game waits at Ben's lay
    source = source_of(ann, table, lang)
    source.first()
    clock.tick(10_001)                    # Ben's page silent: he turns away, and the page is told
    [panel] = seats_pushed(source.later())
    assert away in panel and 'data-left-ms="49999"' in panel and 'data-presence="away"' in panel
    # While Ben is away, each table pushed brings the server's count again.
    clock.tick(5_000)
    page = page_of(ann, table)
    ann.post(table_url(table) + "act/", {"action": game_of(table).legal_actions(0)[0], "version": version_of(page)},
             HTTP_HX_REQUEST="true")
    update = source.later(heard=1)
    [panel] = seats_pushed(update)
    assert 'data-left-ms="44999"' in panel
    assert any(e["event"] in ("table", "patch") for e in sse_events(update.message))


def test_the_hosts_takeover_is_pushed_to_every_page(fast, clock):
    ann = Client()
    table, (ben, cat) = started(ann, "Ben", "Cat")
    source = source_of(ben, table, "de")
    source.first()
    clock.tick(15_000)
    ben.get(table_url(table))
    seats_pushed(source.later())
    ann.post(table_url(table) + "takeover/", {"seat": "2"}, HTTP_HX_REQUEST="true")
    clock.tick(500)
    [panel] = seats_pushed(source.later())
    assert "Bot spielt für Cat" in panel and 'data-presence="bot-plays"' in panel
