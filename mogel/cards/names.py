"""Card notation and translated names.

Notation (one string per card face):

* ``"1"`` .. ``"5"``                 number cards
* ``"spider1"`` .. ``"spider5"``     action cards, likewise ``mosquito``,
  ``cockroach`` and ``ant``
* ``"moth1"`` .. ``"moth5"``         the Cheating Moth
* ``"guard"``                        the Guard Bug (a role marker, no value)
* ``"back"``                         the back of any card (face down)

All text uses English msgids with the message context ``"card"`` so the
words cannot clash with other UI strings of the same spelling.
"""

from __future__ import annotations

from typing import NamedTuple

from django.utils.translation import pgettext_lazy

from mogel.engine import cards as engine_cards
from mogel.engine.cards import ACTION_KINDS, ANT, COCKROACH, MOSQUITO, MOTH, NUMBER, SPIDER, VALUES

# Pictures also exist for two things that are not playing cards.
GUARD = "guard"
BACK = "back"

VALUED_KINDS = engine_cards.KINDS
KINDS = (*VALUED_KINDS, GUARD, BACK)


class Card(NamedTuple):
    kind: str
    value: int | None


def all_cards() -> list[str]:
    """Every distinct card string, in a stable display order (32 of them)."""
    cards = [str(v) for v in VALUES]
    for kind in (*ACTION_KINDS, MOTH):
        cards += [f"{kind}{v}" for v in VALUES]
    return [*cards, GUARD, BACK]


def parse_card(card: str | int) -> Card:
    """Split a card string into ``Card(kind, value)``, using the engine's notation.

    Raises ``ValueError`` for anything that is not a card of this game, so a
    typo in a template fails loudly instead of drawing a wrong card.
    """
    if isinstance(card, int) and not isinstance(card, bool):
        card = str(card)
    if isinstance(card, str):
        card = card.strip()
    if card in (GUARD, BACK):
        return Card(card, None)
    try:
        parsed = engine_cards.card(card)
    except ValueError:
        raise ValueError(
            f"Unknown Mogel Motte card {card!r}: expected '1'..'5', "
            "'spider1'..'spider5', 'mosquito1'.., 'cockroach1'.., 'ant1'.., "
            "'moth1'..'moth5', 'guard' or 'back'."
        ) from None
    return Card(parsed.kind, parsed.value)


# Lazy, so each lookup translates one name into the active language, not all of them.
_KIND_NAMES = {
    NUMBER: pgettext_lazy("card", "Number card"),
    SPIDER: pgettext_lazy("card", "Spider"),
    MOSQUITO: pgettext_lazy("card", "Mosquito"),
    COCKROACH: pgettext_lazy("card", "Cockroach"),
    ANT: pgettext_lazy("card", "Ant"),
    MOTH: pgettext_lazy("card", "Cheating Moth"),
    GUARD: pgettext_lazy("card", "Guard Bug"),
    BACK: pgettext_lazy("card", "Face-down card"),
}

# Each kind has its own full sentence so translators can order and inflect the words.
_CARD_LABELS = {
    NUMBER: pgettext_lazy("card", "Number card %(value)s"),
    SPIDER: pgettext_lazy("card", "Spider, value %(value)s"),
    MOSQUITO: pgettext_lazy("card", "Mosquito, value %(value)s"),
    COCKROACH: pgettext_lazy("card", "Cockroach, value %(value)s"),
    ANT: pgettext_lazy("card", "Ant, value %(value)s"),
    MOTH: pgettext_lazy("card", "Cheating Moth, value %(value)s"),
}


def kind_name(kind: str) -> str:
    """Translated name of a kind of card, e.g. ``"Spider"`` or ``"Cheating Moth"``."""
    try:
        return str(_KIND_NAMES[kind])
    except KeyError:
        raise ValueError(f"Unknown card kind {kind!r}: expected one of {', '.join(KINDS)}.") from None


def card_label(card: str | int) -> str:
    """Translated text alternative for a card, e.g. ``"Spider, value 3"``."""
    kind, value = parse_card(card)
    if kind in (GUARD, BACK):
        return kind_name(kind)
    return _CARD_LABELS[kind] % {"value": value}
