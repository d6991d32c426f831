"""On a touch screen (a touch-emulated 375×812 phone) every control a finger taps is at least
44×44 px: the header's links and language pills, the Cheat buttons under the cards, the
table's buttons, the home page's tiles; and the table still fits one screen with them."""

import pytest

from .htmx import ready
from .test_table_layout import PHONE, assert_one_screen, table  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser_context_args(has_touch=True, is_mobile=True)

# Every visible control in ``scope`` smaller than 44×44 px (a link inside running text excepted:
# WCAG's inline exception, e.g. the footer's game names).
SMALL = """scope => Array.from(document.querySelectorAll(scope)).flatMap(root =>
  Array.from(root.querySelectorAll('a[href], button, summary, input:not([type=hidden])'))).filter(el => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || s.visibility === 'hidden' || el.closest('.visually-hidden')) return false;
    if (el.matches('.skip-link') || (el.tagName === 'A' && el.closest('p, li.log__item, .footer'))) return false;
    return r.width < 44 || r.height < 44;
  }).map(el => el.tagName + '.' + el.className + ' "' + (el.innerText || '').trim().slice(0, 20) + '" ' +
         Math.round(el.getBoundingClientRect().width) + '×' + Math.round(el.getBoundingClientRect().height))"""


def small(page, scope):
    return page.evaluate(SMALL, scope)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_header_and_home_controls_are_finger_sized(page, site_url, screenshot, lang):
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(f"{site_url}/{lang}/")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "not a touch screen"
    assert small(page, ".site-header, main") == []
    screenshot(f"touch-home-{lang}", full_page=False)
    # Header rows stay one each: the nav on one line, the five languages on one line.
    rows = page.evaluate("""sel => Array.from(document.querySelectorAll(sel)).map(e => Math.round(e.getBoundingClientRect().top))""",
                         ".site-nav a, .language-switcher button")
    assert len(set(rows)) == 2, rows


@pytest.mark.parametrize("lang", ["de", "it"])
def test_the_table_with_cheat_buttons_is_finger_sized_and_fits_one_screen(page, table, screenshot, lang):  # noqa: F811
    table(PHONE, lang, pace_ms=60_000)
    cheats = page.locator("#table .btn--cheat")
    assert cheats.count() == 8
    assert small(page, ".site-header, main") == []
    screenshot(f"touch-table-{lang}", full_page=False)
    assert_one_screen(page, "#table .btn--cheat")


def test_the_lesson_controls_are_finger_sized(page, site_url, screenshot):
    from django.core.management import call_command
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(site_url + "/de/lernen/cheating/")
    ready(page)
    assert small(page, ".site-header, main") == []
    screenshot("touch-lesson", full_page=False)
