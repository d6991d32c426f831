"""A lesson's address says its slug in the page's language: ``/de/lernen/du-bist-dran/``.

Views, links and the session know a lesson by its stable key (``Lesson.slug``, English). The
URL converters translate both ways: resolving takes any language's slug (or the key) to the
key, reversing writes the active language's slug. So ``reverse("tutorial:lesson", args=[key])``
gives this language's address, and Django's ``translate_url`` (the language switcher, hreflang
alternates) lands on the same lesson in the other language.

Slugs are unique per game kind. Mogel Motte's lessons have their own converter
(``lesson``); the other kinds' lessons live under ``/<lang>/<kind slug>/<learn/>`` and share
the converter ``kind_lesson``, which cannot see the kind in the address: it translates a slug
that names one lesson of one kind only, and leaves any other as it is (the lesson view then
moves it for good to its address).

The slugs come from the lesson data files, read once per process: like the translated URL
prefixes, they change with a deploy, never while the site runs, and a link then costs no query.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.utils.translation import get_language

from mogel.games import MOGEL_MOTTE

from . import data_files, kinds


@cache
def _table(game: str):
    folder = kinds.folder(kinds.get(game))
    return data_files.addresses(data_files.lessons(folder) if folder.is_dir() else [])


def key_of(slug: str, game: str = MOGEL_MOTTE) -> str:
    """The lesson key for a slug of any language; an unknown slug stays as it is (and 404s)."""
    return _table(game)[1].get(slug.lower(), slug)


def slug_of(key: str, language: str | None = None, game: str = MOGEL_MOTTE) -> str:
    """The lesson's slug in the language (the active one by default)."""
    slugs = _table(game)[0].get(key, {})
    return slugs.get(language or get_language() or settings.LANGUAGE_CODE, key)


class LessonSlugConverter:
    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value: str) -> str:
        return key_of(value)

    def to_url(self, value: str) -> str:
        return slug_of(value)


class KindLessonSlugConverter:
    """A lesson of a kind other than Mogel Motte: the view finds the key (it knows the kind)."""

    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        found = {(kind.key, _table(kind.key)[1][value.lower()]) for kind in kinds.with_lessons()
                 if kind.key != MOGEL_MOTTE and value.lower() in _table(kind.key)[1]}
        if len(found) != 1:
            return value
        (game, key), = found
        return slug_of(key, game=game)
