"""Cheating and Caught! in Chromium, from known positions: get away, get caught, catch a bot, accuse wrongly.

Deterministic set-up (see tests/site/test_cheating.py): ``MOGEL_PLAY_SCENARIO`` fixes the deal
and who holds the Guard Bug, ``MOGEL_BOT_PROFILE`` fixes the bots' behaviour (a guard that
always / never notices, bots that never cheat or cheat at once). Both are test-only settings.
Screenshots (test-artifacts/): the sleeve during the act, the Caught! animation, a tell on a
bot's seat; at 375×812 and 1280×800, in German and another language.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.mogel_motte.engine import Game
from mogel.play.models import PracticeGame
from tests.games.mogel_motte.site.test_cheating import ALWAYS, NEVER, QUIET, SNEAKY, YOU_CHEAT, YOU_GUARD

from .htmx import ready
from .progress import until

LOBBY = {"de": "/de/spielen/", "en": "/en/play/", "fr": "/fr/jouer/", "it": "/it/gioca/", "nl": "/nl/spelen/"}
PHONE, DESKTOP = (375, 812), (1280, 800)


@pytest.fixture
def table(page, site_url, settings):
    settings.MOGEL_MOSQUITO_MS = 1500
    settings.MOGEL_COCKROACH_MS = 1500
    settings.MOGEL_ACT_MS = 2500
    settings.MOGEL_POLL_MS = 100
    settings.MOGEL_PLAY_SEED = 11

    def start(scenario, profile, lang="en", viewport=DESKTOP):
        settings.MOGEL_PLAY_SCENARIO = scenario
        settings.MOGEL_BOT_PROFILE = profile
        # Cheating bots need a pace (a cheat is a deliberate move); otherwise the table stands still.
        settings.MOGEL_BOT_PACE_MS = 1000 if profile.get("cheat_rate") else 60_000
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.goto(site_url + LOBBY[lang])
        page.fill("input[name=name]", "Ann")
        page.check("input[name=rounds][value='single']")
        page.click(".btn--start")
        page.wait_for_selector("#table[data-shortcuts]")
        ready(page)

    return start


def game():
    return Game.from_json(PracticeGame.objects.get().state)


def hand_count(page):
    return page.locator("#table .hand__item").count()


def tab_to(page, selector, limit=80):
    """Press Tab from the top of the table until ``selector`` has the focus."""
    page.locator("#table-prompt").evaluate("e => { e.tabIndex = -1; e.focus(); }")
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


# -- you cheat ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,viewport", [("de", PHONE), ("en", DESKTOP)])
def test_you_drag_a_card_off_the_table_and_get_away(page, table, screenshot, lang, viewport):
    table(YOU_CHEAT, NEVER, lang, viewport)
    assert hand_count(page) == 4
    moth = page.locator('#table .card-btn[data-card="moth4"]')
    moth.drag_to(page.locator("#table .centre"))
    sleeve = page.locator("#sleeve")
    sleeve.wait_for()
    assert hand_count(page) == 3
    assert page.locator("#table .sleeve-btn").count() == 0      # one at a time
    page.wait_for_timeout(250)
    screenshot("sleeve")
    assert page.locator("#announcer").inner_text().strip()     # "You made the … disappear."
    page.wait_for_selector(".flash--got-away", state="attached")
    page.wait_for_timeout(400)      # the flash has popped up
    screenshot("got-away")
    assert not sleeve.count()
    assert "moth4" not in game().hands[0] and game().guard == 1
    log = page.locator(".log__list").text_content()
    assert {"de": "Nicht erwischt", "en": "You got away with"}[lang] in log or "moth" not in log


def test_while_a_card_is_dragged_the_table_says_where_to_let_go(page, table):
    """A dragged card marks the table and shows the hint; letting go on the hand keeps the card."""
    table(YOU_CHEAT, NEVER)
    hint = page.locator("#table .drag-hint")
    assert hint.is_hidden()
    moth = '#table .card-btn[data-card="moth4"]'
    data = page.evaluate_handle("() => new DataTransfer()")
    page.dispatch_event(moth, "dragstart", {"dataTransfer": data})
    expect(hint).to_be_visible()
    page.dispatch_event("#table .hand", "drop", {"dataTransfer": data})
    expect(hint).to_be_hidden()
    page.wait_for_timeout(300)      # a post would have come back by now
    assert hand_count(page) == 4 and page.locator("#sleeve").count() == 0


@pytest.mark.parametrize("lang,viewport", [("de", PHONE), ("fr", DESKTOP)])
def test_you_cheat_with_the_sleeve_button_and_get_caught(page, table, screenshot, settings, lang, viewport):
    table(YOU_CHEAT, {**ALWAYS, "catch_ms": [1200, 1200]}, lang, viewport)
    page.locator("#table .hand__item").last.hover()
    # A screen reader hears the card as the sentence says it, not its picture's title-like label.
    # The same name as the lessons' Cheat button, which holds the visible word.
    sleeve_name = {"de": "Mogel-Motte 4 wegmogeln", "fr": "Tricher avec la carte Mito 4"}[lang]
    page.get_by_role("button", name=sleeve_name, exact=True).click()
    page.wait_for_selector("#sleeve")
    expect(page.locator("#sleeve")).to_contain_text({"de": "Im Ärmel: die Mogel-Motte 4",
                                                     "fr": "Dans ta manche\u202f: la carte Mito 4"}[lang])
    page.wait_for_timeout(300)
    screenshot("sleeve")
    page.wait_for_selector(".flash--caught", state="attached")
    page.wait_for_timeout(350)       # mid-animation: the Guard Bug flies to your seat
    screenshot("caught")
    g = game()
    assert g.guard == 0 and "moth4" in g.hands[0] and len(g.hands[0]) == 5
    assert hand_count(page) == 5
    assert page.locator(".seat--me .seat__guard--arrived").count() == 1
    assert page.locator(".hand__item--arrived").count() == 2   # the card back, and the penalty card
    first = page.locator(".log__tick").first.inner_text()   # the ticker's latest line
    assert {"de": "Wächter-Wanze", "fr": "gardienne punaise"}[lang] in first
    # Now you hold the Guard Bug: the keys are on the page and on the buttons.
    assert page.locator('.btn--catch[data-key="1"]').count() == 1
    assert page.locator(".table__keys").is_visible()


HEARD = """document.addEventListener("DOMContentLoaded", () => {
  window.heard = [];
  const region = document.getElementById("announcer");
  if (!region) { return; }
  new MutationObserver(() => window.heard.push(region.textContent))
      .observe(region, {childList: true, subtree: true, characterData: true});
});"""


# -- you guard -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,viewport", [("de", PHONE), ("fr", DESKTOP)])
def test_as_guard_you_see_a_tell_and_catch_the_bot_with_the_keyboard(page, table, screenshot, lang, viewport):
    # Every line the live region says, in order, from the table page's load on: a bot's next
    # move may replace the tell's line before this test reads it, as it would for a screen
    # reader that already spoke it, and on a slow machine the tell may be said before the
    # table is ready for the test.
    page.add_init_script(HEARD)
    table(YOU_GUARD, SNEAKY, lang, viewport)
    tell = page.locator("#table .seat--tell")
    tell.first.wait_for()
    screenshot("tell")
    said = {"de": "eine Karte weniger", "fr": "une carte de moins"}[lang]
    page.wait_for_function("said => window.heard.join(' | ').includes(said)", arg=said)
    seat = int(tell.first.get_attribute("data-seat"))   # the cheat in the act now
    key = page.locator(f"#catch-{seat}").get_attribute("data-key")
    before = len(game().hands[seat])
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press(key)
    page.wait_for_selector(".flash--catch", state="attached")
    until(lambda: game().settling, page)     # the server's word, however slow the machine
    screenshot("caught-a-bot")
    g = game()
    assert g.settling["accused"] == seat and len(g.hands[seat]) == before + 1
    # Settling: hand over a penalty card, by keyboard.
    tab_to(page, "#table .hand__item--live .card-btn")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('#table .seat[data-seat=\"{seat}\"] .seat__guard')")
    until(lambda: game().guard == seat, page)
    assert page.locator(f'.seat[data-seat="{seat}"] .seat__guard--arrived').count() == 1


@pytest.mark.parametrize("lang,viewport", [("it", PHONE), ("en", DESKTOP)])
def test_as_guard_you_accuse_wrongly_and_draw(page, table, screenshot, lang, viewport):
    table(YOU_GUARD, QUIET, lang, viewport)
    assert hand_count(page) == 4
    page.locator('.btn--catch[data-key="2"]').click()
    page.wait_for_selector(".flash--wrong", state="attached")
    page.wait_for_timeout(400)      # the flash has popped up
    screenshot("wrong")
    assert hand_count(page) == 5
    g = game()
    log = PracticeGame.objects.get().stored_log()
    assert [e["code"] for e in log[-2:]] == ["wrong_accusation", "drew"] and g.guard == 0
    first = page.locator(".log__tick").nth(1).inner_text()
    assert {"it": "Accusa sbagliata", "en": "Wrong accusation"}[lang] in first


# -- keyboard only -------------------------------------------------------------------------------

def test_keyboard_only_you_cheat_with_x_and_as_guard_accuse_with_a_number_key(page, table, screenshot):
    table(YOU_CHEAT, NEVER, "en", PHONE)
    tab_to(page, '#table .card-btn[data-card="spider2"]')
    page.keyboard.press("x")
    page.wait_for_selector("#sleeve")
    assert "spider2" not in game().hands[0]
    page.wait_for_selector(".flash--got-away", state="attached")
    # A card you may not hide: X asks anyway, and the table says why. Leave the old table
    # first: a poll still on its way would come back without cookies and set a new CSRF
    # cookie under the lobby page that follows, whose form would then be refused.
    page.goto("about:blank")
    page.context.clear_cookies()
    table(YOU_GUARD, QUIET, "en", PHONE)
    tab_to(page, "#table .card-btn")
    page.keyboard.press("x")
    page.wait_for_selector("#table .table__message")
    assert "The guard never cheats." in page.locator("#table .table__message").inner_text()
    page.wait_for_timeout(300)      # let htmx settle the swapped table (and restore the focus) first
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("1")
    try:
        page.wait_for_selector(".flash--wrong", state="attached")
    except Exception:
        screenshot("keyboard-failed")
        raise AssertionError(page.locator("#table").inner_text())
    log = PracticeGame.objects.order_by("-created").first().stored_log()
    assert any(e["code"] == "wrong_accusation" for e in log)


def test_the_cheating_table_has_no_axe_violation(page, table):
    table(YOU_CHEAT, NEVER, "de", PHONE)
    page.locator('#table .sleeve-btn[value="cheat moth4"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#sleeve")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    help_text = page.locator("#play-help").text_content()
    assert re.search(r"\bX\b", help_text)
