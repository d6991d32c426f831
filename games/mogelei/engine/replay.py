"""A Mogelei match played again from its start and its logged events (``mogel.core.replay``).

Each event that starts a move names it: ``called``, ``laid`` (its card is in the stored
event, private part included), ``revealed``, ``hid``, ``continued``, ``ended``, ``accused``.
"""

from __future__ import annotations

from mogel.core import replay as shared

from .game import Game

_VERBS = {"revealed": "reveal", "hid": "hide", "continued": "continue", "ended": "end"}


def step(game: Game, event: dict) -> None:
    code, seat = event["code"], event.get("seat")
    if code == "called":
        action = f"call {event['colour']}"
    elif code == "laid":
        action = f"lay {event['card']}"
    elif code == "accused":
        action = f"accuse {event['target']}"
    elif code in _VERBS:
        action = _VERBS[code]
    else:
        raise ValueError(f"event {code!r} does not start a move")
    game.apply(seat, action, event["t"])


def replay(start: Game, events: list[dict]) -> Game:
    """``start`` (a match as it began: ``Game.new`` with its players, seed and options)
    moved on through ``events``, its whole log; raises ValueError where they do not follow."""
    return shared.replay(start, events, step=step)
