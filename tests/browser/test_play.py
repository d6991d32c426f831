"""The practice game in Chromium: whole seeded games, phone and desktop layouts, axe, keyboard."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.mogel_motte.engine import Game
from mogel.play.models import PracticeGame

from .htmx import ready
from .progress import Progress, table_state

SEED = 424242
LOBBY = {"de": "/de/spielen/", "en": "/en/play/", "fr": "/fr/jouer/"}
FINAL = {"de": ("Endstand", "Du hast gewonnen!", "Noch einmal spielen"),
         "en": ("Final ranking", "You win!", "Play again"),
         "fr": ("Classement final", "Tu as gagné\u202f!", "Rejouer")}

# Clicks what a keen player clicks: go on, slap, race, play a mosquito or cockroach, any playable card, draw, keep.
PICK = """() => {
  const where = () => { const t = document.querySelector('#table'); const p = document.querySelector('#table-prompt');
                        return t ? t.dataset.version + ' ' + (p ? p.textContent : '') : ''; };
  const order = ['#btn-continue', '#btn-slap', '.hand__item--race .card-btn', 'button[value^="play mosquito"]',
                 'button[value^="play cockroach"]', '.hand__item--live .card-btn', '#btn-draw', '#btn-keep'];
  for (const sel of order) {
    const b = document.querySelector('#table ' + sel);
    if (b) { return [sel, where()]; }
  }
  return [null, where()];
}"""


@pytest.fixture
def fast(settings):
    settings.MOGEL_BOT_PACE_MS = 20
    settings.MOGEL_MOSQUITO_MS = 1000
    settings.MOGEL_COCKROACH_MS = 700
    settings.MOGEL_ACT_MS = 700
    settings.MOGEL_POLL_MS = 50
    settings.MOGEL_LAND_MS = 0   # no wait for the card's landing: a whole game in seconds
    settings.MOGEL_PLAY_SEED = SEED
    return settings


def start(page, site_url, lang, players=3, rounds="full"):
    page.goto(site_url + LOBBY[lang])
    page.fill("input[name=name]", "Ann")
    page.check(f"input[name=players][value='{players}']")
    page.check(f"input[name=rounds][value='{rounds}']")
    page.click(".btn--start")
    page.wait_for_selector("#table")
    ready(page)


def play_to_the_end(page, screenshot=None, use_space=False):
    """Play as a keen player would until the final ranking; fail only when the table stands
    still (tests/browser/progress.py), however long the whole game takes on this machine."""
    shots = set()
    progress = Progress(lambda: table_state(page))
    while progress.alive():
        if page.locator(".ranking").count():
            break
        if screenshot:
            if "mosquito" not in shots and page.locator(".window--mosquito").count():
                shots.add("mosquito")
                screenshot("mosquito-window")
            if "summary" not in shots and page.locator("#btn-continue").count():
                shots.add("summary")
                screenshot("round-summary")
        sel, _where = page.evaluate(PICK)
        if sel is None:
            page.wait_for_timeout(15)
            continue
        try:
            if sel == "#btn-slap" and use_space:
                page.evaluate("document.activeElement && document.activeElement.blur()")
                page.keyboard.press("Space")
            else:
                page.locator("#table " + sel).first.click(timeout=500)
        except Exception:
            pass  # the table was swapped under the click: look again
        page.wait_for_timeout(10)
    assert page.locator(".ranking").count(), ("the table stood still before the final ranking", progress.story())


def took_part(log):
    mosquito = any(e["code"] == "slapped" and e["seat"] == 0 for e in log) or any(
        e["code"] == "mosquito_open" and e["seat"] == 0 for e in log)
    cockroach = any(e["code"] == "raced" and e["seat"] == 0 for e in log) or any(
        e["code"] == "cockroach_open" and e["seat"] == 0 for e in log)
    return mosquito, cockroach


@pytest.mark.parametrize("lang,viewport", [("de", (375, 812)), ("fr", (1280, 800))])
def test_a_seeded_full_game_to_the_final_ranking(page, site_url, fast, screenshot, lang, viewport):
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    start(page, site_url, lang)
    screenshot("table")
    play_to_the_end(page, screenshot, use_space=(lang == "de"))
    screenshot("final")
    final, won, again = FINAL[lang]
    text = page.locator(".summary").inner_text()
    assert final in text or won in text
    assert again in text
    game = Game.from_json(PracticeGame.objects.get().state)
    assert game.over and game.round == 3
    mosquito, cockroach = took_part(PracticeGame.objects.get().stored_log())
    assert mosquito and cockroach, "the seed must give the player a mosquito and a cockroach"


def test_lobby_and_table_at_phone_and_desktop_size_with_no_axe_violation(page, site_url, fast, screenshot):
    fast.MOGEL_BOT_PACE_MS = 60_000  # the table stands still for the pictures
    axe = Axe()
    for w, h in ((375, 812), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        page.goto(site_url + LOBBY["en"])
        screenshot(f"lobby-{w}")
        results = axe.run(page)
        assert results.violations_count == 0, results.generate_report()
    start(page, site_url, "en", players=4)
    for w, h in ((375, 812), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(100)
        screenshot(f"table-{w}")
        results = axe.run(page)
        assert results.violations_count == 0, results.generate_report()
    # no horizontal scrolling of the page on a phone
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Back in the lobby, the unfinished game is offered to continue or abandon.
    page.goto(site_url + LOBBY["en"])
    screenshot("lobby-unfinished-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    results = axe.run(page)
    assert results.violations_count == 0, results.generate_report()


def test_disabled_cards_say_why_on_focus(page, site_url, fast):
    fast.MOGEL_BOT_PACE_MS = 60_000
    start(page, site_url, "en")
    off = page.locator(".card-btn--off")
    if off.count() == 0:
        pytest.skip("every card fits in this deal")
    off.first.focus()
    why = page.locator(".hand__item:focus-within .why")
    assert why.is_visible()
    assert why.inner_text().strip()


def test_keyboard_only_play_of_a_few_turns(page, site_url, fast):
    start(page, site_url, "en")
    moves = 0
    progress = Progress(lambda: table_state(page))
    while moves < 3 and progress.alive():
        target = page.evaluate("""() => {
          const b = document.querySelector('#table #btn-continue, #table .hand__item--live .card-btn, #table #btn-draw, #table #btn-keep');
          return b ? b.id : null; }""")
        if not target:
            page.wait_for_timeout(50)
            continue
        before = page.locator("#table").get_attribute("data-version")
        # Tab from the top of the table until the wanted button has focus, then press Enter.
        page.locator("#table-prompt").evaluate("e => { e.tabIndex = -1; e.focus(); }")
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement && document.activeElement.id") == target:
                break
        else:
            continue
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector('#table').dataset.version !== '{before}'")
        moves += 1
    assert moves == 3


def bots_open_a_window(settings, kind):
    """Seat 1 (the guard, on turn) can only play the mosquito or cockroach 3 on the 2, and the
    bots are slow to react, so the player has a window of their own to slap or race in."""
    settings.MOGEL_PLAY_SCENARIO = {"players": 3, "hands": [["1", "3", "4", "5", "4", "5"], [f"{kind}3", "5", "5"],
                                                            ["1", "5", "4"]],
                                    "discard": ["2"], "draw": ["1", "4"], "guard": 1, "turn": 1}
    settings.MOGEL_BOT_PROFILE = {"slap_ms": (3500, 3900), "slap_miss": 0.0, "race_ms": (3500, 3900),
                                  "race_miss": 0.0, "cheat_rate": 0.0, "false_alarm": 0.0}
    settings.MOGEL_BOT_PACE_MS = 300
    settings.MOGEL_MOSQUITO_MS = settings.MOGEL_COCKROACH_MS = 4000


@pytest.mark.parametrize("kind,done", [("mosquito", "You slapped"), ("cockroach", "You won the race")])
def test_the_slap_or_race_button_is_on_a_phone_screen_and_space_presses_it(page, site_url, settings, screenshot,
                                                                           kind, done):
    bots_open_a_window(settings, kind)
    page.set_viewport_size({"width": 375, "height": 812})
    start(page, site_url, "en", rounds="single")
    button = page.locator("#btn-slap" if kind == "mosquito" else "#btn-race")
    button.wait_for()
    box = button.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 812, box
    screenshot(f"{kind}-button-on-a-phone", full_page=False)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Space")
    page.wait_for_function("t => document.querySelector('.log__list').textContent.includes(t)", arg=done)
