"""A made-up second game kind, for tests only: "Climb", a tiny engine whose players take
turns laying a card higher than the top one (or pass), with one lesson and two rules
sections in this folder. It proves that the lessons and the rules pages serve any kind
through the generic code (``tutorial``, ``mogel.rules``) alone.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.utils.html import format_html

from mogel.core.errors import IllegalAction
from mogel.games import GameKind
from tutorial.runner import Rules, first_owed, since

HERE = Path(__file__).resolve().parent


class Climb:
    """The engine: the shape the runner needs, nothing more."""

    def __init__(self, players: int, hands: list[list[str]], top: int, turn: int):
        self.players, self.hands, self.top, self.turn = players, hands, top, turn
        self.log: list[dict] = []
        self.clock, self.over = 0, False

    @property
    def phase(self) -> str:
        return "over" if self.over else "lay"

    @classmethod
    def from_scenario(cls, scenario: dict, seed: int = 0) -> Climb:
        game = cls(scenario["players"], [list(h) for h in scenario["hands"]], scenario["top"], scenario["turn"])
        game.log.append({"code": "round_start", "turn": game.turn, "t": 0})
        return game

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str) -> Climb:
        game = cls.__new__(cls)
        game.__dict__.update(json.loads(text))
        return game

    def expected(self) -> list[int]:
        return [] if self.over else [self.turn]

    def legal_actions(self, seat: int) -> list[str]:
        if self.over or seat != self.turn:
            return []
        return [f"lay {c}" for c in self.hands[seat] if int(c) > self.top] or ["pass"]

    def apply(self, seat: int, action: str, at: int) -> list[dict]:
        if self.over:
            raise IllegalAction("game_over", "over")
        if seat != self.turn:
            raise IllegalAction("not_your_turn", "wait")
        verb, _, card = action.partition(" ")
        if action not in self.legal_actions(seat):
            if verb == "lay" and card not in self.hands[seat]:
                raise IllegalAction("not_in_hand", "no such card", card=card)
            raise IllegalAction("does_not_fit" if verb == "lay" else "malformed", "no")
        mark = len(self.log)
        self.clock = max(self.clock, at)
        if verb == "lay":
            self.hands[seat].remove(card)
            self.top = int(card)
            self.log.append({"code": "laid", "seat": seat, "card": card, "t": self.clock})
        else:
            self.log.append({"code": "passed", "seat": seat, "t": self.clock})
        if not self.hands[seat]:
            self.over = True
            self.log.append({"code": "round_end", "out": seat, "t": self.clock})
        self.turn = (seat + 1) % self.players
        return self.log[mark:]

    def advance(self, now: int) -> list[dict]:
        self.clock = max(self.clock, now)
        return []

    def next_deadline(self) -> None:
        return None

    def view(self, seat: int | None) -> dict:
        return {"seat": seat, "top": self.top, "turn": self.turn, "hand_sizes": [len(h) for h in self.hands],
                "hand": self.hands[seat] if seat is not None else [], "log": list(self.log)}


def autopilot(step: dict, game: Climb):
    owed = first_owed(game, lambda seat, legal: legal[0] if legal else None)
    return None if owed is None else (since(game) + step.get("auto", {}).get("lay", 0), *owed)


RULES = Rules(engine=Climb, autopilot=autopilot, predicates={"top": lambda value, game: game.top == value})


class FakeKind(GameKind):
    key = "climb"
    slug = "climb"
    name = "Climb"
    engine_path = "tests.site.fake_kind.Climb"
    lessons_dir = str(HERE / "lessons")
    lesson_runner = "tests.site.fake_kind.RULES"
    lesson_templates = {"table": "fake_kind/_table.html", "panel": "tutorial/_panel.html#panel"}
    learn_description = "Learn Climb."
    rules_dir = str(HERE / "rules")
    rule_slugs = ("aim", "turn")
    rules_texts = {"title": "How to play Climb", "intro": "Climb higher.", "description": "The rules of Climb."}

    def describe(self, event, names, me):
        who = "You" if event.get("seat") == me else names[event.get("seat", 0)]
        return {"laid": f"{who} laid a {event.get('card')}.", "passed": f"{who} passed."}.get(event["code"], "")

    def explain(self, code, params):
        return f"Not like that ({code}).", "turn"

    def rules_card(self, name):
        return format_html('<span class="climb-card">{}</span>', name) if name.isdigit() else None

    def lesson_table(self, run, shell):
        game = shell["game"]
        return {"version": len(game.log), "top": game.top, "hand": game.hands[0], "legal": shell["legal"],
                **{key: shell[key] for key in ("action_url", "poll_url", "poll_ms", "message", "message_url")}}
