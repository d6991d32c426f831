"""Fast actions in the practice game: judged on time, not on freshness, with the network credited.

A slap, race or Caught! is refused only when the rules refuse it at the time it was made
(window closed, card gone, nobody in the act), never because a bot moved since the page was
drawn. The page sends how long the player took to react (``reaction_ms``) from the moment the
window's card was on the pile (it flies there for ``LAND`` ms first); the server credits the
rest of the time since it sent the window and the card landed, capped at ``service.CREDIT_CAP_MS``.
Every position is fixed (``MOGEL_PLAY_SCENARIO``), every bot reflex too (``MOGEL_BOT_PROFILE``),
and the server clock is fake.
"""

import re

import pytest

from games.mogel_motte.engine import Game
from mogel.play import service

from tests.platform.play_helpers import events_after, log_of, post, row_of, version_of

from .fixed_tables import fixed_table

pytestmark = pytest.mark.django_db

DRAW = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]
# The played mosquito or cockroach flies onto the pile for this long: the window counts from then.
LAND = 600
# Lucy (seat 1) is on turn and can only play her mosquito; Oscar (seat 2) slaps 450 ms after it lands.
MOSQUITO = {"players": 3, "hands": [["1", "4", "5", "moth4"], ["mosquito3", "5", "5", "5"], ["1", "4", "4", "5"]],
            "discard": ["2"], "draw": DRAW, "guard": 2, "turn": 1}
# Lucy can only play her cockroach 3; you and Oscar hold a 3, Oscar races 600 ms after it lands.
COCKROACH = {"players": 3, "hands": [["3", "4", "5", "moth4"], ["cockroach3", "5", "5", "5"], ["3", "4", "4", "5"]],
             "discard": ["2"], "draw": DRAW, "guard": 2, "turn": 1}
# You hold the Guard Bug; the bots cheat whenever they may.
GUARD = {"players": 3, "hands": [["1", "3", "5", "moth4"], ["2", "4", "spider5", "1"], ["2", "3", "4", "5"]],
         "discard": ["2"], "draw": DRAW, "guard": 0, "turn": 1}
HONEST = {"cheat_rate": 0.0, "false_alarm": 0.0, "slap_ms": [450, 450], "slap_miss": 0.0,
          "race_ms": [600, 600], "race_miss": 0.0}
SNEAKY = {"cheat_rate": 1.0, "cheat_busy": {"idle": 1.0, "turn": 1.0, "window": 1.0}, "cheat_numbers": 1.0,
          "cheat_after_catch": 1.0, "cheat_ms": [1, 1], "false_alarm": 0.0,
          "notice": {"idle": 0.0, "turn": 0.0, "window": 0.0}, "notice_bonus_repeat": 0.0, "notice_bonus_few": 0.0}


@pytest.fixture
def table(settings, clock):
    return fixed_table(settings, land_ms=LAND)


def game_time(url, clock):
    return clock.ms - row_of(url).started_ms


def poll(client, url, version):
    return client.get(url + "poll/", {"version": version}, HTTP_HX_REQUEST="true")


def poll_until(client, clock, url, version, seen, step=100, limit=100):
    """Poll every ``step`` ms until the table matches the pattern ``seen`` (or, given an event code,
    until a bot's event of that code is logged); returns (game time, version, html)."""
    for _ in range(limit):
        clock.tick(step)
        response = poll(client, url, version)
        if response.status_code == 200:
            html = response.content.decode()
            version = version_of(html)
            if (re.search(seen, html) if not seen.isidentifier()
                    else any(e["code"] == seen and e["seat"] != 0 for e in log_of(url))):
                return game_time(url, clock), version, html
    raise AssertionError(f"the table never showed {seen}")


def wait(clock, url, until):
    """Let the fake clock run to game time ``until`` without any request."""
    clock.tick(until - game_time(url, clock))


def opened(url, code):
    return next(e["t"] for e in log_of(url) if e["code"] == code)


def landed(url, code):
    """When the window's card was on the pile (the window and the bots' reflexes count from then)."""
    return next(e["landed"] for e in log_of(url) if e["code"] == code)


def mosquito_shown(client, clock, table):
    """Lucy's mosquito on the page; returns (url, game time the page was sent it, its version)."""
    url, html = table(client, MOSQUITO, HONEST)
    sent, version, _html = poll_until(client, clock, url, version_of(html), 'id="btn-slap"')
    return url, sent, version


def slowest(url):
    return next(e["seat"] for e in log_of(url) if e["code"] == "mosquito_slowest")


# -- judged on time, not on freshness --------------------------------------------------------

def test_a_slap_on_a_table_where_a_bot_slapped_since_is_taken(client, clock, table):
    url, sent, version = mosquito_shown(client, clock, table)
    _, newer, _ = poll_until(client, clock, url, version, "slapped")
    assert newer > version, "the page's table has changed since the window showed"
    response = post(client, url, "slap", version)
    assert response.status_code == 200
    assert [e["code"] for e in events_after(url, version)][-2:] == ["slapped", "mosquito_slowest"]
    assert slowest(url) == 0, "no credit claimed: the slap counts when it arrived, after Oscar's"


def test_a_second_slap_from_the_same_page_is_a_double_tap(client, clock, table):
    url, sent, version = mosquito_shown(client, clock, table)
    assert post(client, url, "slap", version).status_code == 200
    before = row_of(url).version
    response = post(client, url, "slap", version)
    assert response.status_code == 409 and "The table had changed" in response.content.decode()
    assert row_of(url).version == before


def test_a_race_after_a_bot_moved_is_taken_while_the_rules_allow_it(client, clock, table):
    # The tap comes from the table before Lucy's cockroach: a bot moved since. The race arrives
    # while the window is open and you hold the 3: you win it.
    url, html = table(client, COCKROACH, HONEST)
    version = version_of(html)
    poll_until(client, clock, url, version, 'id="btn-race"')
    response = post(client, url, "race 3", version)
    assert response.status_code == 200
    assert [e["seat"] for e in log_of(url) if e["code"] == "raced"] == [0]


def test_a_race_after_the_bot_won_it_is_refused_by_the_rules(client, clock, table):
    url, html = table(client, COCKROACH, HONEST)
    shown, version, _ = poll_until(client, clock, url, version_of(html), 'id="btn-race"')
    poll_until(client, clock, url, version, "raced")
    before = row_of(url).version
    response = post(client, url, "race 3", version, reaction_ms=300)
    assert response.status_code == 400, "the rules' answer, not 'the table had changed'"
    assert "The table had changed" not in response.content.decode()
    assert row_of(url).version == before


def test_a_race_made_before_the_bots_is_won_when_it_arrives_after_their_time(client, clock, table):
    # The tap took 300 ms after the card landed, the network 500 ms more: Oscar's race (600 ms
    # after the landing) was due before the tap arrived, but no request had made it yet. The race
    # made first wins.
    url, html = table(client, COCKROACH, HONEST)
    sent, version, _ = poll_until(client, clock, url, version_of(html), 'id="btn-race"')
    bot_race = landed(url, "cockroach_open") + 600
    wait(clock, url, sent + LAND + 800)
    assert sent + LAND + 300 < bot_race < sent + LAND + 800
    response = post(client, url, "race 3", version, reaction_ms=300)
    assert response.status_code == 200
    assert [e["seat"] for e in log_of(url) if e["code"] == "raced"] == [0]


def wait_for_tell(client, clock, url, version):
    t, version, html = poll_until(client, clock, url, version, r'seat--tell[^"]*" data-seat="\d"')
    seat = int(re.search(r'seat--tell[^"]*" data-seat="(\d)"', html).group(1))
    return t, seat, version


def test_a_caught_on_a_table_that_changed_since_catches_the_cheat(client, clock, table, settings):
    settings.MOGEL_ACT_MS = 5000   # long enough for a bot's next move to come first
    url, html = table(client, GUARD, SNEAKY)
    _, accused, version = wait_for_tell(client, clock, url, version_of(html))
    game = Game.from_json(row_of(url).state)
    assert accused in game.acts
    # Something else happens before the Caught! arrives (a bot plays or cheats): the page is behind.
    poll_until(client, clock, url, version, ".", step=50)
    assert row_of(url).public_version > version
    response = post(client, url, f"catch {accused}", version)
    assert response.status_code == 200
    assert [e["code"] for e in events_after(url, version) if e.get("seat") == 0][0] == "caught"


def test_a_double_tap_on_caught_costs_no_second_card(client, clock, table):
    url, html = table(client, GUARD, {**SNEAKY, "cheat_rate": 0.0})
    version = version_of(html)
    assert post(client, url, "catch 2", version).status_code == 200   # nobody cheated: you draw
    hand = len(Game.from_json(row_of(url).state).hands[0])
    response = post(client, url, "catch 2", version)
    assert response.status_code == 409
    assert len(Game.from_json(row_of(url).state).hands[0]) == hand


# -- fair reflexes: the credit ---------------------------------------------------------------

def slap_arriving(client, clock, table, after, reaction):
    """Lucy's mosquito is sent to the page; its card lands LAND ms later, Oscar slaps 450 ms after
    that. Your slap arrives ``after`` ms after the card landed on the page (the page was sent the
    window LAND ms before), claiming ``reaction``. Returns the slowest seat and the time your slap
    counts at, from the landing."""
    url, sent, version = mosquito_shown(client, clock, table)
    wait(clock, url, sent + LAND + after)
    extra = {} if reaction is None else {"reaction_ms": reaction}
    assert post(client, url, "slap", version, **extra).status_code == 200
    clock.tick(3000)   # Oscar's slap, if still to come, and the window's end
    poll(client, url, version)
    mine = next(e for e in log_of(url) if e["code"] == "slapped" and e["seat"] == 0)
    return slowest(url), mine.get("dated", mine["t"]) - sent - LAND


def test_an_honest_slow_network_is_credited(client, clock, table):
    # 200 ms to react to the card on the pile, 700 ms on the way and on the screen: the slap
    # counts 200 ms after the landing, before Oscar's (450 ms after it).
    assert slap_arriving(client, clock, table, after=900, reaction=200) == (2, 200)


def test_the_reaction_counts_from_the_card_on_the_pile_and_its_flight_is_not_credit(client, clock, table):
    # The page took LAND ms to fly the card onto the pile and 1 s on the network: only the
    # network is credit (all of it, at the cap), so the slap counts 300 ms after the landing.
    assert service.CREDIT_CAP_MS == 1000
    assert slap_arriving(client, clock, table, after=300 + 1000, reaction=300) == (2, 300)
    # A slower network is credited up to the cap, never more.
    assert slap_arriving(client, clock, table, after=300 + 1200, reaction=300) == (0, 500)


def test_a_slap_never_counts_before_the_card_landed(client, clock, table):
    # The fastest claim a person can make (100 ms) puts the slap 100 ms after the landing at best.
    assert slap_arriving(client, clock, table, after=150, reaction=service.MIN_REACTION_MS)[1] == 100


@pytest.mark.parametrize("claim", [None, -5, 0, 50, 901, 10 ** 12, "soon"])
def test_a_missing_negative_inhuman_or_impossible_reaction_gains_nothing(client, clock, table, claim):
    assert slap_arriving(client, clock, table, after=900, reaction=claim) == (0, 900)


@pytest.mark.parametrize("claim", [150, 300, 500])
def test_a_claim_beyond_the_cap_gains_nothing(client, clock, table, claim):
    # 1.5 s after the landing: whatever the page claims, at most 1 s is credited. A lie of 150 ms
    # would put the slap before Oscar's; capped, it counts at 500 ms, after his.
    assert service.CREDIT_CAP_MS == 1000
    assert slap_arriving(client, clock, table, after=1500, reaction=claim) == (0, 500)


def test_the_window_counts_from_its_card_on_the_pile(client, clock, table):
    url, sent, version = mosquito_shown(client, clock, table)
    html = client.get(url).content.decode()
    lands = landed(url, "mosquito_open")
    assert lands == opened(url, "mosquito_open") + LAND and sent < lands
    # Before the card is on the pile the page shows the whole window, counted from the landing ...
    assert 'data-countdown="2500"' in html
    # (The page that showed the table before the mosquito gets the played card with its flight.)
    assert f"&quot;land&quot;:{LAND}" in poll(client, url, version - 2).content.decode()
    # ... and the bots react to the card on the pile too.
    poll_until(client, clock, url, version, "slapped")
    assert [e["t"] for e in log_of(url) if e["code"] == "slapped"] == [lands + 450]


def test_the_credit_in_numbers():
    cap = service.CREDIT_CAP_MS
    assert service.credit_ms(1000, 0, 300) == 700                # network and screen: credited
    assert service.credit_ms(5000, 0, 300) == cap                # never more than the cap
    assert service.credit_ms(1000, 0, 1200) == 0                 # a reaction longer than it all
    assert service.credit_ms(1000, None, 300) == 0               # the window was never sent
    assert service.credit_ms(1000, 0, service.MIN_REACTION_MS - 1) == 0


# -- a bot's race waits until no credited tap can beat it ------------------------------------

def race_shown(client, clock, table):
    """Lucy's cockroach on the page; Oscar races 600 ms after its card landed. Returns (url, game
    time the page was sent it, its version, Oscar's race time)."""
    url, html = table(client, COCKROACH, HONEST)
    sent, version, _ = poll_until(client, clock, url, version_of(html), 'id="btn-race"')
    return url, sent, version, landed(url, "cockroach_open") + 600


def test_a_poll_after_the_bots_race_time_does_not_settle_the_race_yet(client, clock, table):
    url, sent, version, bot_race = race_shown(client, clock, table)
    wait(clock, url, bot_race + 500)
    assert poll(client, url, version).status_code in (200, 204)
    assert not [e for e in log_of(url) if e["code"] == "raced"], "a tap on its way could still beat it"
    assert 'id="btn-race"' in client.get(url).content.decode()


def test_a_race_tapped_first_wins_though_a_poll_came_after_the_bots_time(client, clock, table):
    # On the phone the tap took 300 ms after the card landed; the network and the screen 600 ms
    # more. Meanwhile the page polled after Oscar's time: the race made first still wins.
    url, sent, version, bot_race = race_shown(client, clock, table)
    wait(clock, url, bot_race + 200)
    poll(client, url, version)
    wait(clock, url, sent + LAND + 900)
    assert sent + LAND + 300 < bot_race
    response = post(client, url, "race 3", version, reaction_ms=300)
    assert response.status_code == 200
    assert [e["seat"] for e in log_of(url) if e["code"] == "raced"] == [0]


def test_a_held_race_is_made_at_its_own_time_once_the_cap_has_passed(client, clock, table):
    url, sent, version, bot_race = race_shown(client, clock, table)
    wait(clock, url, bot_race + service.CREDIT_CAP_MS + 1)
    poll(client, url, version)
    raced = [e for e in log_of(url) if e["code"] == "raced"]
    assert [(e["seat"], e["t"]) for e in raced] == [(2, bot_race)]
    # A tap arriving now, claiming the longest credit, counts after Oscar's race: refused by the rules.
    response = post(client, url, "race 3", version, reaction_ms=100)
    assert response.status_code == 400


def test_no_race_is_held_when_the_player_has_no_card_to_race_with(client, clock, table):
    scenario = {**COCKROACH, "hands": [["4", "5", "5", "moth4"], *COCKROACH["hands"][1:]]}
    url, html = table(client, scenario, HONEST)
    version = version_of(html)
    bot_race = None
    for _ in range(40):
        clock.tick(100)
        poll(client, url, version)
        if any(e["code"] == "cockroach_open" for e in log_of(url)):
            bot_race = landed(url, "cockroach_open") + 600
            break
    wait(clock, url, bot_race + 100)
    poll(client, url, version)
    assert [e["seat"] for e in log_of(url) if e["code"] == "raced"] == [2]
