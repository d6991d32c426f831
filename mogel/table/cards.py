"""What every game's card pictures share: their sizes (``table/cards.css`` has the same) and a cache.

Drawing a card's SVG is the slow part of a table; a game's presenter asks :func:`cached_svg`
with its key and drawing function, so each picture is drawn once per language.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import get_language

# CSS pixel size of each card size (the ``table-card--<size>`` classes); the SVG's viewBox is 100 x 140.
SIZES = {"sm": (48, 67), "md": (96, 134), "lg": (160, 224)}

_SVG_CACHE: dict = {}
_MAX_CACHED = 2000


def cached_svg(key: tuple, draw: Callable[[], str]) -> str:
    """``draw()``'s picture, kept per ``key`` (the game's name first) and language; the cache is
    emptied when it grows large."""
    full_key = (*key, get_language())
    svg = _SVG_CACHE.get(full_key)
    if svg is None:
        if len(_SVG_CACHE) > _MAX_CACHED:
            _SVG_CACHE.clear()
        svg = _SVG_CACHE[full_key] = draw()
    return svg
