"""No keyboard hints on a touch screen (a phone at 375×812): the replay's "Keys: ← and → …"
line, the table's "(Space)" beside Slap! and the help's key lines are for keyboards. A phone
that says it has a touch screen never shows them (the media queries on hover and pointer); one
that claims a mouse (a pen, a desktop mode) shows them until the first touch, then no more,
on that page and the next ones (pages/site.js)."""

import pytest

from tests.platform.play_helpers import clock  # noqa: F401  (a fixture of shared_replay)

from .htmx import ready, settled
from .test_replay import shared_replay  # noqa: F401  (a fixture)
from .test_table_layout import PHONE, table  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                              viewport={"width": PHONE[0], "height": PHONE[1]})
KEY_HINTS = ".keys-only, .btn__key, .btn__hint, .table__keys"
SHOWN = """selector => Array.from(document.querySelectorAll(selector))
  .filter(el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
  .map(el => el.className + ': ' + el.textContent.trim())"""


def hints(page):
    """The key hints on the page: how many are written in it, and those a person sees."""
    return page.locator(KEY_HINTS).count(), page.evaluate(SHOWN, KEY_HINTS)


def touch(page, selector):
    """A finger on ``selector`` (Chromium's touch input: its pointer events say "touch")."""
    box = page.locator(selector).first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_touch_phone_shows_no_key_hint_in_a_replay(page, shared_replay):  # noqa: F811
    page.goto(shared_replay)
    ready(page)
    written, shown = hints(page)
    assert written >= 1 and shown == [], shown


def test_a_touch_phone_shows_no_key_hint_at_the_table(page, table):  # noqa: F811
    table(PHONE, "en")
    page.locator("#btn-slap").wait_for()
    written, shown = hints(page)
    assert written >= 2 and shown == [], shown     # the slap's "(Space)" and the help's key lines


# A phone whose browser says it has a mouse that hovers: Chromium as a phone without touch emulation.
@pytest.mark.browser_context_args(is_mobile=True, has_touch=False, viewport={"width": PHONE[0], "height": PHONE[1]})
def test_a_phone_that_claims_a_mouse_drops_the_key_hints_at_its_first_touch(page, shared_replay):  # noqa: F811
    page.goto(shared_replay)
    ready(page)
    assert page.evaluate("matchMedia('(hover: hover) and (pointer: fine)').matches")
    assert hints(page)[1], "before any touch the page cannot know: the hint is shown"
    touch(page, '[data-replay="next"]')
    page.wait_for_function(f"() => ({SHOWN})({KEY_HINTS!r}).length === 0")
    page.goto(shared_replay + "2/")
    ready(page)
    assert hints(page)[1] == [], "the next page of the same phone starts without them"
