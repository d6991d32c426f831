"""Mogel Motte's bots in the practice game (``games.mogel_motte.engine.bots``), behind ``MogelMotte.plan``.

:func:`plan` returns the next bot move as ``(seat, action, at)`` and :func:`observe` updates the
bots' memories after a change. With ``games.mogel_motte.engine.bots.next_move`` present (the levelled bots)
they are used; otherwise, or with ``MOGEL_BOTS = "baseline"``, every bot is the honest
``BaselineBot`` with reaction times per level. Either way a bot decides from
``game.view(seat)`` and ``game.legal_actions(seat)`` only, and deterministically.
"""

from __future__ import annotations

import random

from django.conf import settings

from games.mogel_motte.engine import bots as engine_bots
from mogel.play.bots import Planned, pace_ms, paced

REFLEX = ("slap", "race", "catch")

# Reaction times (ms) of the baseline bots: (slap from, to), (race from, to), chance to miss a race.
# The attentive ranges of the levelled bots (games.mogel_motte.engine.bots.PROFILES), set against a person
# on a phone whose slap counts at the time it was made (docs/cheating-model.md, section 5a).
_BASELINE = {
    "easy": {"slap": (1100, 1750), "race": (850, 1700), "race_miss": 0.30},
    "normal": {"slap": (950, 1400), "race": (650, 1350), "race_miss": 0.12},
    "hard": {"slap": (700, 1150), "race": (520, 1100), "race_miss": 0.05},
}


# How long a bot's tell shows on its seat, from the moment the page learns of it: harder bots
# cheat more subtly. A glance at the wrong moment misses it (bench/guard_attention.py).
TELL_MS = {"easy": 800, "normal": 600, "hard": 400}


def tell_ms(level: str) -> int:
    return TELL_MS.get(level, TELL_MS["normal"])


def _use_engine() -> bool:
    choice = getattr(settings, "MOGEL_BOTS", "auto")
    if choice == "baseline":
        return False
    return hasattr(engine_bots, "next_move") and hasattr(engine_bots, "Bot") and hasattr(engine_bots, "observe")


def profile() -> dict | None:
    """Test-only overrides of every bot's profile (``settings.MOGEL_BOT_PROFILE``), e.g.
    ``{"notice": {"idle": 1.0, "turn": 1.0, "window": 1.0}}`` for a guard that always notices.
    Production never sets it: the levels' numbers in ``games.mogel_motte.engine.bots.PROFILES`` apply."""
    return getattr(settings, "MOGEL_BOT_PROFILE", None) or None


def _engine_bots(game, level: str, pace: str = "normal") -> dict:
    bots = {}
    overrides = profile()
    for seat in range(1, game.players):
        try:
            bots[seat] = engine_bots.Bot(level, pace_ms=pace_ms(pace), profile=overrides)
        except TypeError:
            bots[seat] = engine_bots.Bot(level)
    return bots


def is_reflex(game, action: str) -> bool:
    """Slaps, races and Caught! are reflexes; so is a bot guard's penalty card while a Caught! is settled
    (every clock stands still until it is handed over, so the bot hands it over at once)."""
    return action.startswith(REFLEX) or (game.settling is not None and action.startswith("hand "))


def plan(game, level: str, memories: dict, resume_ms: int = 0, deliberate_only: bool = False,
         pace: str = "normal") -> Planned | None:
    """The next bot move, or None. Deliberate moves come at least a pace after the last visible event.

    ``deliberate_only``: the next play, draw, gift or hand-over as planned, leaving out
    cheats, Caught! and reflexes, which nobody at the table can see coming.
    """
    if game.over:
        return None
    if _use_engine():
        move = engine_bots.next_move(game, _engine_bots(game, level, pace), memories, game.seed,
                                     deliberate_only=deliberate_only)
        if move is None:
            return None
        seat, action, at = move.seat, move.action, move.at
    else:
        found = _baseline_plan(game, level, deliberate_only, pace)
        if found is None:
            return None
        seat, action, at = found
    if game.settling is not None and action.startswith("hand "):
        at = game.clock   # the penalty card: at once, in the same breath as "Caught!"
    elif not action.startswith(REFLEX):
        at = paced(game, at, resume_ms, pace)
    return Planned(seat, action, max(at, game.clock))


def observe(game, level: str, memories: dict, pace: str = "normal") -> None:
    if _use_engine():
        engine_bots.observe(game, _engine_bots(game, level, pace), memories, game.seed)


def _baseline_plan(game, level: str, deliberate_only: bool = False, pace: str = "normal"):
    profile = _BASELINE.get(level, _BASELINE["normal"])
    base = game.log[-1]["t"] if game.log else 0
    best = None
    for seat in range(1, game.players):
        legal = game.legal_actions(seat)
        if not legal or deliberate_only and legal[0].startswith(REFLEX):
            continue
        rng = random.Random(f"{game.seed}:{seat}:{game.log_length}")
        action = engine_bots.BaselineBot(rng.randrange(1 << 30)).choose(game.view(seat), legal)
        if action is None:
            continue
        verb = action.split()[0]
        # A reflex counts from the window's card on the pile (the engine's land_ms).
        start = max(base, (game.window or {}).get("landed", base)) if verb in ("slap", "race") else base
        if verb == "slap":
            delay = rng.randint(*profile["slap"])
        elif verb == "race":
            if rng.random() < profile["race_miss"]:
                continue
            delay = rng.randint(*profile["race"])
        else:
            delay = pace_ms(pace)
        at = max(game.clock, start + delay)
        if best is None or at < best[2]:
            best = (seat, action, at)
    return best
