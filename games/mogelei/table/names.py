"""Mogelei's colours and cards in running text (the table's sentences, prompts and labels).

The words themselves are the card art's (``games.mogelei.cards.names``: colour, family member);
here they are put together the way a sentence names them: "black (father)", "black 9".
"""

from __future__ import annotations

from django.utils.translation import pgettext

from games.mogelei.cards.names import colour_name, member_name  # noqa: F401  (re-exported for the table)
from games.mogelei.engine.cards import COLOURS, FAMILY  # noqa: F401


def split(card: str) -> tuple[str, int] | None:
    """``"black-9"`` → ``("black", 9)``; None for anything that is not a card id."""
    colour, _sep, value = str(card).partition("-")
    if colour not in FAMILY or not value.isdigit():
        return None
    return colour, int(value)


def colour_label(colour: str) -> str:
    """The called colour as the table names it: "black (father)"."""
    if colour not in FAMILY:
        return ""
    return pgettext("mogelei colour with family member", "%(colour)s (%(member)s)") % {
        "colour": _NOUNS[colour](), "member": member_name(colour)}


# The colour standing alone is a noun (German capitalises it: "Du rufst Gelb (Tochter) aus"),
# unlike the adjective in a card's name ("die gelbe 17").
_NOUNS = {
    "black": lambda: pgettext("mogelei colour as a noun", "black"),
    "red": lambda: pgettext("mogelei colour as a noun", "red"),
    "yellow": lambda: pgettext("mogelei colour as a noun", "yellow"),
    "blue": lambda: pgettext("mogelei colour as a noun", "blue"),
}


def card_name(card: str) -> str:
    """A card in running text: "black 9" (each language orders and inflects its own words)."""
    parts = split(card)
    if parts is None:
        return "?"
    return pgettext("mogelei card", "%(colour)s %(value)s") % {"colour": colour_name(parts[0]), "value": parts[1]}


def signed(n: int) -> str:
    """A score as the page shows it: one minus sign (U+2212) for all negatives, and "0", never "−0"."""
    return f"\u2212{-n}" if n < 0 else str(n)
