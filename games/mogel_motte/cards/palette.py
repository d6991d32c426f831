"""Colours of each kind of card.

``bg`` is the card's background and ``ink`` the colour of the corner values
drawn on it; every pair keeps a contrast ratio of at least 4.5:1 (checked in
tests/cards/test_cards.py). ``tint`` is the pale medallion behind the
creature, ``body``/``shade``/``accent`` colour the creature itself. Colour is
never the only cue: each kind also has its own creature silhouette and its
own small glyph under the corner value.
"""

OUTLINE = "#1d1d1d"

PALETTE = {
    # cream card, navy numerals: the plain, common cards
    "number": {"bg": "#fff4d6", "ink": "#1c3d8c", "tint": "#ffffff", "body": "#1c3d8c", "shade": "#e9dcb6", "accent": "#e4572e"},
    # purple card, dark spider with lilac markings
    "spider": {"bg": "#5b2a86", "ink": "#ffffff", "tint": "#eddff8", "body": "#3b1f5c", "shade": "#2a1740", "accent": "#c79be8"},
    # teal card, grey mosquito with glassy wings
    "mosquito": {"bg": "#0b6e75", "ink": "#ffffff", "tint": "#d6f2f0", "body": "#4b5a60", "shade": "#2b3438", "accent": "#ffffff"},
    # brown card, glossy chestnut cockroach
    "cockroach": {"bg": "#7a4310", "ink": "#ffffff", "tint": "#f7e5cf", "body": "#9a5522", "shade": "#5e300c", "accent": "#d39a62"},
    # red card, dark red ant
    "ant": {"bg": "#b3261e", "ink": "#ffffff", "tint": "#fde3df", "body": "#9c1f17", "shade": "#5e110c", "accent": "#e2665c"},
    # night-sky card with a yellow moon: the sly Cheating Moth
    "moth": {"bg": "#26183f", "ink": "#ffd447", "tint": "#fff0b3", "body": "#5b4670", "shade": "#3d2d50", "accent": "#a98bc9"},
    # golden card, green shield bug in a blue guard's cap
    "guard": {"bg": "#f2b820", "ink": "#1d1d1d", "tint": "#fff7da", "body": "#3e8e41", "shade": "#2a632c", "accent": "#1f3a93"},
    # face down: slate blue lattice, gold moth in a cream oval
    "back": {"bg": "#263b6b", "ink": "#f2c14e", "tint": "#fff4d6", "body": "#263b6b", "shade": "#3a5490", "accent": "#f2c14e"},
}


def _channel(c: int) -> float:
    c = c / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
