"""A practice game waits for its player (docs/platform.md, "A game that waits").

Game time runs only while the page is at the table: for a short grace after its last contact
(a poll, a post, the page), not at all once the page said it left (the beacon to ``away/``).
Coming back to a pending window or bot move starts a count-in; the window then goes on with
the time it had left. Fixed positions and bot reflexes, a fake server clock.
"""

import re

import pytest
from django.test import Client
from django.utils import translation

from games.mogel_motte.engine import Game
from mogel.play import service
from mogel.play.names import seat_names

from tests.platform.play_helpers import LOBBY, log_of, post, row_of, version_of
from .fixed_tables import fixed_table
from .test_reflexes import COCKROACH, GUARD, HONEST, MOSQUITO, SNEAKY, poll, poll_until, wait_for_tell

pytestmark = pytest.mark.django_db

GRACE = 1500
LANGS = ("de", "en", "fr", "nl", "it")


@pytest.fixture
def table(settings, clock):
    # The card's flight onto the pile holds a countdown still (test_reflexes.py); here the
    # windows run from their opening, so a countdown tells how much game time has passed.
    return fixed_table(settings, land_ms=0, grace_ms=GRACE)


def leave(client, url):
    return client.post(url + "away/")


def countdown(html):
    """The open window's time left on the page, in ms."""
    return int(re.search(r'class="window__time">.*?data-countdown="(\d+)"', html, re.S).group(1))


def fragment(client, url):
    return client.get(url, HTTP_HX_REQUEST="true").content.decode()


def mosquito_on_the_page(client, clock, table):
    url, html = table(client, MOSQUITO, {**HONEST, "slap_ms": [2000, 2000]})
    _, version, html = poll_until(client, clock, url, version_of(html), 'id="btn-slap"')
    return url, version, html


def test_a_game_left_for_20_s_stands_still_and_resumes_its_window_after_a_count_in(client, clock, table):
    url, version, html = mosquito_on_the_page(client, clock, table)
    left_ms = countdown(html)
    stored = row_of(url).version, row_of(url).state
    assert leave(client, url).status_code == 204
    clock.tick(20_000)

    back = fragment(client, url)
    assert (row_of(url).version, row_of(url).state) == stored, "nothing was applied meanwhile"
    assert version_of(back) == version
    assert countdown(back) == left_ms, "the window has the time it had when the player left"
    assert 'class="count-in"' in back and "Welcome back! The game waited for you." in back
    count_in = int(re.search(r'data-count-in="(\d+)"', back).group(1))
    assert count_in == service.COUNT_IN_MS

    # The count-in runs: the game still stands still, a tap is refused and changes nothing.
    clock.tick(count_in - 100)
    refused = post(client, url, "slap", version)
    assert refused.status_code == 409 and "Wait for the count-in" in refused.content.decode()
    assert (row_of(url).version, row_of(url).state) == stored
    # After it, the window goes on with the time it had left, no more and no less.
    clock.tick(100)
    assert countdown(fragment(client, url)) == left_ms
    clock.tick(left_ms - 200)
    assert post(client, url, "slap", version).status_code == 200
    assert [e["seat"] for e in log_of(url) if e["code"] == "slapped"][0] == 0, "Oscar slaps 2 s in: not yet"


def test_without_a_word_from_the_page_the_game_runs_on_for_the_grace_only(client, clock, table):
    url, version, html = mosquito_on_the_page(client, clock, table)
    row = row_of(url)
    last_contact = service.clock_at(row, clock.ms)
    clock.tick(20_000)
    back = fragment(client, url)
    # The last contact noted may be a moment older than the last poll (a quarter of the grace at most).
    ran = service.game_now(row_of(url), Game.from_json(row_of(url).state)) - last_contact
    assert GRACE - GRACE // 4 <= ran <= GRACE
    assert countdown(back) == countdown(html) - ran
    assert 'class="count-in"' in back


def test_a_short_pause_resumes_at_once(client, clock, table):
    url, version, html = mosquito_on_the_page(client, clock, table)
    leave(client, url)
    clock.tick(service.COUNT_IN_AFTER_MS - 500)
    back = fragment(client, url)
    assert 'class="count-in"' not in back
    assert countdown(back) == countdown(html)


def test_no_count_in_when_nothing_is_pending(client, clock, table):
    # Your turn, no window, honest bots: the game waits for you anyway, nothing to count in.
    url, html = table(client, {**MOSQUITO, "turn": 0}, {**HONEST, "cheat_rate": 0.0})
    leave(client, url)
    clock.tick(20_000)
    assert 'class="count-in"' not in client.get(url).content.decode()


def test_another_tab_at_the_table_keeps_the_game_running(client, clock, table):
    # Any tab's contact counts (the presence is in the row, not in a process): one tab left,
    # the other polls on, and only the moment between them stood still.
    url, version, html = mosquito_on_the_page(client, clock, table)
    leave(client, url)
    clock.tick(300)
    poll(client, url, version)
    assert row_of(url).away is False
    clock.tick(1000)
    assert countdown(fragment(client, url)) == countdown(html) - 1000


def test_a_poll_the_page_sent_before_it_left_does_not_bring_the_game_back(client, clock, table):
    # Back pressed with a poll in flight: the server may serve the beacon first. That poll came
    # from the showing that left, so the game still waits; the page shown again ends the pause.
    url, version, html = mosquito_on_the_page(client, clock, table)
    assert client.post(url + "away/", {"showing": "abc123"}).status_code == 204
    late = client.get(url + f"poll/?version={version}", HTTP_HX_REQUEST="true", HTTP_X_TABLE_SHOWING="abc123")
    assert late.status_code == 204 and row_of(url).away is True
    clock.tick(5000)
    assert row_of(url).away is True
    back = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_TABLE_SHOWING="def456").content.decode()
    assert row_of(url).away is False
    assert countdown(back) == countdown(html), "the game stood still from the beacon on"


@pytest.mark.parametrize("showing", [None, "", "not a token!"])
def test_a_request_that_names_no_showing_of_the_page_that_left_ends_the_pause(client, clock, table, showing):
    url, version, html = mosquito_on_the_page(client, clock, table)
    client.post(url + "away/", {"showing": "abc123"})
    headers = {} if showing is None else {"HTTP_X_TABLE_SHOWING": showing}
    client.get(url, HTTP_HX_REQUEST="true", **headers)
    assert row_of(url).away is False


def test_the_leave_beacon_is_csrf_protected_and_only_for_the_owner(client, clock, table):
    url, html = table(client, MOSQUITO, HONEST)
    guarded = Client(enforce_csrf_checks=True)
    guarded.cookies = client.cookies
    assert guarded.post(url + "away/").status_code == 403
    assert Client().post(url + "away/").status_code == 404
    assert client.get(url + "away/").status_code == 405
    assert row_of(url).away is False


def test_a_guard_who_leaves_mid_act_comes_back_to_a_cheat_still_caught(client, clock, table, settings):
    settings.MOGEL_ACT_MS = 3000
    url, html = table(client, GUARD, SNEAKY)
    _, accused, version = wait_for_tell(client, clock, url, version_of(html))
    leave(client, url)
    clock.tick(20_000)
    client.get(url)
    clock.tick(service.COUNT_IN_MS)
    response = post(client, url, f"catch {accused}", version)
    assert response.status_code == 200
    codes = [e["code"] for e in log_of(url) if e.get("seat") == 0 and e["code"] in ("caught", "wrong_accusation")]
    assert codes == ["caught"], "the cheat did not get away while the player was gone"


# -- never show what can no longer be answered ------------------------------------------------

def test_a_tell_whose_cheat_ended_is_never_in_a_page(client, clock, table, settings):
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9   # the page stays: the cheat runs out
    url, html = table(client, GUARD, {**SNEAKY, "cheat_rate": 1.0})
    t, accused, version = wait_for_tell(client, clock, url, version_of(html))
    game = Game.from_json(row_of(url).state)
    until = game.acts[accused]["until"]
    clock.tick(until - service.game_now(row_of(url), game))
    for page in (client.get(url).content.decode(), poll(client, url, version).content.decode()):
        assert f'data-seat="{accused}"' not in re.findall(r'seat--tell[^"]*" data-seat="\d"', page)
        assert f'data-tell="{accused}-' not in page


def test_a_window_run_out_by_now_is_not_drawn_even_before_the_game_catches_up():
    from games.mogel_motte.table.present import present

    game = Game.from_scenario({**MOSQUITO, "turn": 1}, seed=7)
    game.apply(1, "play mosquito3", 0)
    view = game.view(0)
    names = seat_names("Ann", 3)
    assert present(view, game.legal_actions(0), names, action_url="/", version=1, now=100)["window"]
    late = present(view, game.legal_actions(0), names, action_url="/", version=1, now=view["window"]["closes"])
    assert late["window"] is None


# -- a cheat is judged on time --------------------------------------------------------------

def test_a_cheat_posted_on_a_changed_table_is_judged_on_the_rules(client, clock, table):
    # The bots play on while you pick the card: your cheat still counts.
    url, html = table(client, MOSQUITO, HONEST)
    version = version_of(html)
    poll_until(client, clock, url, version, "mosquito_open")
    assert row_of(url).public_version > version
    response = post(client, url, "cheat 5", version)
    assert response.status_code == 200
    assert [e["code"] for e in log_of(url) if e.get("seat") == 0][-1] == "cheated"
    # The same tap again from that page is a double tap: refused, nothing changes.
    before = row_of(url).version
    assert post(client, url, "cheat 4", version).status_code == 409
    assert row_of(url).version == before


def test_a_cheat_the_rules_refuse_is_refused_with_their_reason(client, clock, table):
    url, html = table(client, MOSQUITO, HONEST)
    version = version_of(html)
    response = post(client, url, "cheat mosquito3", version)
    assert response.status_code == 400
    assert "not in your hand" in response.content.decode()


# -- every refusal of a fast action names why -------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_lost_race_says_who_was_faster(client, clock, table, lang, settings):
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9
    url, html = table(client, COCKROACH, HONEST, lang=lang)
    _, version, _ = poll_until(client, clock, url, version_of(html), 'id="btn-race"')
    poll_until(client, clock, url, version, "raced")
    winner = next(e["seat"] for e in log_of(url) if e["code"] == "raced")
    clock.tick(390)
    response = post(client, url, "race 3", version, reaction_ms=300)
    page = response.content.decode()
    with translation.override(lang):
        name = seat_names("Ann", 3)[winner]
        expected = translation.gettext("Too late – %(name)s was faster.") % {"name": name}
        wrong = translation.gettext("There is no cockroach race for this card.")
    assert response.status_code == 400
    assert expected in page.replace("&ndash;", "–") and wrong not in page
    assert name in expected and (lang == "en" or not expected.startswith("Too late"))


def test_a_slap_after_the_mosquito_closed_says_it_is_over(client, clock, table, settings):
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9
    url, version, html = mosquito_on_the_page(client, clock, table)
    clock.tick(countdown(html) + 10)
    poll(client, url, version)
    response = post(client, url, "slap", version)
    assert response.status_code == 400
    assert "Too late: the mosquito is over." in response.content.decode()


# -- the same rule in Mogelei (platform code) -------------------------------------------------

def test_a_mogelei_game_left_for_20_s_stands_still_then_counts_in(client, clock, settings):
    from tests.games.mogelei.site.test_play import start

    settings.MOGEL_PLAY_SEED = 424242
    settings.MOGEL_PAUSE_GRACE_MS = GRACE
    url = start(client, dealer="me")   # the bot on your left calls first
    html = client.get(url).content.decode()
    assert "data-wake-in" in html, "a bot's move is pending"
    stored = row_of(url).version, row_of(url).state
    leave(client, url)
    clock.tick(20_000)
    back = client.get(url).content.decode()
    assert (row_of(url).version, row_of(url).state) == stored
    assert 'class="count-in"' in back
    clock.tick(service.COUNT_IN_MS + 60_000)
    client.get(url)
    assert row_of(url).version > stored[0], "after the count-in the bots go on"
