"""The 72 cards of Mogel Motte as immutable values, and the card rules that need no game state.

A card is written in the project's notation: ``"1"``..``"5"`` for number cards,
``"spider3"``, ``"mosquito1"``, ``"cockroach5"``, ``"ant2"`` for action cards and
``"moth4"`` for a Cheating Moth. Game state keeps cards as these strings (they are
what scenarios, logs and JSON hold); :func:`card` turns one into a :class:`Card`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

NUMBER = "number"
SPIDER = "spider"
MOSQUITO = "mosquito"
COCKROACH = "cockroach"
ANT = "ant"
MOTH = "moth"

ACTION_KINDS = (SPIDER, MOSQUITO, COCKROACH, ANT)
KINDS = (NUMBER, *ACTION_KINDS, MOTH)
VALUES = (1, 2, 3, 4, 5)

# Minus points for a card left in hand at the end of a round.
MINUS_POINTS = {NUMBER: 1, SPIDER: 5, MOSQUITO: 5, COCKROACH: 5, ANT: 5, MOTH: 10}

HAND_SIZE = 8

# The rulebook gives 43 number cards, 5 of each action species and 8 moths, but not
# their values. This split is our assumption (docs/rules-decisions.md, "Deck"); it is
# data in one place so that a better-informed edition can change it.
NUMBER_CARDS_PER_VALUE = {1: 9, 2: 9, 3: 9, 4: 8, 5: 8}
MOTH_VALUES = (1, 2, 3, 3, 4, 4, 5, 5)


@dataclass(frozen=True, slots=True)
class Card:
    kind: str
    value: int

    def __str__(self) -> str:
        return str(self.value) if self.kind == NUMBER else f"{self.kind}{self.value}"

    @property
    def is_action(self) -> bool:
        return self.kind in ACTION_KINDS

    @property
    def is_moth(self) -> bool:
        return self.kind == MOTH

    @property
    def minus_points(self) -> int:
        return MINUS_POINTS[self.kind]


_CARDS = {
    str(c): c
    for c in [Card(NUMBER, v) for v in VALUES]
    + [Card(k, v) for k in (*ACTION_KINDS, MOTH) for v in VALUES]
}


def card(text: str) -> Card:
    """Parse a card in notation; raises ValueError for anything else."""
    try:
        return _CARDS[text]
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {text!r}") from None


def is_card(text: object) -> bool:
    try:
        card(text)  # type: ignore[arg-type]
    except ValueError:
        return False
    return True


def full_deck() -> list[str]:
    """The 71 playing cards (the Guard Bug is a role marker, not a playing card)."""
    deck = [str(v) for v, n in NUMBER_CARDS_PER_VALUE.items() for _ in range(n)]
    deck += [f"{kind}{v}" for kind in ACTION_KINDS for v in VALUES]
    deck += [f"{MOTH}{v}" for v in MOTH_VALUES]
    return deck


DECK = tuple(full_deck())
DECK_COUNTS = Counter(DECK)


# Rules that only look at cards -------------------------------------------------

def value(text: str) -> int:
    return card(text).value


def kind(text: str) -> str:
    return card(text).kind


def neighbours(top_value: int) -> tuple[int, int]:
    """The two values that may follow ``top_value``: one lower and one higher, 1 and 5 adjacent."""
    return (top_value - 2) % 5 + 1, top_value % 5 + 1


@cache
def fits(text: str, top: str) -> bool:
    """Whether ``text`` may go on ``top`` by value (±1, with 1 and 5 adjacent)."""
    return card(text).value in neighbours(card(top).value)


def may_play(text: str, top: str, is_guard: bool) -> bool:
    """The discard rule plus the moth rule: only the guard may play a moth."""
    return fits(text, top) and (is_guard or kind(text) != MOTH)


def may_give(text: str) -> bool:
    """A moth is never given away (spider gift, mosquito gift, the guard's penalty card)."""
    return kind(text) != MOTH


@cache
def playable_on(top: str, is_guard: bool) -> frozenset[str]:
    """All cards that :func:`may_play` allows on ``top`` (a lookup table for the hot path)."""
    return frozenset(c for c in _CARDS if may_play(c, top, is_guard))


GIFTABLE = frozenset(c for c in _CARDS if may_give(c))
_MINUS = {c: card(c).minus_points for c in _CARDS}


def minus_points(hand: list[str]) -> int:
    return sum(_MINUS[c] for c in hand)
