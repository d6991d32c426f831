"""A game played again from its start and its logged events: the log is the game's record.

A keeper may store the events elsewhere and keep only the end of the log in the game's
state (``Game.trim_log``). :func:`replay` rebuilds the whole game from how it began (for a
dealt game: ``Game.new`` with its players, seed and options) and the stored events: each
event that starts a change names the action (or the closing window) that caused it, and
every event the replay logs must be the stored one.
"""

from __future__ import annotations

from mogel.core import replay as core

from .game import Game

# Events that a window running out logs first: the replay lets the clock run to them.
_CLOSING = ("mosquito_slowest", "cockroach_nobody", "got_away")


def _action(event: dict, game: Game) -> tuple[int, str]:
    """The seat and action whose first logged event is ``event``."""
    code, seat, card = event["code"], event.get("seat"), event.get("card")
    if code == "played":
        return seat, f"play {card}"
    if code in ("drew", "reshuffled", "nothing_to_draw"):
        return game.turn, "draw"
    if code == "spider_gave":
        return seat, f"give {card} {event['to']}"
    if code == "spider_kept":
        return seat, "keep"
    if code == "slapped":
        return seat, "slap"
    if code in ("handed", "penalty"):
        return seat, f"hand {card}"
    if code == "raced":
        return seat, f"race {card}"
    if code == "cheated":
        return seat, f"cheat {card}"
    if code in ("caught", "wrong_accusation"):
        return seat, f"catch {event['accused']}"
    raise ValueError(f"event {code!r} does not start a move")


def step(game: Game, event: dict) -> None:
    """Play the move (or let the window close) whose first logged event is ``event``."""
    if event["code"] in _CLOSING:
        game.advance(event["t"])
    elif "dated" in event:
        # A slap that reached the game after others it was made before (Game.apply).
        game.advance(event["t"])
        game.apply(event["seat"], "slap", event["dated"])
    else:
        game.apply(*_action(event, game), event["t"])


def replay(start: Game, events: list[dict]) -> Game:
    """``start`` (a game as it began: ``Game.new`` with its players, seed and options) moved on
    through ``events``, its whole log; raises ValueError where they do not follow."""
    return core.replay(start, events, step=step)
