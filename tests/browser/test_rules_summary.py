"""The rules on one page in Chromium: one A4 sheet in every language, phone and desktop, accessibility."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from mogel.rules import content
from tests.games.mogel_motte.game_data import SUMMARY_FILE

pytestmark = pytest.mark.browser

PATHS = {"de": "/de/regeln/kurzfassung/", "en": "/en/rules/summary/", "fr": "/fr/regles/resume/",
         "nl": "/nl/spelregels/samenvatting/", "it": "/it/regole/riassunto/"}
VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 800}}
BOXES = len(content.read(SUMMARY_FILE))


@pytest.fixture
def summary_url(site_url):
    content.load()
    return site_url


def pdf_pages(pdf: bytes) -> int:
    """Pages in a PDF from Chromium: one page object each (the page tree node is /Pages)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def test_pdf_pages_counts_the_pages_of_a_long_document(page, summary_url):
    page.goto(summary_url + "/en/rules/")  # the whole rulebook: many pages
    assert pdf_pages(page.pdf(format="A4")) > 3


@pytest.mark.parametrize("lang", list(PATHS))
def test_the_summary_prints_on_one_a4_sheet(page, summary_url, lang):
    # Every language, so the one with the longest text is among them.
    page.goto(summary_url + PATHS[lang])
    expect(page.locator("section.summary-box")).to_have_count(BOXES)
    assert pdf_pages(page.pdf(format="A4", print_background=True)) == 1


def test_print_shows_the_summary_only_in_black_with_small_coloured_cards(page, summary_url, screenshot):
    page.goto(summary_url + PATHS["de"])
    page.emulate_media(media="print")
    for hidden in (".site-header", ".site-footer", ".summary-box__more", ".summary__full"):
        expect(page.locator(hidden).first).to_be_hidden()
    colours = page.evaluate(
        """() => [getComputedStyle(document.querySelector('.summary-box p')).color,
                  getComputedStyle(document.querySelector('.summary-box h2')).color]""")
    assert colours == ["rgb(0, 0, 0)", "rgb(0, 0, 0)"]
    card = page.locator(".summary-box .table-card").first.bounding_box()
    assert card["width"] <= 24
    screenshot("print", full_page=False)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_summary_on_phone_and_desktop(page, summary_url, screenshot, lang, viewport):
    size = VIEWPORTS[viewport]
    page.set_viewport_size(size)
    page.goto(summary_url + PATHS[lang])
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("section.summary-box")).to_have_count(BOXES)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    screenshot(f"{size['width']}x{size['height']}")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_way_from_the_lessons_to_the_summary_and_on_to_a_rule(page, summary_url):
    page.goto(summary_url + "/en/learn/")
    page.get_by_role("link", name="The rules on one page").click()
    expect(page).to_have_url(summary_url + PATHS["en"])
    page.locator("#moth").get_by_role("link").click()
    expect(page).to_have_url(summary_url + "/en/rules/#moth")
    expect(page.locator("#moth h2")).to_be_in_viewport()
