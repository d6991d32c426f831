"""Words and fragments a table computes again and again but that only depend on their arguments
and the language: a card's name, a button's label, a finished round's line in the log.

Every change pushed to every seat builds its whole table (docs/cost.md); what
is constant per card, per game or per language is computed once per process and language here.
Only pure functions of their arguments may be wrapped: nothing that reads the game's state from
anywhere else, so a cached answer can never be out of date (a worker's memory holds no truth
about a game, docs/platform.md).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps

from django.utils.translation import get_language


def per_language(maxsize: int = 4096) -> Callable:
    """Memoise a function of hashable arguments per active language (least recently used
    answers go first, ``maxsize`` per process). The answer is shared: callers must not change it."""
    def decorate(function: Callable) -> Callable:
        @lru_cache(maxsize=maxsize)
        def cached(language, *args):
            return function(*args)

        @wraps(function)
        def wrapper(*args):
            return cached(get_language(), *args)
        wrapper.cache_clear = cached.cache_clear
        wrapper.cache_info = cached.cache_info
        return wrapper
    return decorate
