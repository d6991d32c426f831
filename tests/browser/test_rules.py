"""The rules page in Chromium: phone and desktop in five languages, accessibility, switcher, print."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from mogel.rules import content
from games.mogel_motte.rules.anchors import SLUGS

pytestmark = pytest.mark.browser

PATHS = {"de": "/de/regeln/", "en": "/en/rules/", "fr": "/fr/regles/", "nl": "/nl/spelregels/", "it": "/it/regole/"}
NAMES = {"de": "Deutsch", "en": "English", "fr": "Français", "nl": "Nederlands", "it": "Italiano"}
VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture
def rules_url(site_url):
    """The live server with the rules sections loaded (committed: the server thread sees them)."""
    content.load()
    return site_url


def axe_violations(page):
    results = Axe().run(page)
    return results.violations_count, results.generate_report()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", list(PATHS))
def test_rules_page_in_every_language_on_phone_and_desktop(page, rules_url, screenshot, lang, viewport):
    size = VIEWPORTS[viewport]
    page.set_viewport_size(size)
    page.goto(rules_url + PATHS[lang])

    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("section.rule-section")).to_have_count(len(SLUGS))
    expect(page.locator(".rules-toc a")).to_have_count(len(SLUGS))
    # Nothing sticks out sideways, not even a long German compound on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]

    screenshot(f"{size['width']}x{size['height']}-top", full_page=False)
    screenshot(f"{size['width']}x{size['height']}-full")

    count, report = axe_violations(page)
    assert count == 0, report


def test_toc_is_a_sticky_sidebar_on_desktop_and_links_to_each_section(page, rules_url):
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.goto(rules_url + PATHS["en"])
    toc = page.locator(".rules-toc")
    toc.get_by_role("link").nth(SLUGS.index("scoring")).click()
    expect(page).to_have_url(re.compile(r"#scoring$"))
    expect(page.locator("#scoring h2")).to_be_in_viewport()
    # Far down the page, the contents are still on screen beside the text.
    expect(toc).to_be_in_viewport()
    box, section = toc.bounding_box(), page.locator("#scoring").bounding_box()
    assert box["x"] + box["width"] <= section["x"]


def test_phone_reader_gets_back_to_the_contents(page, rules_url):
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(rules_url + PATHS["de"] + "#ant")
    expect(page.locator("#ant h2")).to_be_in_viewport()
    page.locator("#ant").get_by_role("link", name="Zurück zum Inhalt").click()
    expect(page.locator("#rules-toc-title")).to_be_in_viewport()


@pytest.mark.parametrize("slug", ["cheating", "empty-draw-pile"])
def test_language_switcher_round_trip_keeps_page_and_section(page, rules_url, slug):
    order = ["de", "fr", "en", "it", "nl", "de"]
    page.goto(f"{rules_url}{PATHS[order[0]]}#{slug}")
    for lang in order[1:]:
        page.locator("form.language-switcher").get_by_role("button", name=NAMES[lang]).click()
        expect(page).to_have_url(f"{rules_url}{PATHS[lang]}#{slug}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator(f"#{slug} h2")).to_be_in_viewport()


def test_print_shows_the_rules_only_in_black_on_white(page, rules_url, screenshot):
    page.goto(rules_url + PATHS["fr"])
    page.emulate_media(media="print")
    for hidden in (".rules-toc", ".language-switcher", ".site-nav", ".rules-back"):
        expect(page.locator(hidden).first).to_be_hidden()
    expect(page.locator("#cards h2")).to_be_visible()
    colours = page.evaluate(
        """() => [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor,
                  getComputedStyle(document.querySelector('.rule-body p')).color,
                  getComputedStyle(document.querySelector('.rule-section h2')).color]"""
    )
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(0, 0, 0)"]
    card = page.locator(".rule-body .table-card").first.bounding_box()
    assert card["width"] <= 32  # small in print
    screenshot("print", full_page=False)
