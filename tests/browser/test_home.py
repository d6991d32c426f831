import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = {"de": "Deutsch", "en": "English", "fr": "Français", "nl": "Nederlands", "it": "Italiano"}
LANGUAGES = list(NAMES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_switching_language_keeps_you_on_the_home_page(page, site_url, screenshot, lang):
    # The next language in the list, so every button gets clicked once.
    other = LANGUAGES[(LANGUAGES.index(lang) + 1) % len(LANGUAGES)]

    page.goto(f"{site_url}/{lang}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    switcher = page.locator("form.language-switcher")
    expect(switcher).to_be_visible()
    expect(switcher.get_by_role("button")).to_have_count(len(LANGUAGES))
    expect(switcher.locator('button[aria-current="true"]')).to_have_text(NAMES[lang])
    screenshot(lang)

    switcher.get_by_role("button", name=NAMES[other]).click()

    expect(page).to_have_url(re.compile(rf"^{re.escape(site_url)}/{other}/$"))
    expect(page.locator("html")).to_have_attribute("lang", other)
    expect(page.locator("#home-title")).to_be_visible()
    expect(page.locator('.language-switcher button[aria-current="true"]')).to_have_text(NAMES[other])


def test_switching_language_keeps_the_anchor(page, site_url):
    page.goto(f"{site_url}/de/#main")
    page.get_by_role("button", name="Français").click()
    expect(page).to_have_url(f"{site_url}/fr/#main")
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_skip_link_appears_on_keyboard_focus(page, site_url):
    page.goto(f"{site_url}/en/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
