"""The table's shared scripts (mogel/table/static/table/) are the platform's: they name no
game's move, window, button or key; each game registers its own on window.tableMotion and
window.tableKeys from its own script."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = sorted((ROOT / "mogel" / "table" / "static" / "table").glob("*.js"))
# Mogel Motte's moves, windows and buttons, and Mogelei's.
GAME_WORDS = ["mosquito", "cockroach", "slap", "race", "guard", "caught", "egg", "accuse", "sleeve", "cheat"]
# Mogel Motte's table as its own scripts find it (its keys: x hides a card through its sleeve
# button, 1 … 9 press Caught!, a card dragged off the hand), and the prefix it once lent the platform.
GAME_SELECTORS = [".sleeve-btn", ".btn--catch", "mogel-motte-", "mm-", "mm:", '"x"', "draggable"]


@pytest.mark.parametrize("script", SHARED, ids=lambda p: p.name)
def test_a_shared_table_script_names_no_games_concept(script):
    text = script.read_text(encoding="utf-8")
    found = [w for w in GAME_WORDS if re.search(r"\b" + re.escape(w), text, re.I)]
    found += [s for s in GAME_SELECTORS if s in text]
    assert found == [], f"{script.name} names {found}: register it from the game's own script instead"


def test_the_shared_scripts_are_found():
    assert {"motion.js", "table.js"} <= {p.name for p in SHARED}


def test_mogel_motte_brings_its_own_keys():
    """What left the shared script is the game's own, loaded by its game page after table.js."""
    own = (ROOT / "games" / "mogel_motte" / "static" / "mogel_motte" / "shortcuts.js").read_text(encoding="utf-8")
    assert ".sleeve-btn" in own and ".btn--catch" in own and "dragstart" in own
    scripts = (ROOT / "games" / "mogel_motte" / "templates" / "mogel_motte" / "scripts.html").read_text(encoding="utf-8")
    assert "mogel_motte/shortcuts.js" in scripts
