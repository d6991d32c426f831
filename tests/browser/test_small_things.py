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
    page.locator("#btn-race").wait_for(timeout=10_000)
    sizes = page.evaluate(WIDER)
    assert sizes, "a card to race with"
    screenshot(f"race-{lang}-{viewport[0]}", full_page=False)
    for text_width, box_width, card_width in sizes:
        assert text_width <= box_width + 1 and box_width <= card_width + 8, sizes
