"""The cards of Mogelei as immutable values, and the card rules that need no game state.

Four colours, one per member of the Mogelei family, each numbered 1 to 24 in the box;
a game uses the values 1 to 3 × players of every colour (3 players: 1–9, … 8: 1–24),
so every player gets 12 cards and every card in play is dealt. A card is written
``"<colour>-<value>"`` (``"black-9"``, ``"yellow-12"``); game state keeps these strings
(they are what scenarios, logs and JSON hold) and :func:`card` parses one.

Fried eggs: the rulebook scores the eggs printed on a card's edge (−1 each) but never
says which cards carry how many. The site's choice (engine option ``eggs``, see
``docs/mogelei-rules-decisions.md``): ``"by_value"`` (default), the bigger the number the
more eggs — 1–8 one egg, 9–16 two, 17–24 three; ``"one"``, one egg on every card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

COLOURS = ("black", "red", "yellow", "blue")
FAMILY = {"black": "father", "red": "mother", "yellow": "daughter", "blue": "son"}

MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_VALUE = 3 * MAX_PLAYERS   # 24 cards of every colour in the box
HAND_SIZE = 12
REWARD_CARDS = 12             # the stack of "fattest egg" rewards, per game
REWARD_POINTS = 3

EGGS_BY_VALUE, EGGS_ONE = "by_value", "one"
EGG_OPTIONS = (EGGS_BY_VALUE, EGGS_ONE)


@dataclass(frozen=True, slots=True)
class Card:
    colour: str
    value: int

    def __str__(self) -> str:
        return f"{self.colour}-{self.value}"

    @property
    def family(self) -> str:
        """The family member the colour stands for (its symbol on the card face)."""
        return FAMILY[self.colour]


_CARDS = {str(c): c for c in (Card(colour, v) for colour in COLOURS for v in range(1, MAX_VALUE + 1))}


def card(text: str) -> Card:
    """Parse a card id (any of the 96 in the box); raises ValueError for anything else."""
    found = _CARDS.get(text) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"not a card: {text!r}")
    return found


def is_card(text: object) -> bool:
    return isinstance(text, str) and text in _CARDS


def colour(text: str) -> str:
    return card(text).colour


def value(text: str) -> int:
    return card(text).value


def values(players: int) -> range:
    """The card values in play for ``players`` (the rulebook's table: 3 → 1–9 … 8 → 1–24)."""
    if not (isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise ValueError(f"Mogelei is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return range(1, 3 * players + 1)


@cache
def _deck(players: int) -> tuple[str, ...]:
    return tuple(f"{c}-{v}" for c in COLOURS for v in values(players))


def deck(players: int) -> list[str]:
    """Every card in play for ``players``, by colour then value (4 × 3 × players = 12 each)."""
    return list(_deck(players))


def in_play(text: str, players: int) -> bool:
    """Whether ``text`` is a card of the game for ``players`` (the others stay in the box)."""
    return is_card(text) and _CARDS[text].value <= 3 * players


def eggs(text: str | Card, option: str = EGGS_BY_VALUE) -> int:
    """The fried eggs on a card's edge under the engine option ``eggs`` (−1 point each)."""
    if option not in EGG_OPTIONS:
        raise ValueError(f"eggs must be one of {EGG_OPTIONS}")
    if option == EGGS_ONE:
        return 1
    return (card(str(text)).value - 1) // 8 + 1


def sort_key(text: str) -> tuple[int, int]:
    """How a hand is sorted: by colour (black, red, yellow, blue), then value."""
    c = card(text)
    return COLOURS.index(c.colour), c.value


def sorted_cards(cards) -> list[str]:
    return sorted(cards, key=_ORDER.__getitem__)


_ORDER = {c: sort_key(c) for c in _CARDS}
