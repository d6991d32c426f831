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


def new_row(owner: str, players: int = 3, level: str = "normal", ant_pile: str = "discard", rounds: str = "single",
            player_name: str = "Ann", first_guard: str = "me", pace: str = "normal"):
    """A Mogel Motte practice game's row, started as the lobby starts one (``service.start``)."""
    from mogel import games
    from mogel.play import service

    return service.start(games.get(KEY), owner, players=players, level=level, pace=pace, player_name=player_name,
                         choices={"rounds": rounds, "first_guard": first_guard, "ant_pile": ant_pile})
