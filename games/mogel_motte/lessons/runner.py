"""Mogel Motte's part of the lesson runner (:class:`tutorial.runner.Rules`): pure Python.

Its predicates read the engine's state (``hand_size``, ``in_hand``, ``guard``, ``top``, and a
``turn`` that means "on turn to play or draw"); its autopilot plays what the bots owe: the
first playable card in hand order, else a draw; a spider's player keeps; a giver hands its
first giftable card. A step's ``auto`` delays it per phase: ``{"turn": ms, "spider": ms,
"gifts": ms, "settling": ms}`` (default 0). Slaps, races, cheats and catches only ever come
from the step's script. The learner's eyes are the practice game's tells.
"""

from __future__ import annotations

from games.mogel_motte.engine import Game
from ..table import tells
from tutorial.runner import LEARNER, Rules, first_owed, since

_AUTO_PHASES = ("turn", "spider", "mosquito_gifts")


def _hand_size(value, game: Game) -> bool:
    seat, size = value
    return len(game.hands[seat]) == size


def _in_hand(value, game: Game) -> bool:
    seat, card = value
    return card in game.hands[seat]


def _turn(seat, game: Game) -> bool:
    return game.phase == "turn" and game.turn == seat


def _top(card, game: Game) -> bool:
    return bool(game.discard) and game.top == card


def _choose(phase: str):
    def choose(seat: int, legal: list[str]) -> str | None:
        if phase == "turn":
            plays = [a for a in legal if a.startswith("play ")]
            return plays[0] if plays else "draw"
        if phase == "spider":
            return "keep"
        hands = [a for a in legal if a.startswith("hand ")]
        return hands[0] if hands else None
    return choose


def autopilot(step: dict, game: Game) -> tuple[int, int, str] | None:
    if game.settling is not None:
        phase = "settling"
    elif game.phase in _AUTO_PHASES:
        phase = "gifts" if game.phase == "mosquito_gifts" else game.phase
    else:
        return None
    owed = first_owed(game, _choose(phase))
    if owed is None:
        return None
    return since(game) + step.get("auto", {}).get(phase, 0), *owed


def watch(game: Game, eyes: dict) -> None:
    tells.watch(game.view(LEARNER), eyes, len(game.log))


RULES = Rules(
    engine=Game,
    autopilot=autopilot,
    predicates={"hand_size": _hand_size, "in_hand": _in_hand, "guard": lambda seat, game: game.guard == seat,
                "turn": _turn, "top": _top},
    round_events=("round_end", "round_start", "game_end"),
    watch=watch,
)
