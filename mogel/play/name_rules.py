"""A person's name as every form takes it (the practice lobby, a friends' table's create and
sit): names people can tell apart at one table (docs/friends.md, "Names").

A name is read as it will be seen: NFKC (full-width "Ａｎｎ" is "Ann"), without the characters
nobody sees (zero-width spaces, direction overrides and the other format and control
characters: Unicode categories Cf, Cc, Co, Cs, Cn, Zl, Zp), with runs of spaces made one. What
is left must be some visible text of at most ``MAX_LENGTH`` characters (refused, never cut), must
not carry the marks the table puts after names ("(bot)", "(you)" in any of our languages), and
at a table must not look like a name already there: two names look alike when their
*skeletons* match, each letter replaced by one stand-in for all the letters it can be taken
for (Cyrillic "А" and Latin "A", "l" and "I"; the confusables of Unicode's TR39, from the
``confusable-homoglyphs`` package), compared without case, accents or spaces.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs.confusables import confusables_data
from django import forms
from django.conf import settings
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy as _, override

MAX_LENGTH = 20
# Unicode categories nobody sees: format (Cf: zero-width space and joiners, direction marks,
# overrides and isolates, soft hyphen), control (Cc), private use (Co), surrogates (Cs),
# unassigned (Cn), the line and paragraph separators (Zl, Zp).
INVISIBLE = frozenset({"Cf", "Cc", "Co", "Cs", "Cn", "Zl", "Zp"})


def _too_long() -> str:
    return gettext("That name is too long: at most %(max)s characters, please.") % {"max": MAX_LENGTH}


MESSAGES = {
    "bad_name": _("Please enter your name: spaces and invisible characters alone do not make one."),
    "name_too_long": lazy(_too_long, str)(),
    "name_reserved": _("“(bot)” and “(you)” are what the table writes after names. Please pick a name "
                       "without them."),
    "name_taken": _("Someone at this table already has that name. Please pick another one."),
    "name_look_alike": _("That name looks too much like the name of someone at this table, a person or a "
                         "bot. Please pick one that is easy to tell apart."),
}


class NameRefused(ValueError):
    """A name no form may take; ``code`` names its message (:data:`MESSAGES`)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code

    @property
    def message(self) -> str:
        return str(MESSAGES[self.code])


def clean(raw: str) -> str:
    """The name as it will be shown, or :class:`NameRefused` (empty, too long, a table's mark)."""
    name = " ".join(_visible(unicodedata.normalize("NFKC", raw or "")).split())
    if not name:
        raise NameRefused("bad_name")
    if len(name) > MAX_LENGTH:
        raise NameRefused("name_too_long")
    if any(mark in skeleton(name.casefold()) for mark in _marks()):
        raise NameRefused("name_reserved")
    return name


def check_free(name: str, others) -> None:
    """Refuse ``name`` beside the names ``others`` (the table's seats, people and bots): the
    same letters ("name_taken"), or letters that look the same ("name_look_alike")."""
    for other in others:
        if plain(other) == plain(name):
            raise NameRefused("name_taken")
        if look_alike(other, name):
            raise NameRefused("name_look_alike")


def look_alike(a: str, b: str) -> bool:
    """Whether two names look the same as typed, in small letters or in capitals: the case is
    compared as a reader would ("ANN" is "ann"), and "PauI" with a capital I is "Paul"."""
    return any(skeleton(case(a)) == skeleton(case(b)) for case in (str, str.casefold, str.upper))


def plain(name: str) -> str:
    """What a reader compares first: the letters, without case, accents or spaces ("Chloe" is "Chloé")."""
    return _letters(name).casefold()


def _letters(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", _visible(unicodedata.normalize("NFKC", name)))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())


def skeleton(name: str) -> str:
    """The name's look without accents or spaces: each character replaced by the one stand-in
    of all the characters it can be taken for (Cyrillic "а" and Latin "a" are both "a"; "I",
    "l" and "1" all "1"). Case matters here: "I" looks like "l", "i" does not."""
    stand_ins = _stand_ins()
    return "".join(stand_ins.get(ch, ch) for ch in _letters(name))


@lru_cache(maxsize=1)
def _stand_ins() -> dict[str, str]:
    """Every confusable character's stand-in: the lowest character of its group, the groups
    closed over the package's pairs (it lists "I" with "l" and "l" with "1", not "I" with "1")."""
    parent: dict[str, str] = {}

    def root(ch):
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for ch, found in confusables_data.items():
        for glyph in (_visible(g["c"]) for g in found):
            if len(glyph) == 1 and len(ch) == 1:
                a, b = sorted((root(ch), root(glyph)))
                parent[b] = a
    return {ch: root(ch) for ch in parent}


def _visible(text: str) -> str:
    return "".join(ch for ch in text if unicodedata.category(ch) not in INVISIBLE)


@lru_cache(maxsize=8)
def _marks() -> tuple[str, ...]:
    """The skeletons of what the table writes after a name, "(bot)" and "(you)", in every language."""
    found = set()
    for code, _name in settings.LANGUAGES:
        with override(code):
            for pattern in (gettext("%(name)s (bot)"), gettext("%(name)s (you)")):
                found.add(skeleton(pattern.replace("%(name)s", "").casefold()))
    return tuple(sorted(found))


class NameField(forms.CharField):
    """A name field: its limit said on the page (``maxlength`` and the hint under it), a name
    :func:`clean` refuses is an error with its own message, never a name cut short."""

    # Said by the template (play/_name_field.html); not Django's max_length, whose validator
    # would count the name as typed, before the invisible characters go.
    limit = MAX_LENGTH

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Your name"))
        super().__init__(strip=True, **kwargs)

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "maxlength": str(MAX_LENGTH)}

    def clean(self, value):
        value = super().clean(value)
        try:
            return clean(value)
        except NameRefused as refused:
            raise forms.ValidationError(refused.message, code=refused.code) from None

