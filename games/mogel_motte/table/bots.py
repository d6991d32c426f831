"""Mogel Motte's bots in the practice game (``games.mogel_motte.engine.bots``), behind ``MogelMotte.plan``.

:func:`plan` returns the next bot move as ``Planned(seat, action, at)`` and :func:`observe` updates
the bots' memories after a change. A bot (the engine's levelled ``Bot``) decides
from ``game.view(seat)``, ``game.legal_actions(seat)`` and its own memory only, deterministically.
"""

from __future__ import annotations

from django.conf import settings

from games.mogel_motte.engine import bots as engine_bots
from games.mogel_motte.engine.game import tempo_of
from games.mogel_motte.engine.expert import ExpertBot
from mogel.play.bots import Planned, pace_ms, paced

REFLEX = ("slap", "race", "catch")

# How long a bot's tell shows on its seat, from the moment the page learns of it: harder bots
# cheat more subtly. A glance at the wrong moment misses it (bench/guard_attention.py). A time
# set against a person's eyes: it lasts ``tempo`` times as long at a slower table.
TELL_MS = {"easy": 800, "normal": 600, "hard": 400, "expert": 400}


def tell_ms(level: str, tempo: int = 1) -> int | None:
    ms = TELL_MS.get(level, TELL_MS["normal"])
    return None if ms is None else ms * tempo


def profile() -> dict | None:
    """Test-only overrides of every bot's profile (``settings.MOGEL_BOT_PROFILE``), e.g.
    ``{"notice": {"idle": 1.0, "turn": 1.0, "window": 1.0}}`` for a guard that always notices.
    Production never sets it: the levels' numbers in ``games.mogel_motte.engine.bots.PROFILES`` apply."""
    return getattr(settings, "MOGEL_BOT_PROFILE", None) or None


def _engine_bots(game, level: str, pace: str = "normal", seats=None) -> dict:
    """The bots, one per seat they play: every seat but the player's (0), or ``seats`` (a friends' table)."""
    bots = {}
    overrides = profile()
    for seat in (range(1, game.players) if seats is None else sorted(seats)):
        if level == "expert":   # hard's reflexes and play, cheats priced by the guard's model
            bots[seat] = ExpertBot(pace_ms=pace_ms(pace), profile=overrides)
        else:
            bots[seat] = engine_bots.Bot(level, pace_ms=pace_ms(pace), profile=overrides)
    return bots


def is_reflex(game, action: str) -> bool:
    """Slaps, races and Caught! are reflexes; so is a bot guard's penalty card while a Caught! is settled
    (every clock stands still until it is handed over, so the bot hands it over at once)."""
    return action.startswith(REFLEX) or (game.settling is not None and action.startswith("hand "))


def plan(game, level: str, memories: dict, resume_ms: int = 0, deliberate_only: bool = False,
         pace: str = "normal", seats=None) -> Planned | None:
    """The next bot move, or None. Deliberate moves come at least a pace after the last visible event.

    ``deliberate_only``: the next play, draw, gift or hand-over as planned, leaving out
    cheats, Caught! and reflexes, which nobody at the table can see coming.
    """
    if game.over:
        return None
    move = engine_bots.next_move(game, _engine_bots(game, level, pace, seats), memories, game.seed,
                                 deliberate_only=deliberate_only)
    if move is None:
        return None
    seat, action, at = move.seat, move.action, move.at
    if game.settling is not None and action.startswith("hand "):
        at = game.clock   # the penalty card: at once, in the same breath as "Caught!"
    elif not action.startswith(REFLEX):
        at = paced(game, at, resume_ms, pace, tempo_of(game.options))
    return Planned(seat, action, max(at, game.clock))


def observe(game, level: str, memories: dict, pace: str = "normal", seats=None) -> None:
    engine_bots.observe(game, _engine_bots(game, level, pace, seats), memories, game.seed)
