"""The table's shared scripts and styles (mogel/table/static/table/) are the platform's: they
name no game's move, window, button or key; each game registers its own on window.tableMotion
and window.tableKeys from its own script, and styles its own parts in its own sheet."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = sorted((ROOT / "mogel" / "table" / "static" / "table").glob("*.js"))
STYLES = sorted((ROOT / "mogel" / "table" / "static" / "table").glob("*.css"))
# Mogel Motte's moves, windows and buttons, and Mogelei's.
GAME_WORDS = ["mosquito", "cockroach", "slap", "race", "guard", "caught", "egg", "accuse", "sleeve", "cheat"]
# Mogel Motte's table as its own scripts find it (its keys: x hides a card through its sleeve
# button, 1 … 9 press Caught!, a card dragged off the hand, its tells), and the prefix it once lent the platform.
GAME_SELECTORS = [".sleeve-btn", ".btn--catch", "mogel-motte-", "mm-", "mm:", '"x"', "draggable", "seat--tell", "data-tell"]


@pytest.mark.parametrize("script", SHARED + STYLES, ids=lambda p: p.name)
def test_a_shared_table_script_names_no_games_concept(script):
    text = script.read_text(encoding="utf-8")
    found = [w for w in GAME_WORDS if re.search(r"\b" + re.escape(w), text, re.I)]
    found += [s for s in GAME_SELECTORS if s in text]
    assert found == [], f"{script.name} names {found}: register it from the game's own script instead"


def test_the_shared_scripts_and_styles_are_found():
    assert {"motion.js", "table.js"} <= {p.name for p in SHARED}
    assert {"table.css", "motion.css", "cards.css"} <= {p.name for p in STYLES}


def test_mogel_motte_brings_its_own_keys_tells_and_styles():
    """What left the shared scripts and sheet is the game's own, loaded by its pages after them."""
    game = ROOT / "games" / "mogel_motte"
    own = (game / "static" / "mogel_motte" / "shortcuts.js").read_text(encoding="utf-8")
    assert ".sleeve-btn" in own and ".btn--catch" in own and "dragstart" in own
    assert "data-tell" in (game / "static" / "mogel_motte" / "tells.js").read_text(encoding="utf-8")
    assert ".seat__guard" in (game / "static" / "mogel_motte" / "table.css").read_text(encoding="utf-8")
    templates = game / "templates" / "mogel_motte"
    assert "mogel_motte/shortcuts.js" in (templates / "scripts.html").read_text(encoding="utf-8")
    assert "mogel_motte/tells.js" in (templates / "_scripts.html").read_text(encoding="utf-8")
    assert "mogel_motte/table.css" in (templates / "_head.html").read_text(encoding="utf-8")
