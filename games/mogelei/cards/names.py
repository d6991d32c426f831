"""Mogelei card notation and translated names.

A card is ``"<colour>-<value>"`` (``"black-9"``, the engine's ids: ``games.mogelei.engine.cards``); two pictures are not
playing cards: ``"back"`` (any card face down) and ``"reward"`` (a reward card, "the
fattest egg"). :func:`card_label` names a card standing alone, the way the glossary
(docs/glossary.md, Mogelei) names colours and family members: "Father's black 9".
"""

from __future__ import annotations

from typing import NamedTuple

from django.utils.translation import npgettext, pgettext_lazy

from games.mogelei.engine.cards import COLOURS, EGGS_BY_VALUE, FAMILY, card, eggs

BACK, REWARD = "back", "reward"


class Face(NamedTuple):
    colour: str | None  # None for the back and the reward card
    value: int | None


def parse_card(text: str) -> Face:
    """Split a card id into ``Face(colour, value)``; raises ValueError for anything that is no Mogelei picture."""
    if isinstance(text, str) and text.strip() in (BACK, REWARD):
        return Face(None, None)
    try:
        parsed = card(text.strip() if isinstance(text, str) else text)
    except ValueError:
        raise ValueError(f"Unknown Mogelei card {text!r}: expected 'black-1'..'blue-24', 'back' or 'reward'.") from None
    return Face(parsed.colour, parsed.value)


def kind(text: str) -> str:
    """``"black"``.. ``"blue"``, ``"back"`` or ``"reward"``."""
    colour, _value = parse_card(text)
    return colour or text.strip()


# Per colour: its name, its family member's name, and the card's name as one whole phrase (so
# each language orders and inflects its own words). Lazy: each lookup translates into the active
# language only.
_WORDS = {
    "black": (pgettext_lazy("mogelei colour", "black"), pgettext_lazy("mogelei family", "father"),
              pgettext_lazy("mogelei card", "Father's black %(value)s")),
    "red": (pgettext_lazy("mogelei colour", "red"), pgettext_lazy("mogelei family", "mother"),
            pgettext_lazy("mogelei card", "Mother's red %(value)s")),
    "yellow": (pgettext_lazy("mogelei colour", "yellow"), pgettext_lazy("mogelei family", "daughter"),
               pgettext_lazy("mogelei card", "Daughter's yellow %(value)s")),
    "blue": (pgettext_lazy("mogelei colour", "blue"), pgettext_lazy("mogelei family", "son"),
             pgettext_lazy("mogelei card", "Son's blue %(value)s")),
}
_PICTURES = {
    BACK: pgettext_lazy("mogelei card", "Face-down card"),
    REWARD: pgettext_lazy("mogelei card", "Reward card: the fattest egg, +3 points"),
}
assert set(_WORDS) == set(COLOURS) == set(FAMILY)


def colour_name(colour: str) -> str:
    """The colour's translated name in lower case, e.g. ``"schwarz"``."""
    return str(_WORDS[colour][0])


def member_name(colour: str) -> str:
    """The translated family member a colour stands for, e.g. ``"father"`` for black."""
    return str(_WORDS[colour][1])


def card_label(text: str, eggs_option: str | None = None) -> str:
    """Translated name of a picture standing alone: "Father's black 9".

    With ``eggs_option`` the fried eggs drawn on the face are named too ("…, 2 fried eggs"),
    as a picture's text alternative must say what the picture shows.
    """
    colour, value = parse_card(text)
    if colour is None:
        return str(_PICTURES[text.strip()])
    label = _WORDS[colour][2] % {"value": value}
    if eggs_option is None:
        return label
    return f"{label}, {egg_count(eggs(text, eggs_option))}"


def egg_count(count: int) -> str:
    """"2 fried eggs", translated."""
    return npgettext("mogelei card", "%(count)s fried egg", "%(count)s fried eggs", count) % {"count": count}


__all__ = ["BACK", "EGGS_BY_VALUE", "REWARD", "Face", "card_label", "colour_name", "egg_count", "kind",
           "member_name", "parse_card"]
