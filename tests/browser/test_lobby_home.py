"""The home page and the lobby on a phone's first screen (375×812) and on a desktop, with axe.

Home: the three ways in, with our card art, "Start here: learn in 10 minutes" first, all above
the fold. Lobby: every choice and the Start button on one screen, also with an unfinished game.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe

from .htmx import ready

PHONE, DESKTOP = (375, 812), (1280, 800)
HOME = {"en": "/en/", "de": "/de/", "fr": "/fr/"}
LOBBY = {"en": "/en/play/", "de": "/de/spielen/", "fr": "/fr/jouer/"}
ABOUT_MOGEL_MOTTE = {"en": "Cheating Moth is a quick card game for 3 to 5 players.",
                     "de": "Mogel Motte ist ein flottes Kartenspiel"}
ABOUT_MOGELEI = {"en": "A bluffing card game for 3 to 8 players", "de": "Ein Bluff-Kartenspiel für 3 bis 8 Personen"}
START_HERE = {"en": "Start here: learn in 10 minutes", "de": "Hier anfangen: in 10 Minuten lernen"}


def inside(page, locator):
    """The element's box lies wholly inside the viewport (no scrolling needed)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] \
        and box["y"] + box["height"] <= size["height"]


def below(upper, lower):
    """``lower``'s box starts below where ``upper``'s ends."""
    return lower.bounding_box()["y"] >= upper.bounding_box()["y"] + upper.bounding_box()["height"]


def no_axe_violation(page):
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_the_three_ways_in_are_on_the_first_screen_learning_first(page, site_url, screenshot, lang, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(site_url + HOME[lang])
    # Mogel Motte's ways first; every other game's block (.ways--more) follows below.
    ways = page.locator(".ways:not(.ways--more) .way")
    assert ways.count() == 3
    learn_mogelei = page.locator(".ways--more .way").first
    assert learn_mogelei.get_attribute("href") == {"en": "/en/mogelei/learn/", "de": "/de/mogelei/lernen/"}[lang]
    assert START_HERE[lang] in ways.first.inner_text()
    assert ways.first.get_attribute("href").startswith(f"/{lang}/")
    for i in range(3):
        assert inside(page, ways.nth(i)), f"way {i + 1} is below the fold at {size}"
        assert ways.nth(i).locator("svg.table-card").count() >= 1, "our card art"
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    # Each game's description in its own block: Mogel Motte's under its ways, before Mogelei's block,
    # and Mogelei's between Mogelei's name and its ways.
    mogel_motte_text, mogelei = page.locator(".intro").first, page.locator(".ways--more").first
    assert ABOUT_MOGEL_MOTTE[lang] in mogel_motte_text.inner_text()
    assert below(ways.nth(2), mogel_motte_text) and below(mogel_motte_text, mogelei)
    assert ABOUT_MOGELEI[lang] in mogelei.locator(".ways__intro").inner_text()
    assert below(mogelei.locator(".ways__intro"), mogelei.locator(".way").first)
    screenshot(f"home-{lang}-{size[0]}", full_page=False)
    no_axe_violation(page)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_both_games_and_their_unfinished_games_are_on_the_first_screen(page, site_url, settings, screenshot,
                                                                        lang, size):
    settings.MOGEL_PLAY_SEED = 8
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(site_url + HOME[lang])
    tiles = page.locator(".games .game-tile")
    assert tiles.count() == 2
    assert [tiles.nth(i).locator(".game-tile__name").inner_text() for i in range(2)][1] == "Mogelei"
    for i in range(2):
        assert inside(page, tiles.nth(i)), f"game {i + 1} is below the fold at {size}"
    assert page.locator(".game-tile__continue").count() == 0
    # A game of each kind left unfinished: each tile offers to continue it, still on the first screen.
    for lobby in (LOBBY[lang], LOBBY[lang].replace(f"/{lang}/", f"/{lang}/mogelei/")):
        page.goto(site_url + lobby)
        page.fill("input[name=name]", "Ann")
        page.locator(".btn--start").click()
        page.wait_for_url(f"**{lobby}*/")
    page.goto(site_url + HOME[lang])
    continues = page.locator(".game-tile__continue")
    assert continues.count() == 2
    for i in range(2):
        assert inside(page, continues.nth(i))
        box = continues.nth(i).bounding_box()
        assert box["height"] >= 44
    screenshot(f"games-{lang}-{size[0]}", full_page=False)
    tiles.nth(1).click()
    assert page.url.endswith("#game-mogelei")
    assert inside(page, page.locator("#game-mogelei .way").first)
    continues.nth(1).click()
    page.wait_for_url("**/mogelei/**")
    assert page.locator(".site-name").inner_text().strip() == "Mogelei"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lobby_fits_a_phone_screen_with_start_visible(page, site_url, settings, screenshot, lang):
    settings.MOGEL_BOT_PACE_MS = 60_000
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(site_url + LOBBY[lang])
    start = page.locator(".btn--start")
    assert inside(page, start)
    for name in ("players", "level", "pace", "rounds"):
        assert inside(page, page.locator(f".segmented:has(input[name={name}])")), name
    screenshot(f"lobby-{lang}", full_page=False)
    no_axe_violation(page)
    # The segments are radio buttons: the arrow keys move the choice, as in any radio group.
    page.locator("input[name=pace]:checked").focus()
    page.keyboard.press("ArrowRight")
    assert page.locator("input[name=pace]:checked").get_attribute("value") == "quick"
    # With an unfinished game the Start button still shows on the first screen.
    page.fill("input[name=name]", "Ann")
    start.click()
    page.wait_for_selector("#table")
    ready(page)
    page.goto(site_url + LOBBY[lang])
    assert page.locator(".play-unfinished").count() == 1
    assert inside(page, page.locator(".btn--start"))
    assert page.locator("input[name=pace]:checked").get_attribute("value") == "quick", "remembered"
    screenshot(f"lobby-unfinished-{lang}", full_page=False)
    no_axe_violation(page)


def test_the_lobby_on_a_desktop_has_no_axe_violation(page, site_url):
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(site_url + LOBBY["en"])
    page.locator(".lobby__more summary").click()
    assert page.locator("input[name=ant_pile]").first.is_visible()
    no_axe_violation(page)
