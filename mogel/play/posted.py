"""What a table's page sends, read as the views of every table need it (the practice game's,
a friends' table's): its version, its measured reaction, the token of its current showing.
A value no page of ours sends reads as None; the view answers with its own refusal."""

from __future__ import annotations

import re

SHOWING = re.compile(r"^[A-Za-z0-9]{1,16}$")


def version(value) -> int | None:
    """The table's version the page shows (a POST's field, a poll's parameter, Last-Event-ID)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number >= 0 else None


def reaction(value) -> int | None:
    """The page's measured reaction (ms from the window on screen to the tap); None if unreadable."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def showing(value) -> str | None:
    """The page's token of its current showing (table.js draws one each time it is shown), or
    None: a request that names none (a page loaded afresh, a page without script)."""
    return value if value and SHOWING.match(value) else None
