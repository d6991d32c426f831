"""The game kinds that have lessons, and what the lesson machinery takes from each.

A kind (``mogel.games.GameKind``) has lessons when it names its lesson folder
(``lessons_dir``). The hooks the lessons read are described in ``docs/platform.md``
under "Lessons"; this module is the one place in ``tutorial`` that reads the registry.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import Http404

from mogel import games

from . import runner


def with_lessons() -> list:
    """Every registered kind with a lesson folder, in the registry's order."""
    return [kind for kind in games.all_kinds() if kind.lessons_dir]


def get(key: str):
    kind = games.get(key)
    if not kind.lessons_dir:
        raise LookupError(f"the game kind {key!r} has no lessons")
    return kind


def of_url_or_404(slug: str | None):
    """The kind an address names (``mogel.games.of_url``) if it has lessons."""
    kind = games.of_url(slug)
    if kind is None or not kind.lessons_dir:
        raise Http404("no lessons for this game")
    return kind


def folder(kind) -> Path:
    """The kind's lesson folder (a relative ``lessons_dir`` is relative to the project)."""
    return Path(settings.BASE_DIR) / kind.lessons_dir


def rules(kind) -> runner.Rules:
    """The kind's part of the step runner."""
    return kind.lesson_rules
