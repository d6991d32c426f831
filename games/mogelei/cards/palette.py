"""Colours of the Mogelei card faces.

``bg`` is the card's field and ``ink`` its values and corner symbol (contrast at least
4.5:1, tests/mogelei/test_cards.py). ``fill`` colours the family member's symbol on the
cream medallion, outlined in ``OUTLINE`` so that even yellow stands out there; ``detail``
is the symbol's second colour (the hat's band, the flower's heart). Colour is never the
only cue: every colour has its own symbol (father's hat, mother's flower, daughter's bow,
son's cap), drawn large on the medallion and small in the top right corner.
"""

OUTLINE = "#1d1d1d"
MEDALLION = "#fff8e7"
EGG_WHITE = "#ffffff"
YOLK = "#f39c12"
YOLK_EDGE = "#b96a00"

PALETTE = {
    "black": {"bg": "#2b2b30", "ink": "#ffffff", "fill": "#2b2b30", "detail": "#c9a227"},
    "red": {"bg": "#b8232b", "ink": "#ffffff", "fill": "#d23a3a", "detail": "#ffd447"},
    "yellow": {"bg": "#f7c631", "ink": "#1d1d1d", "fill": "#f7c631", "detail": "#e4572e"},
    "blue": {"bg": "#1d56ad", "ink": "#ffffff", "fill": "#2b6fd6", "detail": "#ffffff"},
    # face down: green lattice, the four family symbols on a cream oval
    "back": {"bg": "#2e6b5a", "ink": "#fff8e7", "fill": "#3f8a76", "detail": "#fff8e7"},
    # the fattest egg: a golden card with one big fried egg and its +3
    "reward": {"bg": "#f2b820", "ink": "#1d1d1d", "fill": "#fff1bf", "detail": "#1d1d1d"},
}
