"""The table's shared scripts (mogel/table/static/table/) are the platform's: they name no
game's move, window or button; each game registers its own on window.tableMotion."""

import re
from pathlib import Path

import pytest

SHARED = sorted((Path(__file__).resolve().parents[2] / "mogel" / "table" / "static" / "table").glob("*.js"))
# Mogel Motte's moves, windows and buttons, and Mogelei's.
GAME_WORDS = ["mosquito", "cockroach", "slap", "race", "guard", "caught", "egg", "accuse"]


@pytest.mark.parametrize("script", SHARED, ids=lambda p: p.name)
def test_a_shared_table_script_names_no_games_concept(script):
    text = script.read_text(encoding="utf-8")
    found = [w for w in GAME_WORDS if re.search(r"\b" + re.escape(w), text, re.I)]
    assert found == [], f"{script.name} names {found}: register it from the game's own script instead"


def test_the_shared_scripts_are_found():
    assert {"motion.js", "table.js"} <= {p.name for p in SHARED}
