"""Mogelei's lessons in Chromium: every step of every lesson clicked through its winning line,
on a phone (375×812, German) and on a desktop (1280×800, English); at each of the learner's
moves the seats, the hand and the choices lie inside the viewport with nothing to scroll
sideways. One step with the keyboard alone, an axe-core scan, and screenshots
(test-artifacts/test_*mogelei_lesson*.png)."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from mogel import games
from tutorial import data_files, kinds

from .htmx import ready, settled, tab_to
from .test_mogelei_play import DESKTOP, OUTSIDE, PHONE
from .test_tutorial_focus import learn  # noqa: F401 (the fixture: content loaded, reduced motion)

pytestmark = pytest.mark.browser

LEARN = {"de": "/de/mogelei/lernen/", "en": "/en/mogelei/learn/"}
LESSONS = data_files.lessons(kinds.folder(games.get("mogelei")))
SLUGS = data_files.addresses(LESSONS)[0]
ON_SCREEN = ["#table .mz-seat", "#table .mz-hand__item .mz-card-btn", "#table .mz-controls .btn",
             "#table .btn--accuse"]
# The steps whose table is photographed at both sizes.
PHOTOGRAPHED = {"call-a-colour", "accuse", "caught-bluffing", "the-last-game", "play-a-round"}


def control(page, action):
    """The button that does ``action`` on Mogelei's lesson table."""
    verb, _, arg = action.partition(" ")
    selector = {"call": f"#call-{arg}", "lay": f'#table .mz-card-btn[data-card="{arg}"]',
                "accuse": f"#accuse-{arg}", "reveal": "#btn-reveal", "hide": "#btn-hide",
                "continue": "#btn-continue", "end": "#btn-end"}[verb]
    return page.locator(selector)


def assert_on_one_screen(page):
    """The table, scrolled to as the page does after a move, shows everything the learner needs."""
    page.locator("#table").evaluate("t => t.scrollIntoView({block: 'end'})")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    problems = page.evaluate(OUTSIDE, ON_SCREEN)
    assert not problems, problems


def play_step(page, step, screenshot=None, label=""):
    """Each move of the winning line once the table offers it, as a learner clicks it."""
    for number, move in enumerate(m for m in step["solution"] if not m.get("wait")):
        button = control(page, move["do"])
        expect(button).to_be_visible()
        settled(page)
        assert_on_one_screen(page)
        if screenshot and number in (0, 2):
            screenshot(f"{label}-{step['key']}-{number}", full_page=False)
        version = page.locator("#table").get_attribute("data-version")
        button.click()
        expect(page.locator("#table")).not_to_have_attribute("data-version", version)
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()


@pytest.mark.parametrize("viewport,lang", [(PHONE, "de"), (DESKTOP, "en")], ids=["phone-de", "desktop-en"])
def test_every_mogelei_lesson_step_is_won_by_clicking_its_winning_line(page, learn, screenshot, viewport, lang):
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.goto(learn + LEARN[lang])
    page.locator("#resume").click()
    label = f"{viewport[0]}-{lang}"
    for lesson in LESSONS:
        expect(page).to_have_url(re.compile(rf"{LEARN[lang]}{SLUGS[lesson['slug']][lang]}/"))
        for number, step in enumerate(lesson["steps"], start=1):
            expect(page.locator("#step")).to_contain_text(str(number))
            ready(page)
            shoot = screenshot if step["key"] in PHOTOGRAPHED else None
            play_step(page, step, shoot, label)
            expect(page.locator(".step-panel__result")).to_contain_text(step["success_text"][lang][:25])
            if shoot:
                screenshot(f"{label}-{step['key']}-done", full_page=False)
            if number < len(lesson["steps"]):
                page.locator("#btn-next").click()
        if lesson is not LESSONS[-1]:
            page.locator("#btn-next-lesson").click()
    first_game = page.locator("#btn-first-game")
    expect(first_game).to_have_attribute("href", re.compile(r"/mogelei/(spielen|play)/\?players=3&level=easy"))
    page.goto(learn + LEARN[lang])
    expect(page.locator(".lesson-list__item--done")).to_have_count(len(LESSONS))
    screenshot(f"{label}-all-done")
    page.locator("#btn-first-game").click()
    expect(page.locator("input[name=players][value='3']")).to_be_checked()


def test_a_mogelei_step_with_the_keyboard_alone_and_no_axe_violation(page, learn):
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(f"{learn}{LEARN['en']}{SLUGS['follow-colour']['en']}/")
    ready(page)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


    # Two hints: a nudge, then the move, framed on the table, where focus now waits.
    tab_to(page, "#btn-hint")
    page.keyboard.press("Enter")
    expect(page.locator(".step-panel__hints li")).to_have_count(1)
    expect(page.locator("#btn-hint")).to_be_focused()
    settled(page)
    page.keyboard.press("Enter")
    expect(page.locator("#call-red.is-hinted")).to_be_focused()
    page.keyboard.press("Enter")
    # After the call, focus waits on the first card the learner may lay.
    expect(page.locator("#table .mz-hand__item--live .mz-card-btn").first).to_be_focused()
    tab_to(page, '#table .mz-card-btn[data-card="red-7"]')
    page.keyboard.press("Enter")
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()
    expect(page.locator("#btn-next")).to_be_focused()
    expect(page.locator("#announcer")).to_contain_text("red 7")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
