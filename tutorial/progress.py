"""The learner's progress and the running step, kept server-side in the session, per game kind.

``session[key]`` = ``{"done": {lesson slug: [step keys]}, "run": {lesson slug:
{"step": key, "t0": wall ms when the step started, "state": runner state, "hints": n}}}``,
``key`` being the kind's scoped key (``GameKind.scoped``: ``"tutorial:<kind key>"``, the
top-level kind's ``"tutorial"`` as it always was), so two games' lessons may share a slug.
Sessions outlive the browser (Django's default cookie age), so progress is resumable.
"""

from __future__ import annotations

import time

KEY = "tutorial"


def session_key(kind) -> str:
    return kind.scoped(KEY)


def wall_ms() -> int:
    return int(time.time() * 1000)


class Progress:
    def __init__(self, session, kind):
        self.session = session
        self.key = session_key(kind)
        data = session.get(self.key) or {}
        self.done: dict[str, list[str]] = {k: list(v) for k, v in data.get("done", {}).items()}
        self.run: dict[str, dict] = dict(data.get("run", {}))

    def save(self) -> None:
        self.session[self.key] = {"done": self.done, "run": self.run}
        self.session.modified = True

    def steps_done(self, slug: str) -> list[str]:
        return self.done.get(slug, [])

    def mark_done(self, slug: str, key: str) -> None:
        keys = self.done.setdefault(slug, [])
        if key not in keys:
            keys.append(key)

    def lesson_done(self, slug: str, keys: list[str]) -> bool:
        return bool(keys) and set(keys) <= set(self.steps_done(slug))

    def reset_lesson(self, slug: str) -> None:
        self.done.pop(slug, None)
        self.run.pop(slug, None)

    def reset_all(self) -> None:
        self.done, self.run = {}, {}
