"""The mover's own echo (docs/push.md, "The mover's echo"): a page's stream never sends the
table that page's own request has just answered it with.

Each table page draws an id of its own when it loads (table.js): random, it names nothing but
that page, and it comes with every htmx request of the table (header ``X-Table-Page``) and with
the stream's address (``?page=``). A request that answers its page with the table saves, in the
save it makes anyway, who it answered with which version: the row's ``answered``, "<page> <seat>
<version>[ held]". The page's stream, wherever it runs, reads that from the row: its own page
already shows that version, so it sends nothing. A page id that is missing, malformed or not
the page's own simply matches nothing: the stream sends the table, as without ids.
"""

from __future__ import annotations

import re

# What table.js draws: 24 hex digits (96 random bits). A little leeway, a fixed alphabet.
PAGE = re.compile(r"^[A-Za-z0-9_-]{16,32}$")
HEADER = "X-Table-Page"


def page_of(value) -> str | None:
    """A page id as the page sent it, or None for anything no page of ours sends."""
    return value if isinstance(value, str) and PAGE.match(value) else None


def of_request(request) -> str | None:
    """The page id of an htmx request of the table (its header); None without one."""
    return page_of(request.headers.get(HEADER)) if request.htmx else None


def fields(page: str | None) -> tuple[str, ...]:
    """What a stream's small read of the row adds for its page: the mark, if the page has an id."""
    return ("answered",) if page is not None else ()


def mark(page: str, seat: str, version: int, held: bool) -> str:
    """The row's ``answered``: ``page`` was answered with ``seat``'s table at ``version``
    (``seat``: ``service.mark``'s string, so a friends' table tells its seats apart), the
    round's scores ``held`` or not: at a friends' table the hold may end later without a new
    version (the last person went on), and then the table is news again."""
    return f"{page} {seat} {version}{' held' if held else ''}"


def answered(row, page: str | None, seat: str, version: int | None) -> bool:
    """Whether the row says that ``page`` already got ``seat``'s table as it stands: at
    ``version``, held as the row is now."""
    return page is not None and version is not None and row.answered == mark(page, seat, version, row.hold)
