"""A lesson's address says its slug in the page's language: ``/de/lernen/du-bist-dran/``.

Views, links and the session know a lesson by its stable key (``Lesson.slug``, English). The
URL converters translate both ways: resolving takes any language's slug (or the key) to the
key, reversing writes the active language's slug. So ``lesson_url(kind, "lesson", key)``
gives this language's address, and Django's ``translate_url`` (the language switcher, hreflang
alternates) lands on the same lesson in the other language.

Slugs are unique per game kind. The top-level kind's lessons (``GameKind.top_level``) have
their own converter (``lesson``); the other kinds' lessons live under
``/<lang>/<kind slug>/<learn/>`` and share the converter ``kind_lesson``, which cannot see the
kind in the address: it translates a slug that names one lesson of one kind only and leaves
any other as it is (the lesson view finds its key, :func:`key_of`, and moves any other
language's slug for good to its address).

The slugs come from the lesson data files, read once per process: like the translated URL
prefixes, they change with a deploy, never while the site runs, and a link then costs no query.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.utils.translation import get_language

from mogel import games

from . import data_files, kinds


@cache
def _table(game: str):
    folder = kinds.folder(kinds.get(game))
    return data_files.addresses(data_files.lessons(folder) if folder.is_dir() else [])


def key_of(slug: str, game: str) -> str:
    """The lesson key for a slug of any language; an unknown slug stays as it is (and 404s)."""
    return _table(game)[1].get(slug.lower(), slug)


def slug_of(key: str, game: str, language: str | None = None) -> str:
    """The lesson's slug in the language (the active one by default)."""
    slugs = _table(game)[0].get(key, {})
    return slugs.get(language or get_language() or settings.LANGUAGE_CODE, key)


def url_slug(kind, key: str) -> str:
    """What a lesson address carries for ``key``: the top-level kind's converter writes the
    language's slug itself; another kind's address gets it here."""
    return key if kind.top_level else slug_of(key, kind.key)


class LessonSlugConverter:
    """The top-level kind's lessons: any language's slug (or the key) in, the language's slug out."""

    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value: str) -> str:
        kind = games.of_url(None)
        return key_of(value, kind.key) if kind else value

    def to_url(self, value: str) -> str:
        kind = games.of_url(None)
        return slug_of(value, kind.key) if kind else value


class KindLessonSlugConverter:
    """A lesson of any other kind: read as it is (the view finds the key, knowing the kind);
    written in the active language when the slug names one lesson of one kind only (the
    language switcher's ``translate_url`` reverses another language's slug)."""

    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        found = {(kind.key, _table(kind.key)[1][value.lower()]) for kind in kinds.with_lessons()
                 if not kind.top_level and value.lower() in _table(kind.key)[1]}
        if len(found) != 1:
            return value
        (game, key), = found
        return slug_of(key, game)
