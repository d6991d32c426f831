"""Times in a step's texts come from the engine's windows, never typed in.

A lesson may widen one of its game's timed windows (the options its kind's ``lesson_windows()``
names, e.g. ``<window>_ms``) in its scenario so a learner has time to read; its texts name that
time and the real game's, which the site's settings may change. So the texts hold
placeholders, filled in when they are shown:

- ``{lesson_seconds}``: the window this step widens (the one such option of its scenario);
- ``{game_seconds}``: the same window in the practice game (``lesson_windows()[option]``);
- ``{bot_seconds}``: when the step's one scripted bot move comes, after what it waits for;
- ``{slower_seconds}``, ``{unhurried_seconds}``: the practice game's window at the slower
  tempos a table may choose, "Slower (×3)" and "Unhurried (×10)" (issue 33).

The number is written as the language writes it: 2,5 in German, French, Dutch and Italian.
Pure Python (Babel only), so the data tests can check the placeholders without Django.
"""

from __future__ import annotations

import re
from decimal import Decimal

from babel.numbers import format_decimal

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# The tempos a table may choose besides the usual one: each stretches every window by its factor.
AT_TEMPO = {"slower_seconds": 3, "unhurried_seconds": 10}
KNOWN = frozenset({"lesson_seconds", "game_seconds", "bot_seconds", *AT_TEMPO})


def names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def window_of(step: dict, windows) -> str | None:
    """The window option (one of ``windows``) the step widens, if it widens exactly one."""
    widened = [key for key in windows if key in step["scenario"].get("options", {})]
    return widened[0] if len(widened) == 1 else None


def values(step: dict, game_windows: dict[str, int]) -> dict[str, int]:
    """Each placeholder the step can fill, in ms. ``step`` is a runner step (its data)."""
    found = {}
    window = window_of(step, game_windows)
    if window:
        found["lesson_seconds"] = step["scenario"]["options"][window]
        found["game_seconds"] = game_windows[window]
        found.update({name: game_windows[window] * factor for name, factor in AT_TEMPO.items()})
    script = step.get("script") or []
    if len(script) == 1 and "delay" in script[0]:
        found["bot_seconds"] = script[0]["delay"]
    return found


def seconds(ms: int, language: str) -> str:
    return format_decimal(Decimal(ms) / 1000, locale=language)


def fill(text: str, ms: dict[str, int], language: str) -> str:
    """The text with every placeholder the step knows written out; any other brace stays."""
    def written(match):
        name = match.group(1)
        return seconds(ms[name], language) if name in ms else match.group(0)

    return PLACEHOLDER.sub(written, text)
