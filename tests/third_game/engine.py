"""Climb's rules engine: pure Python (no Django), of the platform only ``mogel.core``.

Players take turns laying a card higher than the top one, or pass when none is; when every
player has passed in a row the pile is cleared (anything may be laid). Who lays their last
card first ends the round and wins. A dealt game: nine cards 1..9 shuffled by the
seed, ``hand`` cards each, the first one up. ``view(seat)`` hides the other hands. Its own
refusals (``too_low``, ``must_lay``) are registered with the platform's core.
"""

from __future__ import annotations

import json
import random

from mogel.core import errors
from mogel.core.eventlog import EventLog, seen_by

CODES = {
    "malformed": "turn", "bad_seat": "turn", "time_backwards": "turn", "game_over": "aim",
    "not_your_turn": "turn", "not_in_hand": "turn",
    "too_low": "turn",       # a card not higher than the top one
    "must_lay": "turn",      # a pass while a card fits
}
IllegalAction = errors.register("climb", CODES)


class Climb(EventLog):
    """One round of Climb as one state: ``legal_actions``, ``apply``, ``view``, seeded, JSON round trip."""

    def __init__(self, players: int, hands: list[list[str]], top: int, turn: int, seed: int = 0):
        self.players, self.hands, self.top, self.turn, self.seed = players, hands, top, turn, seed
        self.clock, self.round, self.winner, self.passes = 0, 1, None, 0
        self.log: list[dict] = [{"code": "round_start", "round": 1, "turn": turn, "t": 0},
                                *({"code": "dealt", "seat": s, "cards": list(h), "only": [s], "t": 0}
                                  for s, h in enumerate(hands))]
        self.log_base, self.log_dropped, self.round_log_start = 0, [0] * players, 0
        self.history: list[dict] = []

    @classmethod
    def new(cls, players: int, seed: int, hand: int = 2) -> Climb:
        cards = [str(n) for n in range(1, 10)]
        random.Random(f"climb:{seed}").shuffle(cards)
        top = int(cards.pop())
        return cls(players, [cards[s * hand:(s + 1) * hand] for s in range(players)], top, 0, seed)

    @classmethod
    def from_scenario(cls, scenario: dict, seed: int = 0) -> Climb:
        return cls(scenario["players"], [list(h) for h in scenario["hands"]], scenario["top"], scenario["turn"], seed)

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str) -> Climb:
        game = cls.__new__(cls)
        game.__dict__.update(json.loads(text))
        return game

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def phase(self) -> str:
        return "over" if self.over else "lay"

    def expected(self) -> list[int]:
        return [] if self.over else [self.turn]

    def legal_actions(self, seat: int) -> list[str]:
        if self.over or seat != self.turn:
            return []
        return [f"lay {c}" for c in self.hands[seat] if int(c) > self.top] or ["pass"]

    def _refusal(self, seat: int, action: str) -> IllegalAction:
        verb, _, card = action.partition(" ")
        if verb not in ("lay", "pass") or (verb == "lay") != bool(card):
            return IllegalAction("malformed", f"not a move: {action!r}")
        if not 0 <= seat < self.players:
            return IllegalAction("bad_seat", f"no seat {seat}")
        if self.over:
            return IllegalAction("game_over", "the round is over")
        if seat != self.turn:
            return IllegalAction("not_your_turn", f"seat {self.turn} is on turn")
        if verb == "pass":
            return IllegalAction("must_lay", "a card fits")
        if card not in self.hands[seat]:
            return IllegalAction("not_in_hand", f"{card} is not in hand", card=card)
        return IllegalAction("too_low", f"{card} is not above {self.top}", card=card, top=self.top)

    def apply(self, seat: int, action: str, at: int) -> list[dict]:
        if at < self.clock:
            raise IllegalAction("time_backwards", f"{at} is before {self.clock}")
        if action not in self.legal_actions(seat):
            raise self._refusal(seat, action)
        mark, self.clock = len(self.log), at
        verb, _, card = action.partition(" ")
        if verb == "lay":
            self.hands[seat].remove(card)
            self.top, self.passes = int(card), 0
            self.log.append({"code": "laid", "seat": seat, "card": card, "t": at})
        else:
            self.passes += 1
            self.log.append({"code": "passed", "seat": seat, "t": at})
            if self.passes == self.players:
                self.top, self.passes = 0, 0
                self.log.append({"code": "cleared", "t": at})
        if not self.hands[seat]:
            self.winner = seat
            self.history.append({"round": self.round, "winner": seat})
            self.log.append({"code": "round_end", "out": seat, "t": at})
        self.turn = (seat + 1) % self.players
        return self.log[mark:]

    def advance(self, now: int) -> list[dict]:
        self.clock = max(self.clock, now)
        return []

    def next_deadline(self) -> None:
        return None

    def ranking(self) -> list[list[int]]:
        return [[self.winner], [s for s in range(self.players) if s != self.winner]]

    def view(self, seat: int | None) -> dict:
        return {"seat": seat, "players": self.players, "top": self.top, "turn": self.turn, "round": self.round,
                "phase": self.phase, "hand_sizes": [len(h) for h in self.hands], "clock": self.clock,
                "hand": list(self.hands[seat]) if seat is not None else [],
                "log": [e for e in (seen_by(e, seat) for e in self.log) if e], "log_start": self.log_base}


def step(game: Climb, event: dict) -> None:
    """The move a logged event starts (``mogel.core.replay``): a lay or a pass."""
    action = f"lay {event['card']}" if event["code"] == "laid" else "pass"
    game.apply(event["seat"], action, event["t"])
