"""Which language a piece of a page is in, read from the site's own catalogues: a text or an
accessible name that is one language's whole translation of a string and no other language's
is that language's marker. A fragment in German must hold no English, French, Dutch or Italian
marker; the browser test and the Django tests of mixed tables both ask this.

Only whole strings count (a sentence with a name in it matches nothing), so a fragment with no
marker at all (a number, a card's picture) says nothing either way."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

LANGUAGES = ("de", "en", "fr", "nl", "it")
LOCALE = Path(__file__).resolve().parents[2] / "locale"
# What is read out or shown: the text between tags and these attributes' values.
SPOKEN = re.compile(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"')
TAG = re.compile(r"<[^>]*>")
# An element that says which language it speaks (the language switcher's "Deutsch", "Français"):
# what it holds is in that language on purpose.
DECLARED = re.compile(r'<(\w+)\b[^>]*\blang="[^"]*"[^>]*>.*?</\1>', re.S)


@cache
def catalogue(language: str) -> dict[tuple, tuple[str, ...]]:
    """(context, msgid) → the language's texts (English: the msgid itself)."""
    with open(LOCALE / language / "LC_MESSAGES" / "django.po", "rb") as po:
        messages = read_po(po)
    found = {}
    for message in messages:
        if not message.id or message.context == "url":
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if language == "en" or not any(strings):
            strings = ids
        found[(message.context, ids[0])] = tuple(s for s in strings if s)
    return found


def _plain(text: str) -> str:
    return " ".join(html.unescape(text).split())


@cache
def markers() -> dict[str, frozenset[str]]:
    """Per language, the whole texts (no placeholder, a word or more) no other language shares."""
    texts = {lang: {_plain(s) for strings in catalogue(lang).values() for s in strings
                    if "%" not in s and "{" not in s and "<" not in s and len(s) >= 4 and re.search(r"[^\W\d_]{3}", s)}
             for lang in LANGUAGES}
    return {lang: frozenset(mine - set().union(*(texts[other] for other in LANGUAGES if other != lang)))
            for lang, mine in texts.items()}


def spoken(fragment: str) -> list[str]:
    """What a person reads or hears of an HTML fragment: its texts and accessible names."""
    body = re.sub(r"<html\b[^>]*>", "", fragment)   # the page's own lang is the one meant
    body = DECLARED.sub("", re.sub(r"<(script|style)\b.*?</\1>", "", body, flags=re.S))
    names = [_plain(value) for value in SPOKEN.findall(body)]
    texts = [_plain(text) for text in TAG.split(body)]
    return [text for text in names + texts if text]


def languages_of(fragment: str) -> dict[str, list[str]]:
    """The languages whose markers the fragment holds, with the markers found."""
    found: dict[str, list[str]] = {}
    for text in spoken(fragment):
        for lang, own in markers().items():
            if text in own:
                found.setdefault(lang, []).append(text)
    return found


def foreign(fragment: str, language: str) -> dict[str, list[str]]:
    """The other languages' markers in a fragment meant to be in ``language`` (empty: none)."""
    return {lang: texts for lang, texts in languages_of(fragment).items() if lang != language}
