"""Mogelei's rules page in Chromium: phone and desktop in five languages, card pictures, accessibility."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from mogel.rules import content
from mogel.rules.links import rules_url
from games.mogelei.rules.kind import SLUGS
from tests.browser.test_rules import VIEWPORTS, axe_violations
from tests.games.mogelei.site.test_rules_page import DATA, registered_mogelei

pytestmark = pytest.mark.browser


@pytest.fixture
def mogelei_site(site_url):
    with registered_mogelei() as kind:
        content.load()
        yield site_url, kind


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", ["de", "en", "fr", "nl", "it"])
def test_mogelei_rules_page_in_every_language_on_phone_and_desktop(page, mogelei_site, screenshot, lang, viewport):
    site, kind = mogelei_site
    size = VIEWPORTS[viewport]
    page.set_viewport_size(size)
    with translation.override(lang):
        path = rules_url(kind)
    page.goto(site + path)

    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("section.rule-section")).to_have_count(len(SLUGS))
    expect(page.locator(".rules-toc a")).to_have_count(len(SLUGS))
    pictures = page.locator("svg.mogelei-card")
    expect(pictures).to_have_count(sum(item["body"][lang].count("{card:") for item in content.read(DATA)))
    # The pictures are big enough to read the corner value and the family symbol on a phone, still
    # small beside the words, and nothing sticks out sideways.
    for picture in (pictures.first, page.locator("#example svg.mogelei-card").first):
        assert 48 <= picture.bounding_box()["width"] <= 64
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]

    screenshot(f"{size['width']}x{size['height']}-top", full_page=False)
    page.locator("#example").scroll_into_view_if_needed()
    screenshot(f"{size['width']}x{size['height']}-example", full_page=False)

    count, report = axe_violations(page)
    assert count == 0, report
