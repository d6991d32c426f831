"""Mogelei's bots at the web table: which bot moves next, what it does, and when.

The bots themselves (``games.mogelei.engine.bots``) decide from their own ``view`` and memory. Here
they get their timing: every decision takes a visible moment at the game's pace
(``mogel.play.bots.PACES``), drawn from a generator seeded by the game, the seat and the
number of events so far, never by the bot's cards or choice. So a forced "keep hidden" takes
as long as a chosen one, and laying another colour as long as following: nobody learns from
timing what the rules hide.
"""

from __future__ import annotations

import random

from mogel.play.bots import Planned, last_public_t, pace_ms
from games.mogelei.engine import bots as engine_bots
from games.mogelei.engine.game import tempo_of
from games.mogelei.engine.expert import ExpertBot

HUMAN = 0
# A decision's time as a share of the pace, by phase: laying is quick (everyone lays at once),
# revealing a moment, the choice on turn the longest.
SHARE = {"call": (1.0, 1.3), "lay": (0.5, 0.9), "reveal": (0.6, 1.0), "choose": (0.9, 1.4)}
# The round just settled stays on the table (its last pass turned up) while its collector calls:
# a bot caller waits this many paces more, so the player can read who collected and who got the egg.
READ_PACES = 2.0


def delay_ms(game, seat: int, pace: str) -> int:
    low, high = SHARE.get(game.phase, (1.0, 1.0))
    share = random.Random(f"mogelei-pace:{game.seed}:{game.log_length}:{seat}").uniform(low, high)
    if game.phase == "call" and game.game_round > 1:
        share += READ_PACES
    return round(pace_ms(pace, tempo_of(game.options)) * share)


def plan(game, level: str, memories: dict, resume_ms: int = 0, pace: str = "normal",
         seats=None) -> Planned | None:
    """The bot move due first, or None (the match is over, or only people owe one). ``seats``: the
    seats the bots play (a friends' table); every seat but the player's by default."""
    if game.over:
        return None
    start = max(last_public_t(game), resume_ms)
    due = [(start + delay_ms(game, seat, pace), seat) for seat in game.expected()
           if (seat != HUMAN if seats is None else seat in seats)]
    if not due:
        return None
    at, seat = min(due)
    legal = game.legal_actions(seat)
    bot = ExpertBot(game.seed) if level == "expert" else engine_bots.Bot(level, game.seed)
    action = bot.choose(_whole(game.view(seat)), legal, memories.get(seat) or {})
    return Planned(seat, action, max(at, game.clock))


def observe(game, memories: dict, seats=None) -> None:
    """Let every bot's memory take in the game after a change."""
    for seat in range(game.players):
        if (seat != HUMAN if seats is None else seat in seats):
            engine_bots.observe(_whole(game.view(seat)), memories.setdefault(seat, {}))


def _whole(view: dict) -> dict:
    """The view with this round's log counted from the round's start: the web game trims events it
    has stored (``log_start`` of them), and a bot's memory counts the events it has read by index.
    It read the trimmed ones when they were new (it observes after every change)."""
    start = view.get("log_start") or 0
    if not start:
        return view
    return {**view, "log": [{"code": "trimmed"}] * start + list(view["log"])}
