"""Load every game's rules from its versioned data files (``manage.py loadcontent``).

Each game kind with rules names its folder (``GameKind.rules_dir``, e.g.
``games/<game>/rules/data/``), holding ``sections.json`` (the rules page) and, if the kind has
one, ``summary.json`` (the one-page summary). Each is a list, in page order, of::

    {"slug": "idea", "order": 1,
     "title": {"de": ..., "en": ..., "fr": ..., "nl": ..., "it": ...},
     "body":  {"de": ..., "en": ..., "fr": ..., "nl": ..., "it": ...}}
"""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.db import transaction

from mogel import games

SECTIONS, SUMMARY = "sections.json", "summary.json"
FIELDS = ("title", "body")


def folder(kind) -> Path:
    """The kind's rules folder (a relative ``rules_dir`` is relative to the project)."""
    return Path(settings.BASE_DIR) / kind.rules_dir


def with_rules() -> list:
    return [kind for kind in games.all_kinds() if kind.rules_dir]


def languages() -> tuple[str, ...]:
    return tuple(settings.MODELTRANSLATION_LANGUAGES)


def read(path: Path | str) -> list[dict]:
    """The sections from a data file, checked for shape; raises ValueError."""
    path = Path(path)
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: cannot be read: {exc}") from exc
    if not isinstance(items, list):
        raise ValueError(f"{path}: expected a JSON list of sections")
    seen = set()
    for index, item in enumerate(items):
        where = f"{path}: item {index}"
        if not isinstance(item, dict) or not isinstance(item.get("slug"), str) or not item["slug"]:
            raise ValueError(f"{where}: needs a 'slug'")
        slug = item["slug"]
        where = f"{path}: section {slug!r}"
        if slug in seen:
            raise ValueError(f"{where}: slug used twice")
        seen.add(slug)
        if not isinstance(item.get("order", index), int):
            raise ValueError(f"{where}: 'order' must be a whole number")
        for field in FIELDS:
            texts = item.get(field)
            if not isinstance(texts, dict):
                raise ValueError(f"{where}: '{field}' must map language codes to text")
            missing = [lang for lang in languages() if not isinstance(texts.get(lang), str)]
            if missing:
                raise ValueError(f"{where}: '{field}' has no text for {', '.join(missing)}")
    return items


def load() -> str:
    """Every game's rules page and summary; the ``loadcontent`` hook."""
    from .models import RuleSection, SummarySection

    said, loaded = [], []
    for kind in with_rules():
        where = folder(kind)
        parts = [load_sections(where / SECTIONS, kind.key)]
        if kind.has_summary:
            parts.append(load_summary(where / SUMMARY, kind.key))
        said.append(f"{kind.key}: {'; '.join(parts)}")
        loaded.append(kind.key)
    for model in (RuleSection, SummarySection):
        model.objects.exclude(game__in=loaded).delete()
    return "; ".join(said)


def load_sections(path: Path | str, game: str) -> str:
    from .models import RuleSection

    path = Path(path)
    if not path.exists():
        # Only while the rulebook text is being written: setup must not fail
        # for everybody else.
        return f"no data yet ({path.name} is missing), nothing loaded"
    return _load(RuleSection, read(path), "rules sections", game)


def load_summary(path: Path | str, game: str) -> str:
    from .models import SummarySection

    return _load(SummarySection, read(path), "summary sections", game)


def _load(model, items: list[dict], what: str, game: str) -> str:
    """Create or update every section of the game's ``model`` from ``items``, delete its others; idempotent."""
    created = updated = 0
    with transaction.atomic():
        for index, item in enumerate(items):
            defaults = {"order": item.get("order", index + 1)}
            for field in FIELDS:
                for lang in languages():
                    # Every language explicitly: never rely on the active one.
                    defaults[f"{field}_{lang}"] = item[field][lang].strip()
            _, was_created = model.objects.update_or_create(game=game, slug=item["slug"], defaults=defaults)
            created += was_created
            updated += not was_created
        deleted, _ = model.objects.filter(game=game).exclude(slug__in=[item["slug"] for item in items]).delete()
    return f"{len(items)} {what} ({created} new, {updated} updated, {deleted} removed)"
