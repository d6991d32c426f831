"""A bot's tell in Chromium: a short movement on its seat, then an honest-looking seat; under
reduced motion a brief highlight instead. The cheat stays catchable after the movement."""

import pytest

from tests.games.mogel_motte.site.test_cheating import SNEAKY, YOU_GUARD

from .test_cheating import DESKTOP, PHONE, game, table  # noqa: F401 (table: a fixture)


def first_tell(page):
    seat = page.locator("#table .seat--tell").first
    seat.wait_for()
    return seat.get_attribute("data-tell"), int(seat.get_attribute("data-seat"))


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_tell_is_a_moment_then_the_seat_looks_honest(page, table, screenshot, motion):
    page.emulate_media(reduced_motion=motion)
    table(YOU_GUARD, SNEAKY, "en", PHONE if motion == "reduce" else DESKTOP)
    tell, seat = first_tell(page)
    # In one go: htmx may swap the table in between two reads.
    style = page.evaluate("id => { const e = document.querySelector(`[data-tell='${id}']`);"
                          " return [getComputedStyle(e).animationName, getComputedStyle(e).borderTopStyle,"
                          " e.dataset.tellMs]; }", tell)
    assert style[2] == "600"
    if motion == "reduce":
        assert style[:2] == ["none", "dashed"], "a highlight, no movement"
    else:
        assert style[0] == "tb-tell"
    screenshot(f"tell-{motion}", full_page=False)
    # The moment passes while the cheat is still in the act: the seat is still listed with its
    # tell (the table knows the cheat is on) but no longer shows it.
    page.wait_for_function("id => { const s = document.querySelector(`[data-tell='${id}']`);"
                           " return s && !s.classList.contains('seat--tell'); }", arg=tell)
    assert page.locator(f'[data-tell="{tell}"] .seat__tell').is_hidden()
