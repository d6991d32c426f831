"""Mogel Motte's key, data folders and its part of the step runner, for its tests."""

from functools import partial
from pathlib import Path

import games.mogel_motte
from games.mogel_motte.lessons.runner import RULES
from tutorial import runner as _runner

KEY = "mogel-motte"
HERE = Path(games.mogel_motte.__file__).parent
LESSON_FOLDER = HERE / "lessons" / "data"
RULES_FILE = HERE / "rules" / "data" / "sections.json"
SUMMARY_FILE = HERE / "rules" / "data" / "summary.json"
_TAKE_RULES = ("start", "act", "tick", "next_due", "game_of", "check_predicate", "holds", "about_round_end")


class _WithRules:
    """``tutorial.runner`` with Mogel Motte's rules given to every function that takes them."""

    def __getattr__(self, name):
        found = getattr(_runner, name)
        return partial(found, rules=RULES) if name in _TAKE_RULES else found


runner = _WithRules()
