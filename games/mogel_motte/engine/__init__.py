"""The Mogel Motte rules engine: pure Python, standard library only (no Django).

``Game`` is the whole game as one state machine; see ``game.py``. The tutorial, the
practice game and the bots all play through it, so they can never disagree.
"""

from .cards import DECK, Card, card
from .errors import CODES, IllegalAction
from .game import Game

__all__ = ["CODES", "DECK", "Card", "Game", "IllegalAction", "card"]
