"""What every kind's bots share in the practice game: the pace and the planned move.

Each kind plans its own bots (``GameKind.plan``, each game's ``table/bots.py``) from
``game.view(seat)`` only; the platform decides when a deliberate move may come: no earlier
than a pace after the last event everyone saw (:func:`paced`), so the table never jumps.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

LEVELS = ("easy", "normal", "hard", "expert")

# The lobby's pace choice, as a factor on ``settings.MOGEL_BOT_PACE_MS`` (the normal pace):
# 1.8 / 1.0 / 0.6 s between deliberate bot moves with the default of 1000 ms.
PACES = {"relaxed": 1.8, "normal": 1.0, "quick": 0.6}


@dataclass(frozen=True)
class Planned:
    seat: int
    action: str
    at: int


def pace_ms(pace: str = "normal", tempo: int = 1) -> int:
    """Ms between two deliberate bot moves at the game's pace (reflexes never scale with it) and
    tempo (``mogel.play.tempo``: everything timed against a person does)."""
    return round(int(getattr(settings, "MOGEL_BOT_PACE_MS", 1000)) * PACES.get(pace, 1.0) * tempo)


def last_public_t(game) -> int:
    """The time of the last event every seat saw (one with no ``only`` list)."""
    for event in reversed(game.log):
        if "only" not in event:
            return event["t"]
    return 0


def paced(game, at: int, resume_ms: int = 0, pace: str = "normal", tempo: int = 1) -> int:
    """A deliberate move's time: at least a pace (at the game's ``tempo``, which the game
    knows) after the last public event and after ``resume_ms`` (when the player went on from a
    summary), never before the game's clock."""
    return max(at, max(last_public_t(game), resume_ms) + pace_ms(pace, tempo), game.clock)
