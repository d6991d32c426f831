"""A game played again from its start and its logged events: the log is the game's record.

A keeper may store the events elsewhere and keep only the end of the log in the game's
state (``trim_log``). :func:`replay` rebuilds the whole game from how it began (for a dealt
game: its ``new`` with its players, seed and options) and the stored events: each event that
starts a change names the action (or the closing window) that caused it, and every event the
replay logs must be the stored one. Each engine gives its own ``step`` (``<game>.engine.replay``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .errors import IllegalAction


def moves(start, events: list[dict], step: Callable[[object, dict], None]) -> Iterator[object]:
    """``start`` moved on through ``events`` one move at a time: yields the game after each move
    (the same object, moved on; its ``log_length`` says where the move ended).

    ``step(game, event)`` plays the move an event starts (the engine's own). Raises
    ValueError where the events do not follow from the game (a wrong start, a changed or
    missing event). A replay page steps through these moves; :func:`replay` plays them all.
    """
    game = start
    done = game.log_length
    if game.log_base or game.log != events[:done]:
        raise ValueError("the game did not start as the events say")
    while done < len(events):
        event = events[done]
        try:
            step(game, event)
        except IllegalAction as error:
            raise ValueError(f"event {done} ({event['code']}) is not a legal move: {error}") from error
        if game.log_length == done or game.log[done:] != events[done:game.log_length]:
            raise ValueError(f"event {done} ({event['code']}) does not replay as stored")
        done = game.log_length
        yield game


def replay(start, events: list[dict], step: Callable[[object, dict], None]):
    """``start`` (a game as it began) moved on through ``events``, its whole log; returns it.

    Raises ValueError where the events do not follow from the game (see :func:`moves`).
    """
    for _game in moves(start, events, step):
        pass
    return start
