"""Misses on table codes, counted per client address: a guessed code must not open a table.

Every address that names a table by its code counts a miss when no table has that code (the
join form, the invite link ``…/<code>/`` and every address under it, the stream). An address
with too many misses in the window is refused with a translated 429 on every code it names,
hits included (else a hit would still tell itself apart from a refusal), except the tables its
browser already has a seat at. Hits are not counted: a family joining one table is never slowed.

Counted in Django's cache alias ``shared`` (settings: a DatabaseCache), never in process
memory: several app servers share one database, and a client's next guess may reach any of them.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import caches

from mogel.play import limits

CACHE = "shared"
# A family mistypes a code a few times; a guesser needs millions (27^6 codes).
MISSES = 20
WINDOW_S = 600


def misses_allowed() -> int:
    return int(getattr(settings, "MOGEL_CODE_MISSES_PER_WINDOW", MISSES))


def now_s() -> float:
    return time.time()


def _key(request) -> str:
    window = int(now_s()) // WINDOW_S
    return f"friends-code-miss:{window}:{limits.client_address(request)}"


def blocked(request) -> bool:
    """True if the request's address has missed too many codes in this window."""
    return caches[CACHE].get(_key(request), 0) >= misses_allowed()


def missed(request) -> None:
    """Count one miss for the request's address in this window (a key per window: no reset needed)."""
    cache, key = caches[CACHE], _key(request)
    if not cache.add(key, 1, WINDOW_S):
        try:
            cache.incr(key)
        except ValueError:   # gone between add and incr (culled, expired): start again
            cache.add(key, 1, WINDOW_S)


def retry_after_s() -> int:
    """Seconds until the next window, when the count starts again."""
    return WINDOW_S - int(now_s()) % WINDOW_S
