"""``manage.py loadcontent`` hook: every game kind's lesson files into the database, idempotently.

Each kind with lessons names its folder (``tutorial.kinds``); its lessons are stored with
``Lesson.game`` = the kind's key. Every language's field is set explicitly (``title_de`` …
``title_it``), so the admin and the pages never depend on the active language while loading.
Steps and lessons that left the data files (or whose kind is gone) are removed.
"""

from __future__ import annotations

from django.db import transaction

from . import data_files, kinds, runner
from .models import Lesson, Step, StepFailure

LANGS = data_files.LANGUAGES


def _texts(field: str, texts: dict) -> dict:
    missing = [lang for lang in LANGS if not texts.get(lang)]
    if missing:
        raise ValueError(f"{field}: no text in {', '.join(missing)}")
    return {f"{field}_{lang}": texts[lang] for lang in LANGS}


@transaction.atomic
def load() -> str:
    said, loaded = [], []
    for kind in kinds.with_lessons():
        folder = kinds.folder(kind)
        # A kind whose lesson files are still being written loads none yet.
        lessons = load_game(kind.key, data_files.lessons(folder) if folder.is_dir() else [], kinds.rules(kind))
        said.append(f"{kind.key}: {lessons}")
        loaded.append(kind.key)
    Lesson.objects.exclude(game__in=loaded).delete()
    return "; ".join(said)


def load_game(game: str, lessons: list[dict], rules: runner.Rules) -> str:
    """One kind's lessons: the given ones stored, the kind's others removed."""
    data_files.addresses(lessons)  # the site's URLs need a slug per language, each naming one lesson
    for data in lessons:
        for step in data["steps"]:
            runner.check_predicate(step["success"], rules)
    steps_total = 0
    for data in lessons:
        lesson, _ = Lesson.objects.update_or_create(
            game=game, slug=data["slug"],
            defaults={"order": data["order"], "controls": data.get("controls", {}), **_texts("title", data["title"]), **_texts("intro", data["intro"])},
        )
        keys = []
        for order, step_data in enumerate(data["steps"], start=1):
            hints = step_data["hints"]
            step, _ = Step.objects.update_or_create(
                lesson=lesson, key=step_data["key"],
                defaults={
                    "order": order,
                    **_texts("goal", step_data["goal"]),
                    **_texts("success_text", step_data["success_text"]),
                    **_texts("hint_nudge", hints[0]["text"]),
                    **_texts("hint_move", hints[1]["text"]),
                    "hint_action": hints[1].get("action", ""),
                    **(_texts("draw_prompt", step_data["draw_prompt"]) if "draw_prompt" in step_data
                       else {f"draw_prompt_{lang}": "" for lang in LANGS}),
                    "timed": step_data.get("timed", False),
                    "scenario": step_data["scenario"],
                    "seed": step_data.get("seed", 0),
                    "script": step_data.get("script", []),
                    "auto": step_data.get("auto", {}),
                    "success": step_data["success"],
                    "solution": step_data.get("solution", []),
                    "wrong_move": step_data.get("wrong_move", {}),
                    "plan": runner.plan_of(step_data),
                    "controls": step_data.get("controls", {}),
                },
            )
            step.failures.all().delete()
            for index, failure in enumerate(step_data.get("failure", [])):
                StepFailure.objects.create(step=step, order=index, when=failure["when"],
                                           **_texts("text", failure["text"]))
            keys.append(step.key)
        lesson.steps.exclude(key__in=keys).delete()
        steps_total += len(keys)
    Lesson.objects.filter(game=game).exclude(slug__in=[d["slug"] for d in lessons]).delete()
    return f"{len(lessons)} lessons, {steps_total} steps"
