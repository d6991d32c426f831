"""Mogelei's colours and cards in the visitor's language.

A colour is also a member of the Mogelei family (black the father, red the mother, yellow the
daughter, blue the son), and each has its own symbol, so nobody needs to tell colours apart.
"""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

COLOURS = ("black", "red", "yellow", "blue")
FAMILY = {"black": "father", "red": "mother", "yellow": "daughter", "blue": "son"}

_COLOUR = {
    "black": pgettext_lazy("mogelei colour", "black"),
    "red": pgettext_lazy("mogelei colour", "red"),
    "yellow": pgettext_lazy("mogelei colour", "yellow"),
    "blue": pgettext_lazy("mogelei colour", "blue"),
}
_MEMBER = {
    "father": pgettext_lazy("mogelei family", "father"),
    "mother": pgettext_lazy("mogelei family", "mother"),
    "daughter": pgettext_lazy("mogelei family", "daughter"),
    "son": pgettext_lazy("mogelei family", "son"),
}


def split(card: str) -> tuple[str, int] | None:
    """``"black-9"`` → ``("black", 9)``; None for anything that is not a card id."""
    colour, _sep, value = str(card).partition("-")
    if colour not in FAMILY or not value.isdigit():
        return None
    return colour, int(value)


def colour_name(colour: str) -> str:
    return str(_COLOUR.get(colour, colour))


def member_name(colour: str) -> str:
    return str(_MEMBER.get(FAMILY.get(colour, ""), ""))


def colour_label(colour: str) -> str:
    """The called colour as the table names it: "black (father)"."""
    return pgettext("mogelei colour with family member", "%(colour)s (%(member)s)") % {
        "colour": colour_name(colour), "member": member_name(colour)}


def card_name(card: str) -> str:
    """A card in running text and as a picture's text alternative: "black 9"."""
    parts = split(card)
    if parts is None:
        return "?"
    return pgettext("mogelei card", "%(colour)s %(value)s") % {"colour": colour_name(parts[0]), "value": parts[1]}
