"""Reading the lesson data files (``tutorial/data/lessons/*.json``); pure Python, no Django.

Each file is ``{"version": 1, "lesson": {...}}``: one lesson with its steps, every text
in all five languages. ``manage.py loadcontent`` stores them as models
(:mod:`tutorial.content`); the engine tests read them straight from here.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import runner

DATA = Path(__file__).resolve().parent / "data" / "lessons"
LANGUAGES = ("de", "en", "fr", "nl", "it")
VERSION = 1


def lessons(folder: Path = DATA) -> list[dict]:
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
