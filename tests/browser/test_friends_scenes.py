"""Scripted scenes at a friends' table in Chromium, three browser contexts: Ann hosts on a
laptop (1280×800), Ben joins on a phone (375×812), the third seat is a bot. Every deal is fixed
(``MOGEL_PLAY_SCENARIO`` / ``PLAY_SCENARIOS``, read when the table starts, as the practice game's
browser tests do) and the bot's reflexes too (``MOGEL_BOT_PROFILE``), so each scene is the same
every run. Mogel Motte: a mosquito both people slap, a cockroach race, a person's cheat the
other person (the guard) catches, and one that gets away. Mogelei: a right and a wrong
accusation between the two people. And Ben's phone losing its connection mid-round and coming
back to the table as it stands. Screenshots: /work/shots/fscenes/ when it exists, else test-artifacts/."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from mogel.friends.models import Table
from mogel.play.models import PracticeGame

from tests.games.mogel_motte.site.test_cheating import YOU_CHEAT
from tests.games.mogel_motte.site.test_reflexes import COCKROACH as PRACTICE_COCKROACH
from tests.games.mogel_motte.site.test_reflexes import MOSQUITO as PRACTICE_MOSQUITO

from .htmx import ready
from .progress import Progress
from .test_friends import DESKTOP, PHONE, open_page

# The bot never slaps, races, cheats or catches: the scene is the two people's.
IDLE_BOT = {"cheat_rate": 0.0, "false_alarm": 0.0, "slap_ms": [400, 400], "slap_miss": 1.0,
            "race_ms": [400, 400], "race_miss": 1.0,
            "notice": {"idle": 0.0, "turn": 0.0, "window": 0.0}, "notice_bonus_repeat": 0.0,
            "notice_bonus_few": 0.0, "late_call": 0.0}


def bot_plays(scenario):
    """The practice scene's position with Ben in the second bot's seat: the bot (seat 2) is on
    turn and can only play its mosquito / cockroach 3 on the 2; Ben holds the Guard Bug."""
    hands = scenario["hands"]
    return {**scenario, "hands": [hands[0], hands[2], hands[1]], "guard": 1, "turn": 2}


MOSQUITO, COCKROACH = bot_plays(PRACTICE_MOSQUITO), bot_plays(PRACTICE_COCKROACH)
# Ben (seat 1) holds the Guard Bug and is on turn; Ann may cheat.
ANN_CHEATS = YOU_CHEAT
SHOTS = Path("/work/shots/fscenes")


def shoot(page, name):
    from .conftest import ARTIFACTS
    folder = SHOTS if SHOTS.is_dir() else ARTIFACTS
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"friends-scene-{name}.png"), full_page=False)


@pytest.fixture
def friends(browser, site_url, settings):
    """A started table of ``kind``: Ann's page (desktop, host, seat 0), Ben's (phone, seat 1), a bot at seat 2."""
    settings.MOGEL_POLL_MS = 150
    settings.MOGEL_PLAY_SEED = 5
    settings.MOGEL_FRIENDS_GRACE_MS = 10 ** 9
    contexts = []

    def sit_down(kind, own):
        ann_context, ann = open_page(browser, DESKTOP, f"{site_url}/en/friends/new/{kind}/")
        ann.fill("input[name=name]", "Ann")
        ann.check("input[name=players][value='3']")
        for field, value in own.items():
            ann.check(f"input[name={field}][value='{value}']")
        ann.click(".btn--start")
        link = ann.inner_text("#invite-link")
        ben_context, ben = open_page(browser, PHONE, link)
        contexts.extend((ann_context, ben_context))
        ben.fill("input[name=name]", "Ben")
        ben.click("#btn-sit")
        ben.wait_for_selector(".friends__seat--mine")
        ann.wait_for_selector(".friends__seat[data-seat='1'] >> text=Ben")
        ann.click("#btn-fill")
        ann.wait_for_selector(".friends__seat[data-seat='2'] .friends__tag")
        ann.click("#btn-start")
        for page in (ann, ben):
            page.wait_for_selector("#table")
            ready(page)
        return ann, ben

    yield sit_down
    for context in contexts:
        context.close()


def motte(friends, settings, scenario, act_ms=2500):
    settings.MOGEL_PLAY_SCENARIO = scenario
    settings.MOGEL_BOT_PROFILE = IDLE_BOT
    settings.MOGEL_BOT_PACE_MS = 2500
    settings.MOGEL_MOSQUITO_MS = 6000
    settings.MOGEL_COCKROACH_MS = 6000
    settings.MOGEL_ACT_MS = act_ms
    return friends("mogel-motte", {"rounds": "single"})


def log():
    return PracticeGame.objects.get(pk=Table.objects.get(rematch=None).game_id).stored_log()


def codes(code):
    return [e for e in log() if e["code"] == code]


def test_a_mosquito_both_people_slap(friends, settings):
    ann, ben = motte(friends, settings, MOSQUITO)
    for page in (ann, ben):
        page.locator("#btn-slap").wait_for()
    shoot(ben, "mosquito-phone")
    ann.locator("#btn-slap").click()
    ben.locator("#btn-slap").click()
    for page in (ann, ben):
        page.wait_for_function("() => !document.querySelector('#btn-slap')")
    assert sorted(e["seat"] for e in codes("slapped")) == [0, 1]
    # The bot played it: the slower of the two people takes the penalty, and both pages say who.
    (slowest,) = codes("mosquito_slowest")
    assert slowest["seat"] in (0, 1)
    other = (ben, ann)[slowest["seat"]]
    name = ("Ann", "Ben")[slowest["seat"]]
    other.wait_for_function(f"() => document.querySelector('.log__list').textContent.includes('{name}')")
    shoot(ann, "mosquito-after-desktop")


def test_a_cockroach_race_between_the_two_people(friends, settings):
    ann, ben = motte(friends, settings, COCKROACH)
    for page in (ann, ben):
        page.locator("#btn-race").wait_for()
    ben.locator("#btn-race").click()
    for page in (ann, ben):
        page.wait_for_function("() => !document.querySelector('#btn-race')")
    # Ben raced first: his 3 is on the pile and Ann's page tells her so.
    assert [e["seat"] for e in codes("raced")] == [1]
    ann.wait_for_function("() => document.querySelector('.log__list').textContent.includes('Ben')")
    shoot(ben, "cockroach-after-phone")


def ann_cheats(friends, settings, card, act_ms):
    """Ann makes ``card`` disappear with X (the keyboard's cheat) while Ben is on turn."""
    ann, ben = motte(friends, settings, ANN_CHEATS, act_ms=act_ms)
    ann.locator(f'#table .card-btn[data-card="{card}"]').focus()
    ann.keyboard.press("x")
    ann.wait_for_selector("#sleeve")
    return ann, ben


def test_a_cheat_by_ann_is_caught_by_ben_holding_the_guard_bug(friends, settings):
    ann, ben = ann_cheats(friends, settings, "moth4", act_ms=6000)
    # Ben sees the short tell on Ann's seat, and calls Caught! on her.
    ben.wait_for_selector('#table .seat--tell[data-seat="0"]')
    shoot(ben, "tell-on-ann-phone")
    ben.locator("#catch-0").click()
    ann.wait_for_selector(".flash--caught", state="attached")
    assert [(e["seat"], e["accused"]) for e in codes("caught")] == [(1, 0)] and not codes("got_away")
    shoot(ann, "caught-desktop")


def test_a_cheat_by_ann_gets_away_when_ben_does_not_call(friends, settings):
    ann, ben = ann_cheats(friends, settings, "spider2", act_ms=2500)
    ann.wait_for_selector(".flash--got-away", state="attached")
    assert [e["seat"] for e in codes("got_away")] == [0] and not codes("caught")
    # Ben's page never shows the card Ann hid.
    assert ben.locator('#table [data-card="spider2"]').count() == 0
    shoot(ann, "got-away-desktop")


def mogelei(friends, settings, ben_hand):
    """Red is called at Ann's; she lays and reveals a red card, Ben lays his first card and keeps
    it hidden, the bot (no red) must hide; Ann is on turn and may accuse Ben."""
    hands = [["red-9", "red-8", "black-1"], ben_hand, ["black-3", "black-4", "yellow-3"]]
    settings.PLAY_SCENARIOS = {"mogelei": {"players": 3, "hands": hands, "caller": 0, "colour": "red", "dealer": 2}}
    settings.MOGEL_BOT_PACE_MS = 300
    ann, ben = friends("mogelei", {"games": "1", "pace": "quick"})
    ann.locator('#table .mz-card-btn[data-card="red-9"]').click(timeout=15_000)
    ben.locator(f'#table .mz-card-btn[data-card="{ben_hand[0]}"]').click(timeout=15_000)
    ann.locator("#btn-reveal").click(timeout=15_000)
    ben.locator("#btn-hide").click(timeout=15_000)
    ann.locator("#accuse-1").click(timeout=15_000)
    for page in (ann, ben):
        page.locator("#table .mz-last").wait_for()
    (accused,) = codes("accused")
    assert accused["seat"] == 0 and accused["target"] == 1
    return ann, ben, accused


@pytest.mark.parametrize("ben_hand, right, ben_reads, ann_reads, shot", [
    (["red-5", "red-6", "red-7"], True, "rightly", "Ben collects", "mogelei-right"),
    (["black-5", "black-6", "black-7"], False, "wrongly", "You collect", "mogelei-wrong"),
], ids=["right", "wrong"])
def test_mogelei_ann_accuses_ben_rightly_or_wrongly(friends, settings, ben_hand, right, ben_reads, ann_reads, shot):
    """Ben's hidden card is red (he bluffed: he collects) or not (Ann accused wrongly: she collects)."""
    ann, ben, accused = mogelei(friends, settings, ben_hand)
    assert accused["right"] is right
    assert ben_reads in ben.locator("#table .mz-last").inner_text()
    assert ann_reads in ann.locator("#table .mz-last").inner_text()
    shoot(ben, f"{shot}-phone")
    shoot(ann, f"{shot}-desktop")


STREAM_EVENTS = """() => { window.streamOpens = 0; window.streamErrors = 0;
  document.addEventListener('htmx:sseOpen', () => { window.streamOpens += 1; });
  document.addEventListener('htmx:sseError', () => { window.streamErrors += 1; }); }"""


def as_served(page, url):
    """Ben's table as the server draws it for his seat now (his own session's poll from scratch):
    the log's lines and his hand, to hold the page against."""
    text = page.context.request.get(url + "poll/?version=0", headers={"HX-Request": "true"}).text()
    log_lines = [unescape(line) for line in re.findall(r'<li class="log__item[^"]*">([^<]*)</li>', text)]
    hand = re.findall(r'<button[^>]*class="mz-card-btn[^"]*"[^>]*data-card="([^"]+)"', text)
    return int(re.search(r'data-version="(\d+)"', text).group(1)), log_lines, hand


def as_shown(page):
    return (int(page.get_attribute("#table", "data-version")),
            page.eval_on_selector_all("#table .log__list li", "els => els.map(e => e.textContent)"),
            page.eval_on_selector_all("#table .mz-hand [data-card]", "els => els.map(e => e.dataset.card)"))


def test_bens_phone_drops_out_mid_round_and_comes_back_to_the_table_as_it_stands(friends, settings):
    """Ben's phone (375×812) loses its connection for a few seconds while Ann and the bot lay
    their cards: the stream reconnects by itself and his page is redrawn to the table as it
    stands, no move lost or doubled (its log and hand against the server's, drawn for him)."""
    hands = [["red-9", "red-8", "black-1"], ["red-5", "black-6", "red-7"], ["black-3", "black-4", "yellow-3"]]
    settings.PLAY_SCENARIOS = {"mogelei": {"players": 3, "hands": hands, "caller": 0, "colour": "red", "dealer": 2}}
    settings.MOGEL_BOT_PACE_MS = 300
    # Chromium's offline mode stops new requests only, not a stream already open: each stream
    # ends after 2 s here (and the page reconnects), so Ben's is cut within 2 s of going offline.
    settings.MOGEL_PUSH_LIFETIME_S = 2
    ann, ben = friends("mogelei", {"games": "1", "pace": "quick"})
    url = ben.url
    ben.locator('#table .mz-card-btn[data-card="red-5"]').wait_for()
    shown_before = as_shown(ben)

    ben.context.set_offline(True)
    ben.evaluate(STREAM_EVENTS)
    ben.wait_for_function("() => window.streamErrors >= 1")
    ann.locator('#table .mz-card-btn[data-card="red-9"]').click(timeout=15_000)
    laid = Progress(lambda: sorted(e["seat"] for e in codes("laid")))
    while laid.alive() and laid.last != [0, 2]:
        ann.wait_for_timeout(200)
    assert laid.last == [0, 2], ("Ann (and the bot) did not lay", laid.story())
    ben.wait_for_timeout(3_000)
    # Offline, Ben's page has heard of neither move.
    assert as_shown(ben)[:2] == shown_before[:2]

    ben.context.set_offline(False)
    ben.wait_for_function("() => window.streamOpens >= 1")
    served = as_served(ben, url)
    ben.wait_for_function(f"() => document.querySelector('#table').dataset.version === '{served[0]}'")
    ready(ben)
    assert as_shown(ben) == served
    # The move made meanwhile is there, once (the bot had laid before): Ann's card laid.
    assert served[1] == ["Ann laid a card face down.", *shown_before[1]] and sorted(served[2]) == sorted(hands[1])
    shoot(ben, "reconnected-phone")
    # And the game goes on from there: Ben lays, Ann's page sees it.
    ben.locator('#table .mz-card-btn[data-card="red-5"]').click(timeout=15_000)
    ann.wait_for_function("() => document.querySelector('.log__list').textContent.includes('Ben')")

# Ann (seat 0) is on turn with her last card: she plays it, the round ends, its scores are held.
ANN_LAST_CARD = {"players": 3, "hands": [["3"], ["2", "4", "5", "1"], ["1", "2", "3", "4"]],
                 "discard": ["2"], "draw": ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5"], "guard": 1, "turn": 0}


def test_the_next_round_starts_once_both_people_have_read_the_scores(friends, settings):
    settings.MOGEL_PLAY_SCENARIO = ANN_LAST_CARD
    settings.MOGEL_BOT_PROFILE = IDLE_BOT
    settings.MOGEL_BOT_PACE_MS = 400
    ann, ben = friends("mogel-motte", {"rounds": "full"})
    ann.click("#table .card-btn--play")
    for page in (ann, ben):
        page.wait_for_selector("#btn-continue")
    ann.click("#btn-continue")
    ann.wait_for_selector(".summary__reading >> text=Ben")
    assert ann.locator(".summary__reading[role=status]").count() == 1
    shoot(ann, "go-on-waiting-desktop")
    ann.wait_for_timeout(1500)
    assert PracticeGame.objects.get(pk=Table.objects.get(rematch=None).game_id).hold, "the bots wait for Ben"
    assert ben.locator("#btn-continue").is_visible()
    ben.click("#btn-continue")
    # Ann's page hears of it on her stream: the next round's table, no scores any more.
    for page in (ann, ben):
        page.wait_for_selector("#table:not(.table--hold)")
        assert page.locator(".summary").count() == 0
    shoot(ben, "go-on-next-round-phone")
