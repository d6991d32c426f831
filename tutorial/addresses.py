"""A lesson's address says its slug in the page's language: ``/de/lernen/du-bist-dran/``.

Views, links and the session know a lesson by its stable key (``Lesson.slug``, English). The
URL converter translates both ways: resolving takes any language's slug (or the key) to the
key, reversing writes the active language's slug. So ``{% url 'tutorial:lesson' lesson.slug %}``
needs no change, and Django's ``translate_url`` (the language switcher, hreflang alternates)
lands on the same lesson in the other language.

The slugs come from the lesson data files, read once per process: like the translated URL
prefixes, they change with a deploy, never while the site runs, and a link then costs no query.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.utils.translation import get_language

from . import data_files


@cache
def _table():
    return data_files.addresses(data_files.lessons())


def key_of(slug: str) -> str:
    """The lesson key for a slug of any language; an unknown slug stays as it is (and 404s)."""
    return _table()[1].get(slug.lower(), slug)


def slug_of(key: str, language: str | None = None) -> str:
    """The lesson's slug in the language (the active one by default)."""
    slugs = _table()[0].get(key, {})
    return slugs.get(language or get_language() or settings.LANGUAGE_CODE, key)


class LessonSlugConverter:
    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value: str) -> str:
        return key_of(value)

    def to_url(self, value: str) -> str:
        return slug_of(value)
