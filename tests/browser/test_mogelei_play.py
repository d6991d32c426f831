"""A whole game of Mogelei against bots in Chromium, on a phone with 8 players and on a desktop with 3.

At every decision of the player the seats, the player's cards and the choices lie inside the
viewport (bounding boxes; nothing to scroll, sideways or down), and axe-core finds no violation.
The bots play at the quick pace from a seeded deal; the player lays the first card it may,
keeps it hidden or reveals by turns, and ends the round or accuses by turns.
Screenshots: test-artifacts/test_a_whole_mogelei_game*.png.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from django.utils import translation

from mogel import games

from .htmx import ready, settled

PHONE, DESKTOP = (375, 812), (1280, 800)

# Which of these does the player not see whole (outside the viewport, or no size)?
OUTSIDE = """selectors => selectors.flatMap(sel => Array.from(document.querySelectorAll(sel)).flatMap(el => {
  const r = el.getBoundingClientRect();
  const name = sel + (el.id ? '#' + el.id : '');
  if (r.width === 0 || r.height === 0) { return [name + ' has no size']; }
  if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
    return [name + ' outside ' + JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round))];
  }
  return [];
}))"""
ON_SCREEN = ["#table .mz-seat", "#table .mz-hand__item .mz-card-btn", "#table .mz-controls .btn", "#table .btn--accuse"]


@pytest.fixture
def mogelei(page, site_url, settings):
    settings.MOGEL_BOT_PACE_MS = 120
    settings.MOGEL_POLL_MS = 100

    def start(viewport, lang, players, seed):
        settings.MOGEL_PLAY_SEED = seed
        with translation.override(lang):
            lobby = games.get("mogelei").play_url("lobby")
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.goto(site_url + lobby)
        page.fill("input[name=name]", "Lena")     # "Lena (du)" once was cut short at 8 seats
        page.check(f"input[name=players][value='{players}']")
        page.check("input[name=games][value='1']")
        page.check("input[name=pace][value='quick']")
        page.click(".btn--start")
        page.wait_for_selector("#table")
        ready(page)

    return start


def assert_on_one_screen(page):
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    problems = page.evaluate(OUTSIDE, ON_SCREEN)
    assert not problems, problems
    cut = page.evaluate(CUT_NAMES)
    assert not cut, f"names cut short: {cut}"


# Names of seats and colours on the call buttons that do not fit their box (cut short).
CUT_NAMES = """() => Array.from(document.querySelectorAll('#table .mz-seat__name, #table .mz-call'))
  .filter(el => el.scrollWidth > el.clientWidth + 0.5).map(el => el.textContent)"""


def my_move(page, turn):
    """The player's next move, as a person would make it; None while the player owes nothing."""
    for selector in ("#call-red", "#table .mz-hand__item--live .mz-card-btn"):
        if page.locator(selector).count():
            return page.locator(selector).first
    if page.locator("#btn-hide").count():
        reveal = page.locator("#btn-reveal")
        return reveal if reveal.count() and turn % 4 else page.locator("#btn-hide")
    if page.locator("#btn-end").count():
        accuse = page.locator("#table .btn--accuse")
        return accuse.first if accuse.count() and turn % 3 == 1 else page.locator("#btn-end")
    return None


def play_to_the_end(page, screenshot, label, players):
    decisions, seen = 0, set()
    for _ in range(3000):
        settled(page)
        if page.locator("#btn-play-again").count():
            return decisions
        move = my_move(page, decisions)
        if move is None:
            page.wait_for_timeout(60)
            continue
        kind = page.locator("#table").get_attribute("class")
        assert page.locator("#table .mz-seat").count() == players
        assert_on_one_screen(page)
        phase = next((c for c in kind.split() if c.startswith("mz-phase--")), "")
        if phase not in seen:
            seen.add(phase)
            screenshot(f"{label}-{phase[10:]}", full_page=False)
        try:
            move.click(timeout=1500)
        except PlaywrightTimeout:
            continue  # the table moved on under the pointer (a poll swapped it in): look again
        decisions += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("viewport,players,lang,seed", [(PHONE, 8, "de", 5), (DESKTOP, 3, "en", 6)],
                         ids=["phone-8-de", "desktop-3-en"])
def test_a_whole_mogelei_game_fits_one_screen_at_every_decision(page, mogelei, screenshot, viewport, players, lang,
                                                                 seed):
    mogelei(viewport, lang, players, seed)
    assert page.locator("#table .mz-hand__item").count() == 12
    assert_on_one_screen(page)
    label = f"{viewport[0]}"
    decisions = play_to_the_end(page, screenshot, label, players)
    assert decisions >= 24  # every card laid and a reveal decision for each
    screenshot(f"{label}-scores")
    # The game's end: the scores (fried eggs, reward cards, points) and the last pass.
    assert page.locator(".mz-scores tbody tr").first.is_visible()
    assert page.locator(".mz-scores tbody tr").count() == players
    assert page.locator("#btn-play-again").is_visible()
    # The scores fit the screen: nothing to scroll sideways inside them, every column visible.
    assert page.evaluate("Array.from(document.querySelectorAll('.mz-scores')).every("
                         "t => t.getBoundingClientRect().right <= innerWidth + 0.5 && t.scrollWidth <= t.clientWidth + 0.5)")
    assert page.evaluate("Array.from(document.querySelectorAll('.summary__scroll')).every("
                         "s => s.scrollWidth <= s.clientWidth + 0.5)")


@pytest.mark.parametrize("viewport,lang", [(PHONE, "fr"), (DESKTOP, "de")])
def test_the_mogelei_table_has_no_axe_violation(page, mogelei, viewport, lang):
    mogelei(viewport, lang, 8 if viewport == PHONE else 3, 11)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    page.locator("#call-red").click()
    settled(page)
    page.locator("#table .mz-hand__item--live .mz-card-btn").first.wait_for()
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_keyboard_play_with_visible_focus(page, mogelei):
    mogelei(PHONE, "en", 4, 3)
    page.locator("#call-black").focus()
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Enter")
    settled(page)
    card = page.locator("#table .mz-hand__item--live .mz-card-btn").first
    card.wait_for()
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#table .mz-seat--me .mz-stack__item--down")


def test_on_turn_on_a_phone_the_three_choices_and_seven_accusations_fit_one_screen(page, mogelei, settings,
                                                                                      screenshot):
    """Eight players, nobody else holds the called colour: the player reveals and may accuse all seven."""
    others = [f"{colour}-{value}" for colour in ("black", "yellow", "blue") for value in range(1, 25)]
    hands = [[f"red-{v}" for v in range(15, 25)], *(others[i * 10:(i + 1) * 10] for i in range(7))]
    settings.PLAY_SCENARIOS = {"mogelei": {"players": 8, "hands": hands, "caller": 0, "colour": "red", "dealer": 7}}
    mogelei(PHONE, "nl", 8, 2)
    page.locator("#table .mz-hand__item--live .mz-card-btn").last.click()
    page.locator("#btn-reveal").click(timeout=20000)
    page.locator("#btn-end").wait_for()
    settled(page)
    assert page.locator("#table .btn--accuse").count() == 7
    assert page.locator("#btn-continue").is_visible()
    assert_on_one_screen(page)
    screenshot("375-choose", full_page=False)
    accuse = page.locator("#accuse-3")
    assert "beschuldigen" in accuse.get_attribute("aria-label")
    accuse.click()
    # A wrong accusation: the player collects the round's cards; the last pass is turned up.
    page.locator("#table .mz-stack--done").first.wait_for()
    screenshot("375-round-end", full_page=False)
    assert page.locator("#table .mz-last").is_visible()


WHY_OPEN = """() => Array.from(document.querySelectorAll('#table .why')).filter(el => {
  const r = el.getBoundingClientRect(); return getComputedStyle(el).display !== 'none' && r.width > 2 && r.height > 2;
}).map(el => el.id)"""


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)
def test_on_a_touch_phone_a_tapped_card_leaves_no_bubble_over_the_next_card(page, mogelei, settings, screenshot):
    """The card now under the finger is greyed out after a lay: its "why not" bubble stays shut,
    catches no tap, and the next legal card takes the next tap."""
    mine = [f"red-{v}" for v in range(20, 25)] + [f"black-{v}" for v in range(1, 5)]
    others = [f"black-{v}" for v in range(5, 25)] + [f"{c}-{v}" for c in ("yellow", "blue") for v in range(1, 25)]
    hands = [mine, *(others[i * 9:(i + 1) * 9] for i in range(7))]
    settings.PLAY_SCENARIOS = {"mogelei": {"players": 8, "hands": hands, "caller": 0, "colour": "red", "dealer": 7}}
    mogelei(PHONE, "de", 8, 2)
    page.locator("#table .mz-hand__item--live .mz-card-btn").first.tap()
    page.locator("#btn-hide").wait_for()
    settled(page)
    assert page.evaluate(WHY_OPEN) == []
    assert not page.evaluate("document.activeElement.classList.contains('mz-card-btn--off')")
    page.locator("#btn-hide").tap()
    page.locator("#btn-continue").wait_for()
    page.locator("#btn-continue").tap()
    card = page.locator("#table .mz-hand__item--live .mz-card-btn").first
    card.wait_for()
    settled(page)
    screenshot("375-touch-lay", full_page=False)
    assert page.evaluate(WHY_OPEN) == []
    card.tap()  # fails when something else would receive the tap
    page.locator("#table .mz-seat--me .mz-stack__item--down").nth(1).wait_for()


@pytest.mark.parametrize("viewport,lang,words", [(PHONE, "de", ("Ende von Runde 1", "sammelt")),
                                                 (DESKTOP, "en", ("End of round 1", "collects"))],
                         ids=["phone-de", "desktop-en"])
def test_the_round_result_stays_readable_after_the_next_colour_was_called(page, mogelei, settings, screenshot,
                                                                          viewport, lang, words):
    """A bot holds every red and is the round's caller: whatever it does on turn, it collects
    and calls the next round at once (quick pace). The result stays until the player lays."""
    hands = [["black-1", "black-2", "yellow-1", "yellow-2", "blue-1", "blue-2"],
             ["red-5", "red-6", "red-7", "red-8", "red-9", "black-9"],
             ["black-3", "black-4", "yellow-3", "yellow-4", "blue-3", "blue-4"]]
    settings.PLAY_SCENARIOS = {"mogelei": {"players": 3, "hands": hands, "caller": 1, "colour": "red", "dealer": 0}}
    mogelei(viewport, lang, 3, 4)
    page.locator("#table .mz-hand__item--live .mz-card-btn").first.click()
    page.locator("#btn-hide").click(timeout=20000)
    # Round 2 called by a bot: a colour is called and the player may lay again.
    page.locator("#table .mz-called").wait_for()
    page.locator("#table .mz-hand__item--live .mz-card-btn").first.wait_for()
    page.wait_for_function("() => !document.querySelector('#table .mz-stack--done')")
    page.wait_for_timeout(1500)     # far longer than the bots' pace: nothing else moves on without the player
    settled(page)
    last = page.locator("#table .mz-last")
    assert last.is_visible()
    text = last.inner_text()
    assert all(w in text for w in words), text
    assert_on_one_screen(page)
    screenshot("result-after-call", full_page=False)
    # The log keeps the round in one line, also once the player moved on.
    page.locator("#table .mz-hand__item--live .mz-card-btn").first.click()
    page.wait_for_function("() => !document.querySelector('#table .mz-last')")
    page.locator("#log-toggle").click()
    line = page.locator("#table .log__item--round_result")
    assert line.count() == 1 and words[0] in line.inner_text()
    screenshot("log", full_page=True)


# Every control of the table a finger can tap, smaller than 44 x 44 px (the "why?" link counts once its bubble is open).
SMALL_TARGETS = """() => Array.from(document.querySelectorAll('#table button, #table summary, #table .why a')).flatMap(el => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || getComputedStyle(el).visibility === 'hidden' || el.closest('.why') && !el.closest('.mz-hand__item--told')) { return []; }
  return r.width < 44 || r.height < 44 ? [(el.id || el.className) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height)] : [];
})"""


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)
def test_on_a_touch_phone_a_greyed_card_says_why_when_tapped_and_every_control_is_44_px(page, mogelei, settings,
                                                                                         screenshot):
    mine = [f"red-{v}" for v in range(20, 25)] + [f"black-{v}" for v in range(1, 8)]
    others = [f"black-{v}" for v in range(8, 25)] + [f"{c}-{v}" for c in ("yellow", "blue") for v in range(1, 25)] \
        + [f"red-{v}" for v in range(1, 20)]
    hands = [mine, *(others[i * 12:(i + 1) * 12] for i in range(7))]
    settings.PLAY_SCENARIOS = {"mogelei": {"players": 8, "hands": hands, "caller": 0, "dealer": 7}}
    mogelei(PHONE, "de", 8, 2)
    page.locator("#call-black").wait_for()
    settled(page)
    assert page.evaluate(SMALL_TARGETS) == []
    assert_on_one_screen(page)
    screenshot("375-call", full_page=False)
    page.locator("#call-red").tap()
    greyed = page.locator('#table .mz-card-btn--off[data-card="black-1"]')
    greyed.wait_for()
    page.wait_for_function("() => document.querySelectorAll('#table .mz-badge--done').length === 7")
    settled(page)       # the bots have laid: the table waits for the player
    assert page.evaluate(WHY_OPEN) == []
    greyed.tap(force=True)      # aria-disabled: Playwright would wait for it to be enabled; a finger does not
    why = page.locator('#table .mz-card-btn--off[data-card="black-1"] ~ .why')
    why.wait_for(state="visible")
    assert "Rot" in why.inner_text()
    assert page.evaluate(SMALL_TARGETS) == []
    screenshot("375-told", full_page=False)
    # It closes by itself after a while, and a live card still takes the next tap.
    why.wait_for(state="hidden")
    page.locator("#table .mz-hand__item--live .mz-card-btn").first.tap()
    page.locator("#table .mz-seat--me .mz-stack__item--down").first.wait_for()
