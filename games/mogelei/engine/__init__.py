"""The Mogelei rules engine: pure Python, standard library only (no Django).

``Game`` is a whole match as one state machine; see ``game.py``. ``seen_by(event, seat)``
filters a logged event for one seat the way ``Game.view`` does.
"""

from mogel.core.eventlog import seen_by

from .errors import CODES, IllegalAction

from .cards import COLOURS, FAMILY, Card, card, deck, eggs
from .game import Game

__all__ = ["CODES", "COLOURS", "FAMILY", "Card", "Game", "IllegalAction", "card", "deck", "eggs", "seen_by"]
