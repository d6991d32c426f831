"""Mogelei's part of the lesson runner (:class:`tutorial.runner.Rules`): pure Python.

Autopilot (what a bot owes that no script entry plays first): a call names the first colour
it may, a lay puts down the first card it may (the called colour when it has one), a reveal
decision keeps the card hidden, and a bot on turn ends the round. A step's ``auto`` delays it
per phase (``{"call": ms, "lay": ms, "reveal": ms, "choose": ms}``, default 0) and may name a
bot's own moves, tried first while legal: ``"moves": {"2": ["reveal", "accuse 0"]}``.

Predicates besides the shared ones (``event``, ``phase``, ``turn``, ``over``, ``all`` …), read
from the public view: ``{"on_turn": 0}``, ``{"colour": "black"}`` (the called colour),
``{"reveal_next": 2}``, ``{"collector": 2}`` (who collected the last settled round),
``{"fattest_egg": 0}`` (who earned the last fattest egg; ``null``: nobody did),
``{"hand_size": [0, 3]}``, ``{"rewards": [0, 1]}`` (reward cards a seat holds),
``{"pile": [0, 10]}`` (cards a seat has collected). An accusation is an event:
``{"event": "accused", "seat": 0, "right": true}``.
"""

from __future__ import annotations

from games.mogelei.engine import Game
from tutorial.runner import Rules, first_owed, since


def _public(game: Game) -> dict:
    return game.view(None)


_NONE_YET = object()


def _last(game: Game, code: str):
    """The seat of the last ``code`` event (None for a ``no_<code>`` one), or a marker no seat equals."""
    found = [e for e in game.log if e["code"] in (code, f"no_{code}")]
    return found[-1].get("seat") if found else _NONE_YET


def _pair(field: str):
    def test(value, game: Game) -> bool:
        seat, count = value
        return _public(game)[field][seat] == count
    return test


def autopilot(step: dict, game: Game) -> tuple[int, int, str] | None:
    auto = step.get("auto", {})
    moves = auto.get("moves", {})

    def choose(seat: int, legal: list[str]) -> str | None:
        wanted = [m for m in moves.get(str(seat), []) if m in legal]
        if wanted:
            return wanted[0]
        if game.phase == "reveal":
            return "hide"
        if game.phase == "choose":
            return "end"
        return legal[0] if legal else None

    owed = first_owed(game, choose)
    return None if owed is None else (since(game) + auto.get(game.phase, 0), *owed)


RULES = Rules(
    engine=Game,
    autopilot=autopilot,
    predicates={
        "on_turn": lambda seat, game: _public(game)["on_turn"] == seat,
        "colour": lambda colour, game: _public(game)["colour"] == colour,
        "reveal_next": lambda seat, game: _public(game)["reveal_next"] == seat,
        "collector": lambda seat, game: _last(game, "collected") == seat,
        "fattest_egg": lambda seat, game: _last(game, "fattest_egg") == seat,
        "hand_size": _pair("hand_sizes"),
        "rewards": _pair("rewards"),
        "pile": _pair("piles"),
    },
    round_end="round_end",
    # Ending, accusing and what follows settle the round in the same move: a step about any
    # of them is about the end of the round.
    round_events=("round_end", "ended", "accused", "turned_up", "fattest_egg", "no_fattest_egg", "collected",
                  "collector", "game_end", "match_end"),
)
