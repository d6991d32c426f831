"""Small layout mends of issue 18 (Mogel Motte and shared), each where a player saw it: a
card's race label inside its card, the table back in view after "Next round" on a phone on its
side, the hand on the lesson's first phone screen, a reason when a greyed card is tapped."""

import pytest

from .htmx import ready
from .test_table_layout import DESKTOP, LANDSCAPE, PHONE, table  # noqa: F401 (fixture)

WIDER = """() => Array.from(document.querySelectorAll('#table .hand__item--race .card-btn')).map(b => {
  const verb = b.querySelector('.card-btn__verb'), card = b.querySelector('svg');
  return [Math.round(verb.scrollWidth), Math.round(verb.getBoundingClientRect().width), Math.round(card.getBoundingClientRect().width)];
})"""


@pytest.mark.parametrize("lang", ["de", "nl", "it"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_race_label_stays_inside_its_card(page, table, screenshot, lang, viewport):  # noqa: F811
    twelve = ["1", "3", "3", "4", "5", "4", "5", "moth4", "spider2", "ant5", "mosquito1", "moth5"]
    table(viewport, lang, hand=twelve, window="cockroach")
    page.locator("#btn-race").wait_for()
    sizes = page.evaluate(WIDER)
    assert sizes, "a card to race with"
    screenshot(f"race-{lang}-{viewport[0]}", full_page=False)
    for text_width, box_width, card_width in sizes:
        assert text_width <= box_width + 1 and box_width <= card_width + 8, sizes


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_tapping_a_greyed_card_says_why_for_a_moment(page, table, screenshot, lang):  # noqa: F811
    table(PHONE, lang, pace_ms=60_000)
    off = page.locator("#table .card-btn--off")
    assert off.count() >= 1
    why = page.locator("#table .hand__item .why").first
    reason = page.evaluate("id => document.getElementById(id).firstChild.textContent.trim()",
                           off.first.get_attribute("aria-describedby"))
    assert reason and not why.is_visible()
    off.first.tap(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    bubble = page.locator("#table .hand__item--why .why")
    bubble.wait_for(state="visible")
    assert reason in bubble.inner_text()
    assert reason in page.locator("#announcer").inner_text()
    screenshot(f"why-{lang}", full_page=False)
    bubble.wait_for(state="hidden")


# You hold a 3 and play it on the 2: the round is over at once (test_table_layout's LAST_CARD).
LAST_CARD = {"players": 3, "hands": [["3"], ["1", "moth5", "4"], ["5", "4", "spider1"]], "discard": ["2"],
             "guard": 0, "turn": 0}


@pytest.mark.parametrize("viewport", [LANDSCAPE, PHONE], ids=["landscape", "phone"])
def test_after_next_round_the_table_is_in_view_not_the_footer(page, table, screenshot, viewport):  # noqa: F811
    table(viewport, "de", scenario=LAST_CARD, rounds="full", pace_ms=60_000)
    page.locator('#table .card-btn[data-card="3"]').click()
    page.locator("#btn-continue").wait_for()
    # A player who scrolled down to read the scores and press the button from the bottom.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator("#btn-continue").click()
    page.locator("#table .hand__item").first.wait_for()
    page.wait_for_timeout(300)
    screenshot(f"next-round-{viewport[0]}", full_page=False)
    top = page.evaluate("document.getElementById('table').getBoundingClientRect().top")
    assert -1 <= top < viewport[1] / 2, f"the table starts at {top}: the page stayed scrolled down"
    assert not page.locator(".site-footer").evaluate("f => f.getBoundingClientRect().top < innerHeight / 2")


def lesson_links(page, site_url, learn):
    page.goto(site_url + learn)
    return sorted(set(page.eval_on_selector_all(".lesson-list a[href]", "as => as.map(a => a.getAttribute('href'))")))


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True)
@pytest.mark.parametrize("learn", ["/de/lernen/", "/fr/apprendre/"])
def test_every_lessons_first_phone_screen_shows_the_goal_and_the_hand(page, site_url, screenshot, learn):
    from django.core.management import call_command
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    links = [link for link in lesson_links(page, site_url, learn) if link.startswith(learn) and link != learn]
    assert len(links) >= 9
    for link in links:
        page.goto(site_url + link)
        ready(page)
        page.wait_for_timeout(100)
        for sel in ("#table .hand__item", ".step-panel__goal"):
            box = page.locator(sel).first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1], (link, sel, box)
        if link.endswith(("mogeln/", "tricher/")):
            screenshot("lesson-first-screen", full_page=False)


def test_on_a_desktop_a_lesson_opens_at_its_top(page, site_url):
    from django.core.management import call_command
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(site_url + "/de/lernen/mogeln/")
    ready(page)
    assert page.evaluate("window.scrollY") == 0
    assert page.locator(".tutorial-title").is_visible()
