"""Card notation and translated names.

Notation (one string per card face):

* ``"1"`` .. ``"5"``                 number cards
* ``"spider1"`` .. ``"spider5"``     action cards, likewise ``mosquito``,
  ``cockroach`` and ``ant``
* ``"moth1"`` .. ``"moth5"``         the Cheating Moth
* ``"guard"``                        the Guard Bug (a role marker, no value)
* ``"back"``                         the back of any card (face down)

Two kinds of names:

* :func:`card_label` – the name of a card standing alone (a picture's text
  alternative, a caption): ``"Spider, value 3"``, message context ``"card"``.
* :class:`CardForms` – the forms a sentence needs to name a card in running
  text: with or without article, lower case, and in the case or with the
  preposition the sentence's grammar asks for (see :data:`FORMS`).

A sentence that names a card is formatted with every form at hand (looked up
only when used), so each language's translator picks the form its own grammar
needs in that sentence: the English msgid "You played %(the_card_acc)s." may
read "Hai giocato %(the_card_acc)s." in Italian and "Tu as gagné la course
%(with_the_card)s." where English wrote "the race %(with_the_card)s".
``manage.py compilecatalogues`` accepts any card form where the msgid has one.
A capital first letter in the placeholder (``%(The_card)s``, ``%(Card)s``)
gives the form for the start of a sentence or a button name.
"""

from __future__ import annotations

import re
from collections import ChainMap
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from django.utils.translation import pgettext_lazy

from games.mogel_motte.engine import cards as engine_cards
from games.mogel_motte.engine.cards import ACTION_KINDS, ANT, COCKROACH, MOSQUITO, MOTH, NUMBER, SPIDER, VALUES

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


# The forms of a card in running text: placeholder name -> message context. Every
# language fills every form; a language without cases repeats the definite form.
FORMS = {
    "card": "card, no article",
    "the_card": "card, definite",
    "the_card_acc": "card, definite accusative",
    "a_card": "card, indefinite",
    "with_the_card": "card, with the",
    "onto_the_card": "card, onto the",
}
# Written out call by call, so that makemessages finds every msgid.
_FORM_TEXTS = {
    "card": {
        NUMBER: pgettext_lazy("card, no article", "number card %(value)s"),
        SPIDER: pgettext_lazy("card, no article", "spider %(value)s"),
        MOSQUITO: pgettext_lazy("card, no article", "mosquito %(value)s"),
        COCKROACH: pgettext_lazy("card, no article", "cockroach %(value)s"),
        ANT: pgettext_lazy("card, no article", "ant %(value)s"),
        MOTH: pgettext_lazy("card, no article", "Cheating Moth %(value)s"),
    },
    "the_card": {
        NUMBER: pgettext_lazy("card, definite", "the number card %(value)s"),
        SPIDER: pgettext_lazy("card, definite", "the spider %(value)s"),
        MOSQUITO: pgettext_lazy("card, definite", "the mosquito %(value)s"),
        COCKROACH: pgettext_lazy("card, definite", "the cockroach %(value)s"),
        ANT: pgettext_lazy("card, definite", "the ant %(value)s"),
        MOTH: pgettext_lazy("card, definite", "the Cheating Moth %(value)s"),
    },
    "the_card_acc": {
        NUMBER: pgettext_lazy("card, definite accusative", "the number card %(value)s"),
        SPIDER: pgettext_lazy("card, definite accusative", "the spider %(value)s"),
        MOSQUITO: pgettext_lazy("card, definite accusative", "the mosquito %(value)s"),
        COCKROACH: pgettext_lazy("card, definite accusative", "the cockroach %(value)s"),
        ANT: pgettext_lazy("card, definite accusative", "the ant %(value)s"),
        MOTH: pgettext_lazy("card, definite accusative", "the Cheating Moth %(value)s"),
    },
    "a_card": {
        NUMBER: pgettext_lazy("card, indefinite", "a number card %(value)s"),
        SPIDER: pgettext_lazy("card, indefinite", "a spider %(value)s"),
        MOSQUITO: pgettext_lazy("card, indefinite", "a mosquito %(value)s"),
        COCKROACH: pgettext_lazy("card, indefinite", "a cockroach %(value)s"),
        ANT: pgettext_lazy("card, indefinite", "an ant %(value)s"),
        MOTH: pgettext_lazy("card, indefinite", "a Cheating Moth %(value)s"),
    },
    "with_the_card": {
        NUMBER: pgettext_lazy("card, with the", "with the number card %(value)s"),
        SPIDER: pgettext_lazy("card, with the", "with the spider %(value)s"),
        MOSQUITO: pgettext_lazy("card, with the", "with the mosquito %(value)s"),
        COCKROACH: pgettext_lazy("card, with the", "with the cockroach %(value)s"),
        ANT: pgettext_lazy("card, with the", "with the ant %(value)s"),
        MOTH: pgettext_lazy("card, with the", "with the Cheating Moth %(value)s"),
    },
    "onto_the_card": {
        NUMBER: pgettext_lazy("card, onto the", "on the number card %(value)s"),
        SPIDER: pgettext_lazy("card, onto the", "on the spider %(value)s"),
        MOSQUITO: pgettext_lazy("card, onto the", "on the mosquito %(value)s"),
        COCKROACH: pgettext_lazy("card, onto the", "on the cockroach %(value)s"),
        ANT: pgettext_lazy("card, onto the", "on the ant %(value)s"),
        MOTH: pgettext_lazy("card, onto the", "on the Cheating Moth %(value)s"),
    },
}

# Every placeholder that names a card: each form, and each with a capital first letter.
FORM_PLACEHOLDERS = frozenset([*FORMS, *(name.capitalize() for name in FORMS)])
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def card_placeholders(text: str) -> list[str]:
    """The card-form placeholders in a format string, in order (``["the_card_acc"]``)."""
    return [name for name in _PLACEHOLDER.findall(text) if name in FORM_PLACEHOLDERS]


class CardForms(Mapping):
    """Every running-text form of one card, by placeholder name, translated when looked up.

    ``"You played %(the_card_acc)s." % CardForms("spider3")``; combine it with a
    sentence's other parameters through :class:`collections.ChainMap`.
    """

    def __init__(self, card: str | int):
        self.kind, self.value = parse_card(card)
        if self.kind not in VALUED_KINDS:
            raise ValueError(f"{card!r} is not a playing card: sentences name the Guard Bug by name.")

    def __getitem__(self, name: str) -> str:
        if name not in FORM_PLACEHOLDERS:
            raise KeyError(name)
        text = str(_FORM_TEXTS[name.lower()][self.kind]) % {"value": self.value}
        return text[:1].upper() + text[1:] if name[0].isupper() else text

    def __iter__(self) -> Iterator[str]:
        return iter(FORM_PLACEHOLDERS)

    def __len__(self) -> int:
        return len(FORM_PLACEHOLDERS)


def name_card(sentence: str, card: str | int, **params) -> str:
    """``sentence`` (translated, with one card-form placeholder) filled in for ``card``."""
    return sentence % ChainMap(params, CardForms(card))
