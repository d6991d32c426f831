"""The card facts the pictures need, as the spec fixes them (/work/mz-spec.md, decisions 1 and 2).

Written here only until ``mogelei.engine.cards`` lands on this branch; the names are the
engine's, so that this module then becomes a plain import from it.
"""

from __future__ import annotations

COLOURS = ("black", "red", "yellow", "blue")
FAMILY = {"black": "father", "red": "mother", "yellow": "daughter", "blue": "son"}
MAX_VALUE = 24
EGGS_BY_VALUE, EGGS_ONE = "by_value", "one"
EGG_OPTIONS = (EGGS_BY_VALUE, EGGS_ONE)
_CARDS = {f"{colour}-{value}": (colour, value) for colour in COLOURS for value in range(1, MAX_VALUE + 1)}


def card(text: str) -> tuple[str, int]:
    """``(colour, value)`` of a card id such as ``"black-9"``; raises ValueError for anything else."""
    try:
        return _CARDS[text]
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {text!r}") from None


def eggs(text: str, option: str = EGGS_BY_VALUE) -> int:
    """Fried eggs on the card's edge: by value 1–8 one, 9–16 two, 17–24 three; option "one": one each."""
    if option not in EGG_OPTIONS:
        raise ValueError(f"eggs must be one of {EGG_OPTIONS}")
    return 1 if option == EGGS_ONE else (card(text)[1] - 1) // 8 + 1
