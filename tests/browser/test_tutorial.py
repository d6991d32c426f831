"""The lessons in Chromium: every lesson with the mouse (German and English), one with the
keyboard alone, one wrong move per lesson, an axe-core scan, and screenshots."""

import json

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.mogel_motte.table.kind import window_options
from tutorial import data_files, placeholders
from tests.games.mogel_motte.game_data import LESSON_FOLDER

from .htmx import tab_to

pytestmark = pytest.mark.browser

LEARN = {"de": "/de/lernen/", "en": "/en/learn/", "fr": "/fr/apprendre/", "nl": "/nl/leren/", "it": "/it/impara/"}
LESSONS = data_files.lessons(LESSON_FOLDER)
SLUGS = data_files.addresses(LESSONS)[0]


def shown(step, text, lang):
    """A step's text as the page writes it, its times filled in."""
    return placeholders.fill(text[lang], placeholders.values(data_files.runner_step(step), window_options()), lang)


@pytest.fixture
def learn(site_url, page):
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    # The racing card pulses; Playwright waits for a still element, so ask for reduced motion.
    page.emulate_media(reduced_motion="reduce")
    return site_url


def control(page, action):
    """The button that does ``action`` on the lesson table."""
    verb, *args = action.split()
    if verb == "draw":
        return page.locator("#btn-draw")
    if verb == "slap":
        return page.locator("#btn-slap")
    if verb == "keep":
        return page.locator("#btn-keep")
    if verb == "catch":
        return page.locator(f"#catch-{args[0]}")
    if verb == "give":
        page.locator(f'#give-to input[value="{args[1]}"]').check()
        return page.locator(f'#table .hand button[value="give {args[0]}"]').first
    return page.locator(f'#table .hand button[value="{action}"]').first


def play_moves(page, step):
    # Each move waits as long after the previous one as the winning line says (plus a margin):
    # the server times every move by its own clock.
    previous = 0
    for move in step["solution"]:
        if move["at"] > previous:
            page.wait_for_timeout(move["at"] - previous + 300)
        previous = move["at"]
        if not move.get("wait"):
            button = control(page, move["do"])
            # The step may end first (a scripted bot was faster): stop waiting for a button then.
            button.or_(page.locator("#btn-retry")).first.wait_for()
            if not button.is_visible():
                return
            button.click()


def play_step(page, step):
    """Play the step's winning line. A timed step whose scripted bot beat the learner (a
    machine busy enough to hold a response for seconds) is tried again once, as a learner
    would; a second failure fails the test with the step's own text."""
    for attempt in range(2 if step.get("timed") else 1):
        play_moves(page, step)
        panel = page.locator("#lesson-panel.step-panel--success").or_(page.locator("#btn-retry")).first
        panel.wait_for(timeout=30_000)
        if not page.locator("#btn-retry").is_visible():
            break
        result = page.locator(".step-panel__result").inner_text()
        if attempt == 0 and step.get("timed"):
            print(f"timed step {step['key']} failed once, tried again: {result}")
            page.locator("#btn-retry").click()
            expect(page.locator("#btn-retry")).to_have_count(0)
    assert not page.locator("#btn-retry").is_visible(), page.locator("#lesson-panel").inner_text()
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_lesson_can_be_completed_with_the_mouse(page, learn, lang, screenshot):
    page.set_default_timeout(30_000)
    page.goto(learn + LEARN[lang])
    page.locator("#resume").click()
    for lesson in LESSONS:
        expect(page).to_have_url(__import__("re").compile(rf"{LEARN[lang]}{SLUGS[lesson['slug']][lang]}/"))
        for number, step in enumerate(lesson["steps"], start=1):
            expect(page.locator("#step")).to_contain_text(str(number))
            expect(page.locator(".step-panel__goal")).to_have_text(shown(step, step["goal"], lang))
            play_step(page, step)
            expect(page.locator(".step-panel__result")).to_contain_text(shown(step, step["success_text"], lang)[:20])
            if number < len(lesson["steps"]):
                page.locator("#btn-next").click()
        if lesson is not LESSONS[-1]:
            page.locator("#btn-next-lesson").click()
    page.goto(learn + LEARN[lang])
    expect(page.locator(".lesson-list__item--done")).to_have_count(len(LESSONS))
    screenshot(f"{lang}-all-done")


# A wrong move per lesson that the table lets you try (a card or button you can click).
WRONG = {
    "your-turn": ([], "play 5", "does_not_fit"),
    "draw": ([], "play 5", "does_not_fit"),
    "spider": (["play spider3"], "give moth1 1", "moth_not_giftable"),
    "mosquito": (["play 3", "slap", "?hand 1"], "hand moth2", "moth_not_giftable"),
    "cockroach": (["play 3"], "race spider4", "race_needs_number"),
    "ant": ([], "play 5", "does_not_fit"),
    "moth": ([], "play moth3", "moth_not_playable"),
    "cheating": ([], "play moth4", "moth_not_playable"),
    "caught-cheating": ([], "play moth3", "does_not_fit"),
    "caught-as-guard": ([], "play 4", "does_not_fit"),
    "scoring": ([], "cheat 4", "last_card"),
}
EXPLAINED = {  # the start of each refusal in English (games.mogel_motte.table.refusals)
    "does_not_fit": "Does not fit", "moth_not_giftable": "A Cheating Moth is never given away",
    "race_needs_number": "Only a number card can race", "moth_not_playable": "Only the player with the Guard Bug",
    "guard_may_not_cheat": "The guard never cheats", "last_card": "Your last card cannot disappear",
}


@pytest.mark.parametrize("slug", list(WRONG))
def test_a_wrong_move_is_explained_with_a_rule_link_and_the_step_goes_on(page, learn, slug, screenshot):
    before, wrong, code = WRONG[slug]
    page.goto(f"{learn}/en/learn/{slug}/")
    for move in before:
        if move.startswith("?"):  # wait until the table offers this move (Ben slaps after 5 s)
            expect(control(page, move[1:])).to_be_visible()
            continue
        control(page, move).click()
        page.wait_for_timeout(200)
    control(page, wrong).click()
    message = page.locator('#table [role="alert"]')
    expect(message).to_contain_text(EXPLAINED[code])
    expect(message.locator("a")).to_have_attribute("href", __import__("re").compile(r"/en/rules/#[a-z-]+$"))
    expect(page.locator("#lesson-panel.step-panel--playing")).to_be_visible()
    if slug == "your-turn":
        screenshot("refusal-en", full_page=False)
        control(page, "play 3").click()
        expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()


# A move the engine accepts but the step is not about, per lesson where a learner may try one:
# (moves before it, the move, the start of the explanation in English).
OFF_SCRIPT = {
    "mosquito": ([], "play 1", "You played the 1. Mia’s mosquito is a 4"),
    "caught-cheating": ([], "play 2", "You played a card first."),
    "cheating": ([], "draw", "You drew a number card 1. That is allowed in the game"),
    "spider": (["play spider3"], "give 5 1", "You gave the 5 to Mia"),
}


@pytest.mark.parametrize("slug", list(OFF_SCRIPT))
def test_leaving_the_script_is_explained_and_one_tap_starts_the_step_again(page, learn, slug, screenshot):
    before, move, said = OFF_SCRIPT[slug]
    page.goto(f"{learn}/en/learn/{slug}/")
    version = page.locator("#table").get_attribute("data-version")
    for earlier in before:
        control(page, earlier).click()
        expect(page.locator("#table")).not_to_have_attribute("data-version", version)
    control(page, move).click()
    expect(page.locator("#lesson-panel.step-panel--failure .step-panel__result")).to_contain_text(said)
    expect(page.locator("#btn-retry")).to_be_focused()
    assert page.locator("#table").get_attribute("hx-trigger") is None, "the table stops polling: no bot moves on"
    if slug == "mosquito":
        screenshot("off-script-en", full_page=False)
    page.locator("#btn-retry").click()
    expect(page.locator("#lesson-panel.step-panel--playing")).to_be_visible()
    step = next(lesson for lesson in LESSONS if lesson["slug"] == slug)["steps"][0]
    play_step(page, step)


def test_the_draw_you_may_not_take_is_there_to_try(page, learn):
    page.goto(f"{learn}/en/learn/draw/?step=must-play")
    page.locator("#btn-draw").click()
    expect(page.locator('#table [role="alert"]')).to_contain_text("A card fits, so you must play instead of drawing.")
    control(page, "play 2").click()
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()


def test_a_lesson_with_the_keyboard_alone(page, learn):
    page.goto(f"{learn}/de/lernen/{SLUGS['your-turn']['de']}/")


    # The hint button first: a nudge, then the move.
    tab_to(page, "#btn-hint")
    page.keyboard.press("Enter")
    expect(page.locator(".step-panel__hints li")).to_have_count(1)
    # The lesson puts focus back on the hint button once the swap has settled; Tab from there
    # (tabbing earlier could race that move and press Enter on the hint again).
    expect(page.locator("#btn-hint")).to_be_focused()
    tab_to(page, '#table .hand button[value="play 3"]')
    page.keyboard.press("Enter")
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()
    expect(page.locator("#announcer")).to_contain_text("3")
    # The step is done: focus waits on the way on, with its focus ring.
    expect(page.locator("#btn-next")).to_be_focused()
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    expect(page.locator("#step")).to_contain_text("2")
    expect(page.locator("#step")).to_be_focused()  # the next step's heading, once it has settled
    tab_to(page, '#table .hand button[value="play 5"]')
    page.keyboard.press("Space")
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()
    expect(page.locator("#btn-next-lesson")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(__import__("re").compile(rf"/de/lernen/{SLUGS['draw']['de']}/"))


def test_axe_finds_no_violation_on_a_lesson_page(page, learn):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(f"{learn}/de/lernen/{SLUGS['spider']['de']}/")
    control(page, "play spider3").click()
    expect(page.locator("#give-to")).to_be_visible()
    results = Axe().run(page)
    assert results.violations_count == 0, json.dumps(results.response["violations"], indent=1)[:4000]
    page.goto(f"{learn}/en/learn/")
    results = Axe().run(page)
    assert results.violations_count == 0, json.dumps(results.response["violations"], indent=1)[:4000]


@pytest.mark.parametrize("size", [(375, 812), (1280, 800)], ids=["375x812", "1280x800"])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_screenshots(page, learn, screenshot, lang, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    base = learn + LEARN[lang]
    page.goto(base + SLUGS["your-turn"][lang] + "/")
    control(page, "play 3").click()
    page.goto(base)
    screenshot(f"{lang}-{size[0]}-list", full_page=False)
    page.goto(base + SLUGS["your-turn"][lang] + "/?step=one-and-five")
    screenshot(f"{lang}-{size[0]}-lesson")
    control(page, "play 3").click()
    expect(page.locator('#table [role="alert"]')).to_be_visible()
    screenshot(f"{lang}-{size[0]}-refusal")
    page.goto(base + SLUGS["mosquito"][lang] + "/")
    control(page, "play 3").click()
    expect(page.locator("#btn-slap")).to_be_visible()
    page.wait_for_timeout(1300)
    screenshot(f"{lang}-{size[0]}-mosquito", full_page=False)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= size[0], "no sideways scrolling"
