"""The practice table fits one screen: seats, both piles, the whole hand and the slap/race bar.

A game is played in real time, so the seats (tells, Caught!), the piles, the hand and the pinned
slap/race button must all be on screen at once, without scrolling the page, on a phone
(375×812 upright, 812×375 on its side) and on a desktop (1280×800), in two languages.
"Visible" is checked as the player sees it: an element's box lies inside the viewport and the
point in its middle shows the element itself (not the fixed slap bar or anything else on top).
Known hands and windows come from ``MOGEL_PLAY_SCENARIO``; the bots wait long enough for the
pictures (``MOGEL_BOT_PROFILE``). Screenshots: test-artifacts/test_*table*.png.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from .htmx import ready

LOBBY = {"de": "/de/spielen/", "en": "/en/play/", "fr": "/fr/jouer/", "it": "/it/gioca/", "nl": "/nl/spelen/"}
PHONE, DESKTOP, LANDSCAPE = (375, 812), (1280, 800), (812, 375)
EIGHT = ["1", "3", "4", "5", "4", "moth4", "spider2", "ant5"]
# Five players, the most a table seats. Seat 1 holds the Guard Bug and is on turn; its only
# card that fits the 2 is a mosquito or cockroach 3, so a window opens after one bot move.
OTHERS = [["1", "5", "4"], ["1", "5", "4"], ["5", "1", "4"]]
# The bots never cheat and react long after the window opened: the table stands still for the checks.
SLOW = {"slap_ms": (5500, 5900), "slap_miss": 0.0, "race_ms": (5500, 5900), "race_miss": 0.0,
        "cheat_rate": 0.0, "false_alarm": 0.0}

# Which elements does the player not see whole: outside the viewport, or covered by something?
# One evaluation for all selectors, so that a table htmx swaps in meanwhile cannot mix two tables.
HIDDEN = """selectors => selectors.flatMap(sel => Array.from(document.querySelectorAll(sel)).flatMap(el => {
  const r = el.getBoundingClientRect();
  const name = sel + (el.id ? '#' + el.id : '');
  if (r.width === 0 || r.height === 0) { return [name + ' has no size']; }
  if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
    return [name + ' outside ' + JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round))];
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (el.contains(hit) || hit.contains(el)) ? [] :
    [name + ' covered by ' + (hit ? hit.id || hit.className : 'nothing')];
}))"""
TABLE = ["#table .seat", "#table .pile--draw .pile__card", "#table .pile--discard .pile__card",
         "#table .hand__item .card-btn"]


@pytest.fixture
def table(page, site_url, settings):
    settings.MOGEL_MOSQUITO_MS = settings.MOGEL_COCKROACH_MS = 6000
    settings.MOGEL_ACT_MS = 2500
    settings.MOGEL_POLL_MS = 100
    settings.MOGEL_PLAY_SEED = 11
    settings.MOGEL_BOT_PROFILE = SLOW

    def start(viewport, lang, *, hand=EIGHT, window="mosquito", guard=1, pace_ms=400, scenario=None, rounds="single"):
        """Seat 1 is on turn and plays a mosquito or cockroach; ``guard``: 0 for you (Caught! on every seat)."""
        first = [f"{window}3" if window else "1", "1", "5"]
        settings.MOGEL_PLAY_SCENARIO = scenario or {"players": 5, "hands": [list(hand), first, *OTHERS],
                                                    "discard": ["2"], "draw": ["1", "4", "2"], "guard": guard,
                                                    "turn": 1}
        settings.MOGEL_BOT_PACE_MS = pace_ms
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.goto(site_url + LOBBY[lang])
        page.fill("input[name=name]", "Ann")
        page.check(f"input[name=rounds][value='{rounds}']")
        page.click(".btn--start")
        page.wait_for_selector("#table")
        ready(page)

    return start


def not_seen(page, *selectors):
    return page.evaluate(HIDDEN, list(selectors))


def assert_one_screen(page, *more):
    """The seats (five), both piles, every card in the hand and ``more`` are on screen, uncovered."""
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    assert page.locator("#table .seat").count() == 5
    problems = not_seen(page, *TABLE, *more)
    assert not problems, problems


def window_on_one_screen(page, button, snap):
    """Once the bot's mosquito or cockroach is down, the slap/race ``button`` joins the rest on screen."""
    page.locator(button).wait_for()
    page.wait_for_timeout(200)      # the window's first countdown tick
    snap()
    assert_one_screen(page, button)


@pytest.mark.parametrize("lang,guard", [("de", 1), ("it", 0)], ids=["de-cheat-buttons", "it-guard"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP, LANDSCAPE], ids=["phone", "desktop", "landscape"])
def test_seats_piles_hand_and_slap_button_are_on_one_screen(page, table, screenshot, viewport, lang, guard):
    # German has the longest words; as the guard you see a Caught! button on every other seat,
    # otherwise a Cheat button under every card.
    table(viewport, lang, guard=guard)
    assert page.locator("#table .hand__item").count() == 8
    assert page.locator("#table .btn--catch" if guard == 0 else "#table .sleeve-btn").count() == (4 if guard == 0 else 8)
    screenshot(f"start-{viewport[0]}", full_page=False)
    assert_one_screen(page)
    window_on_one_screen(page, "#btn-slap", lambda: screenshot(f"mosquito-{viewport[0]}", full_page=False))


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE], ids=["phone", "landscape"])
def test_a_race_button_and_a_twelve_card_hand_fit_a_phone(page, table, screenshot, viewport):
    twelve = ["1", "3", "3", "4", "5", "4", "5", "moth4", "spider2", "ant5", "mosquito1", "moth5"]
    table(viewport, "fr", hand=twelve, window="cockroach")
    assert page.locator("#table .hand__item").count() == 12
    assert_one_screen(page)
    window_on_one_screen(page, "#btn-race", lambda: screenshot(f"race-{viewport[0]}", full_page=False))


@pytest.mark.parametrize("viewport,guard", [(PHONE, 0), (DESKTOP, 1), (LANDSCAPE, 1)],
                         ids=["phone-guard", "desktop-cheat-buttons", "landscape"])
def test_the_table_has_no_axe_violation(page, table, viewport, guard):
    table(viewport, "de", guard=guard)
    page.locator("#btn-slap").wait_for()
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    page.locator("#log-toggle").click()     # the whole log, open
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


# You hold a 3 and play it on the 2: the round is over at once.
LAST_CARD = {"players": 3, "hands": [["3"], ["1", "moth5", "4"], ["5", "4", "spider1"]], "discard": ["2"],
             "guard": 0, "turn": 0}


@pytest.mark.parametrize("lang,viewport,rounds", [("de", PHONE, "full"), ("fr", PHONE, "single"),
                                                  ("it", LANDSCAPE, "full"), ("en", DESKTOP, "single")])
def test_the_round_scores_and_the_final_ranking_fit_the_screen(page, table, screenshot, lang, viewport, rounds):
    table(viewport, lang, scenario=LAST_CARD, rounds=rounds, pace_ms=60_000)
    page.locator('#table .card-btn[data-card="3"]').click()
    end = "#btn-continue" if rounds == "full" else "#btn-play-again"
    page.locator(end).wait_for()
    screenshot("round-scores" if rounds == "full" else "final-ranking", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    problems = not_seen(page, "#table .summary__title", "#table .scores", end)
    assert not problems, problems


def test_the_full_log_is_one_tap_away_and_stays_open_while_the_table_changes(page, table, screenshot):
    table(PHONE, "de")
    ticker = page.locator("#table .log__tick")
    assert 1 <= ticker.count() <= 3
    full = page.locator("#log-more")
    assert not full.evaluate("d => d.open") and not page.locator("#table .log__list").is_visible()
    page.locator("#log-toggle").focus()
    page.keyboard.press("Enter")
    assert page.locator("#table .log__list").is_visible()
    page.locator("#btn-slap").wait_for()
    before = page.locator("#table").get_attribute("data-version")
    page.locator("#btn-slap").click()
    page.wait_for_function(f"() => document.querySelector('#table').dataset.version !== '{before}'")
    screenshot("full-log", full_page=False)
    assert page.locator("#log-more").evaluate("d => d.open"), "a new table closed the full log"
    assert "Du haust drauf" in page.locator("#table .log__list").inner_text()


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)
def test_a_touch_screen_shows_no_key_hints(page, table, screenshot):
    table(PHONE, "en", guard=0)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "not a touch screen"
    page.locator("#btn-slap").wait_for()
    screenshot("touch", full_page=False)
    assert page.locator("#table .btn--catch").count() == 4 and page.locator("#table .table__keys").count() == 1
    for hint in ("#table .table__keys", "#table .btn__key", "#table .btn__hint"):
        assert not any(el.is_visible() for el in page.locator(hint).all()), hint


def test_on_a_desktop_every_card_shows_its_cheat_button_without_hovering(page, table):
    table(DESKTOP, "en", pace_ms=60_000)
    page.mouse.move(5, 5)
    cheats = page.locator("#table .sleeve-btn")
    assert cheats.count() == 8
    assert all(b.inner_text().startswith("Cheat") for b in cheats.all())
    assert cheats.evaluate_all("bs => bs.every(b => getComputedStyle(b).opacity === '1')")
    problems = not_seen(page, "#table .sleeve-btn")
    assert not problems, problems
    # The same labelled button as in the lessons, and the same name for a screen reader.
    assert {"btn", "btn--small", "btn--cheat"} <= set(cheats.first.get_attribute("class").split())
    assert page.get_by_role("button", name=re.compile(r"^Cheat with the number card 1$")).count() == 1


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_cheating_lesson_on_a_phone_shows_the_same_cheat_buttons(page, site_url, screenshot, lang):
    """The lessons share the table's parts: at phone size the hand and its Cheat buttons are on screen."""
    from django.core.management import call_command
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(site_url + {"de": "/de/lernen/cheating/", "nl": "/nl/leren/cheating/"}[lang])
    ready(page)
    cheats = page.locator("#table .btn--cheat")
    assert cheats.count() >= 3
    screenshot("lesson", full_page=False)
    page.locator("#table .hand").scroll_into_view_if_needed()
    screenshot("lesson-hand", full_page=False)
    problems = not_seen(page, "#table .hand__item .card-btn", "#table .btn--cheat")
    assert not problems, problems
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
