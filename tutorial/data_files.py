"""Reading the lesson data files of a game kind (``games/<game>/lessons/data/*.json``: each kind
names its folder, ``GameKind.lessons_dir``); pure Python, no Django.

Each file is ``{"version": 1, "lesson": {...}}``: one lesson with its steps, every text
in all five languages. ``slug`` is the lesson's stable key (progress in the session and other
data name the lesson by it); ``slugs`` gives its address in each language, the English one
being the key. A step's texts name times only through placeholders (``{lesson_seconds}``,
``{game_seconds}``, ``{bot_seconds}``, ``{slower_seconds}`` …: :mod:`tutorial.placeholders`), never typed in.
``manage.py loadcontent`` stores them as models (:mod:`tutorial.content`); the engine tests
read them straight from here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from . import runner

LANGUAGES = ("de", "en", "fr", "nl", "it")
VERSION = 1
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Paths under the lessons' prefix that are not lessons (tutorial/urls.py).
RESERVED = frozenset({"reset"})


def lessons(folder: Path) -> list[dict]:
    """Every lesson, in order."""
    found = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != VERSION:
            raise ValueError(f"{path.name}: unknown data version {data.get('version')!r}")
        found.append(data["lesson"])
    return sorted(found, key=lambda lesson: lesson["order"])


def runner_step(step: dict) -> dict:
    """The part of a step the runner needs (no texts)."""
    return {
        "scenario": step["scenario"],
        "seed": step.get("seed", 0),
        "script": step.get("script", []),
        "auto": step.get("auto", {}),
        "success": step["success"],
        "failure": [{"when": f["when"]} for f in step.get("failure", [])],
        "plan": runner.plan_of(step),
    }


def addresses(found: list[dict]) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """``({key: {language: slug}}, {any slug or key: key})`` for the given lessons.

    Every slug, in any language, names one lesson only: an address in the wrong language
    (an old bookmark, a link shared across languages) must still lead to its lesson."""
    by_key: dict[str, dict[str, str]] = {}
    to_key: dict[str, str] = {}
    for lesson in found:
        key, slugs = lesson["slug"], lesson.get("slugs", {})
        missing = [lang for lang in LANGUAGES if not slugs.get(lang)]
        if missing:
            raise ValueError(f"lesson {key}: no slug in {', '.join(missing)}")
        by_key[key] = {lang: slugs[lang] for lang in LANGUAGES}
        for slug in {key, *by_key[key].values()}:
            if not SLUG.fullmatch(slug) or slug in RESERVED:
                raise ValueError(f"lesson {key}: {slug!r} is not a lowercase ASCII slug of its own")
            if to_key.setdefault(slug, key) != key:
                raise ValueError(f"lessons {to_key[slug]} and {key} share the slug {slug!r}")
    return by_key, to_key
