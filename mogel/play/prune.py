"""What else ``prunegames`` deletes: rows the platform's other apps keep beside the games (a
friends' table never started), registered here by those apps when Django starts, so the
practice game imports none of them."""

from __future__ import annotations

from datetime import datetime
from typing import Callable

# (what it deletes, in the summary line; a function (now, dry_run) -> how many rows it deleted or would)
PRUNERS: list[tuple[str, Callable[[datetime, bool], int]]] = []


def register(label: str, prune: Callable[[datetime, bool], int]) -> None:
    if all(known != label for known, _prune in PRUNERS):
        PRUNERS.append((label, prune))
