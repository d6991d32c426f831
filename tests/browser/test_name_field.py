"""A name field says its limit where a person types (docs/friends.md, "Names"): a name pasted
longer than 20 characters stops at 20 with the count "20/20" beside "At most 20 characters.",
on a phone, in the practice lobby and at a friends' table, in English and German."""

import pytest

from .htmx import ready
from .test_table_layout import PHONE

pytestmark = pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                              viewport={"width": PHONE[0], "height": PHONE[1]})


@pytest.mark.parametrize("lobby,hint", [("/en/play/", "At most 20 characters."),
                                        ("/de/freunde/new/mogelei/", "Höchstens 20 Zeichen.")])
def test_a_long_pasted_name_stops_at_the_limit_the_page_shows(page, site_url, screenshot, lobby, hint):
    page.goto(site_url + lobby)
    ready(page)
    field, count = page.locator("input[name=name]"), page.locator("#name-count")
    assert page.locator("#name-hint").inner_text().startswith(hint)
    field.fill("Ann")
    assert count.inner_text() == "3/20"
    field.fill("")
    field.focus()
    page.keyboard.insert_text("Maximiliane-Charlotte von Hohenzollern-Sigmaringen")   # 50 characters, pasted
    assert field.input_value() == "Maximiliane-Charlott"
    assert count.inner_text() == "20/20" and "lobby__count--full" in count.get_attribute("class")
    screenshot(lobby.strip("/").replace("/", "-"), full_page=False)
