"""The learner's progress and the running step, kept server-side in the session, per game kind.

``session[key]`` = ``{"done": {lesson slug: [step keys]}, "run": {lesson slug:
{"step": key, "t0": wall ms when the step started, "state": runner state, "hints": n}}}``,
``key`` being ``"tutorial"`` for Mogel Motte (as it always was) and ``"tutorial:<kind key>"``
for any other game kind, so two games' lessons may share a slug.
Sessions outlive the browser (Django's default cookie age), so progress is resumable.
"""

from __future__ import annotations

import time

KEY = "tutorial"
FIRST_KIND = "mogel-motte"


def session_key(game: str = FIRST_KIND) -> str:
    return KEY if game == FIRST_KIND else f"{KEY}:{game}"


def wall_ms() -> int:
    return int(time.time() * 1000)


class Progress:
    def __init__(self, session, game: str = FIRST_KIND):
        self.session = session
        self.key = session_key(game)
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
