"""A phone's table (375×812) in every language: each word on a card's button fits on the card
("Abgeben" was clipped), the round line stays on one line beside the prompt ("Round 1 of 1"
wrapped), and the round summary says who holds the Guard Bug in the next round.
Screenshots: /work/shots/fair30-*.png when that folder exists, else test-artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from games.mogel_motte.table.present import _VERB_LABELS

from .htmx import ready
from .test_cheating import LOBBY
from .test_friends_scenes import IDLE_BOT

PHONE = (375, 812)
LANGS = ("de", "en", "fr", "nl", "it")
DRAW = ["1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]
# You are on turn with six cards, three of which fit: the hand is a full row of buttons.
SIX_CARDS = {"players": 3, "hands": [["1", "3", "4", "5", "moth4", "3"], ["2", "4", "5", "1"], ["2", "3", "4", "5"]],
             "discard": ["2"], "draw": DRAW, "guard": 1, "turn": 0}
# Your last card fits: playing it ends round 1 of 3, and its scores are shown.
LAST_CARD = {**SIX_CARDS, "hands": [["1"], ["2", "4", "5", "1"], ["2", "3", "4", "5"]]}
SHOTS = Path("/work/shots")

# Whether an element's text is clipped, and how many lines it takes.
CLIPPED = "(el) => el.scrollWidth > el.clientWidth"
# Whether the visible word of a button would overflow it if it could break only where its text
# allows (soft hyphens), i.e. whether the page has to break it anywhere.
BROKEN_ANYWHERE = """(el) => {
  const label = el.querySelector("[aria-hidden=true]") || el;
  const style = getComputedStyle(el);
  const room = el.getBoundingClientRect().width - ["borderLeftWidth", "borderRightWidth", "paddingLeft",
    "paddingRight"].reduce((sum, side) => sum + parseFloat(style[side]), 0);
  const probe = document.createElement("span");
  probe.style.cssText = "position: absolute; visibility: hidden; white-space: nowrap";
  label.appendChild(probe);
  const parts = label.textContent.split(/(?<=\u00ad)|\s+/).filter(Boolean);
  const widest = Math.max(...parts.map((part) => {
    probe.textContent = part.replace("\u00ad", "-");
    return probe.getBoundingClientRect().width;
  }));
  probe.remove();
  return widest > room + 0.01; }"""
LINES = """(el) => { const range = document.createRange(); range.selectNodeContents(el);
  return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size; }"""


def shoot(page, name):
    from .conftest import ARTIFACTS
    folder = SHOTS if SHOTS.is_dir() else ARTIFACTS
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"fair30-{name}.png"))


@pytest.fixture
def phone_table(page, site_url, settings):
    settings.MOGEL_BOT_PROFILE = IDLE_BOT
    settings.MOGEL_BOT_PACE_MS = 60_000
    settings.MOGEL_PLAY_SEED = 3
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})

    def start(lang, scenario, rounds="single"):
        settings.MOGEL_PLAY_SCENARIO = scenario
        page.goto(site_url + LOBBY[lang])
        page.fill("input[name=name]", "Ann")
        page.check("input[name=players][value='3']")
        page.check(f"input[name=rounds][value='{rounds}']")
        page.click(".btn--start")
        page.wait_for_selector("#table")
        ready(page)
        return page

    return start


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_verb_fits_on_a_phone_card_and_the_round_line_is_one_line(phone_table, lang):
    page = phone_table(lang, SIX_CARDS)
    verb = page.locator("#table .card-btn__verb").first
    verb.wait_for()
    with translation.override(lang):
        labels = {key: str(label) for key, label in _VERB_LABELS.items()}
    clipped = []
    for key, label in labels.items():
        # Each verb in turn on the same live card: the phone's narrowest button, its own style.
        verb.evaluate("(el, text) => { el.textContent = text; }", label)
        if verb.evaluate(CLIPPED):
            clipped.append(label)
    assert not clipped, f"clipped on a 375 px card: {clipped}"
    verb.evaluate("(el, text) => { el.textContent = text; }", labels["hand"])
    # The Cheat button under a card: its word breaks only at the catalogue's soft hyphen
    # ("Weg-mogeln"), never anywhere because it cannot fit ("Imbrogli" / "a").
    sleeve = page.locator("#table .sleeve-btn").first
    assert not sleeve.evaluate(BROKEN_ANYWHERE), sleeve.inner_text()
    shoot(page, f"hand-over-{lang}")
    # "Round 1 of 3" on one line beside the prompt; the tempo, on a phone, on one line under it.
    for part in ("#table .table__round-line", "#table .table__tempo"):
        line = page.locator(part)
        assert line.evaluate(LINES) == 1, line.inner_text()
    prompt = page.locator("#table-prompt").bounding_box()
    assert prompt["x"] + prompt["width"] <= 375, prompt


@pytest.mark.parametrize("lang", ["de", "it"])
def test_the_round_summary_names_the_next_rounds_guard(phone_table, lang):
    page = phone_table(lang, LAST_CARD, rounds="full")
    page.locator('#table .card-btn[data-card="1"]').click()
    guard = page.locator("#table .summary__guard")
    guard.wait_for()
    with translation.override(lang):
        from django.utils.translation import gettext
        next_round = gettext("Next round: %(name)s holds the Guard Bug and starts.").split(":")[0]
    assert guard.inner_text().startswith(next_round)
    guard.scroll_into_view_if_needed()
    shoot(page, f"summary-{lang}")
