"""The lessons with a keyboard, a screen reader and a phone: where focus goes after each swap of
the table, what the live region reads out, the guard's tell, and the answer to a move on screen."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tutorial import data_files
from tests.games.mogel_motte.game_data import LESSON_FOLDER

from .htmx import ready, settled

pytestmark = pytest.mark.browser

LESSONS = {lesson["slug"]: lesson for lesson in data_files.lessons(LESSON_FOLDER)}
ACTIVE = "() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 200) : '' }"


@pytest.fixture
def learn(site_url, page):
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    page.emulate_media(reduced_motion="reduce")
    page.set_default_timeout(15000)
    return site_url


def press(page, selector, key="Enter"):
    """Focus a control as Tab would, and press a key on it (the keyboard's way to click)."""
    ready(page)  # a key pressed before htmx has taken the page over would do nothing or post a form
    page.locator(selector).first.focus()
    page.keyboard.press(key)


def focused_is_usable(page):
    return page.evaluate("""() => {
        const a = document.activeElement;
        return !!a && a !== document.body && !a.disabled && a.getAttribute('aria-disabled') !== 'true'
            && !a.classList.contains('card-btn--off');
    }""")


def test_after_each_move_focus_goes_to_what_can_be_done_next(page, learn):
    page.goto(f"{learn}/en/learn/spider/")
    press(page, '#table .hand button[value="play spider3"]')
    # The spider card is gone; the card now at its place cannot be given (a moth): focus goes
    # to the spider's first choice instead, the player to give to.
    # The player the goal names (Leo) is the one chosen already.
    expect(page.locator('#give-to input[value="2"]:checked')).to_be_focused()
    assert focused_is_usable(page), page.evaluate(ACTIVE)
    page.keyboard.press("ArrowLeft")  # the radio group: to Mia and back to Leo
    expect(page.locator('#give-to input[value="1"]')).to_be_checked()
    page.keyboard.press("ArrowRight")
    expect(page.locator('#give-to input[value="2"]')).to_be_checked()
    press(page, '#table .hand button[value="give 5"]')
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()
    expect(page.locator("#btn-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#step")).to_contain_text("2")


def test_a_refused_card_keeps_focus_and_its_reason_is_an_alert(page, learn):
    page.goto(f"{learn}/en/learn/your-turn/")
    press(page, '#table .hand button[value="play 5"]')
    expect(page.locator('#table [role="alert"]')).to_contain_text("Does not fit")
    expect(page.locator('#table .hand button[value="play 5"]')).to_be_focused()


def test_hints_are_read_out_and_the_last_one_leads_to_its_move(page, learn):
    step = LESSONS["draw"]["steps"][0]
    nudge, move = (hint["text"]["en"] for hint in step["hints"])
    page.goto(f"{learn}/en/learn/draw/")
    press(page, "#btn-hint")
    expect(page.locator("#announcer")).to_have_text(nudge)
    expect(page.locator("#btn-hint")).to_be_focused()
    settled(page)  # the new hint button is htmx's before Enter reaches it
    page.keyboard.press("Enter")
    expect(page.locator("#announcer")).to_have_text(move)
    expect(page.locator("#btn-hint")).to_be_disabled()
    expect(page.locator(f'#table button[value="{step["hints"][1]["action"]}"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()
    expect(page.locator("#btn-next")).to_be_focused()


def test_a_poll_does_not_read_the_same_line_out_again(page, learn):
    page.goto(f"{learn}/en/learn/mosquito/")
    page.evaluate("""() => { window.readOut = [];
        new MutationObserver(() => window.readOut.push(document.getElementById('announcer').textContent.trim()))
            .observe(document.getElementById('announcer'), {childList: true, subtree: true, characterData: true}); }""")
    page.locator('#table .hand button[value="play 3"]').click()
    expect(page.locator("#announcer")).to_contain_text("Leo slapped")
    page.wait_for_timeout(2000)  # four polls
    lines = [line for line in page.evaluate("window.readOut") if "Leo slapped" in line]
    assert len(lines) == 1, lines


@pytest.mark.parametrize("size", [(375, 812), (1280, 800)], ids=["375x812", "1280x800"])
def test_the_guard_sees_the_tell_and_hears_it(page, learn, screenshot, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{learn}/en/learn/caught-as-guard/")
    press(page, '#table .hand button[value="play 3"]')
    # The step says the draw can wait: Enter must not draw, so focus is on what happens now.
    expect(page.locator("#table-prompt")).to_be_focused()
    expect(page.locator("#table-prompt")).to_have_text(LESSONS["caught-as-guard"]["steps"][0]["draw_prompt"]["en"])
    leo = page.locator('#table .seat[data-seat="2"]')
    expect(leo.locator(".seat__tell")).to_be_visible()
    expect(leo.locator(".seat__tell")).to_contain_text("−1?!")
    expect(page.locator('#table .seat[data-seat="1"] .seat__tell')).to_have_count(0)
    expect(page.locator("#announcer")).to_contain_text("Leo's hand just got smaller")
    screenshot(f"tell-{size[0]}", full_page=False)
    leo.locator("#catch-2").click()
    page.locator('#table .hand button[value="hand 4"]').click()
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()


def in_view(page, selector):
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_on_a_phone_the_goal_the_answer_and_the_hand_share_the_screen(page, learn, screenshot):
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"{learn}/en/learn/your-turn/?step=one-and-five#step")
    for part in (".step-panel__goal", "#table-prompt", "#table .hand"):
        assert in_view(page, part), f"{part} is off screen"
    page.locator('#table .hand button[value="play 3"]').click()
    expect(page.locator('#table [role="alert"]')).to_be_visible()
    page.wait_for_timeout(400)
    assert in_view(page, '#table [role="alert"]') and in_view(page, '#table .hand button[value="play 5"]')
    screenshot("phone-refusal", full_page=False)
    page.locator('#table .hand button[value="play 5"]').click()
    expect(page.locator("#lesson-panel.step-panel--success")).to_be_visible()
    page.wait_for_timeout(400)
    assert in_view(page, ".step-panel__result") and in_view(page, "#btn-next-lesson")
    screenshot("phone-success", full_page=False)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 375, "no sideways scrolling"
    assert re.search(r"/en/learn/your-turn/", page.url)
