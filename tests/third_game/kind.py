"""Climb as a game kind of the platform: its facts, its practice table, its lesson and its rules.

Registered by ``apps.ThirdGameConfig.ready`` when the test settings add ``tests.third_game`` to
``INSTALLED_APPS`` (``conftest.third_game``): nothing outside this folder names it.
"""

from __future__ import annotations

from pathlib import Path

from django import forms
from django.utils.html import format_html

from mogel import games
from mogel.play import forms as lobby_forms
from mogel.play.shell import context as shell_context
from mogel.play.bots import Planned, paced
from tutorial.runner import Rules, first_owed, since

from .engine import CODES, Climb

HERE = Path(__file__).resolve().parent
HUMAN = 0

MESSAGES = {
    "too_low": "Higher than the top card, please.",
    "must_lay": "A card of yours fits: lay it.",
    "not_your_turn": "Wait for your turn.",
    "not_in_hand": "That card is not in your hand.",
}


def autopilot(step: dict, game: Climb):
    owed = first_owed(game, lambda seat, legal: legal[0] if legal else None)
    return None if owed is None else (since(game) + step.get("auto", {}).get("lay", 0), *owed)


RULES = Rules(engine=Climb, autopilot=autopilot, predicates={"top": lambda value, game: game.top == value})


class LobbyForm(lobby_forms.LobbyForm):
    lead = "You and 2 or 3 bots: lay higher, or pass."
    players = lobby_forms.players_field(3, 4)


class ClimbKind(games.GameKind):
    key, slug, name = "climb", "climb", "Climb"
    min_players, max_players = 3, 4
    about = ("Lay higher than the top card; whoever is out first wins.",)
    templates = {"body": "third_game/table.html#body", "summary": "third_game/summary.html"}
    sounds = {"turn": "table/sounds/turn.mp3"}
    engine_path, lobby_form = "tests.third_game.engine.Climb", "tests.third_game.kind.LobbyForm"
    replay_step = "tests.third_game.engine.step"
    hold_after = ()
    lessons_dir, lesson_runner = str(HERE / "lessons"), "tests.third_game.kind.RULES"
    lesson_templates = {"table": "third_game/lesson_table.html", "panel": "tutorial/_panel.html#panel"}
    learn_description = "Learn Climb."
    rules_dir, rule_slugs = str(HERE / "rules"), ("aim", "turn")
    rules_texts = {"title": "How to play Climb", "intro": "Climb higher.", "description": "The rules of Climb."}

    def new_game(self, players, seed, choices):
        return Climb.new(players, seed)

    def plan(self, game, level, memories, resume_ms=0, *, pace="normal", deliberate_only=False):
        if game.over or game.turn == HUMAN:
            return None
        return Planned(game.turn, game.legal_actions(game.turn)[0], paced(game, game.clock, resume_ms, pace))

    def summary(self, turn, names):
        game = turn.game
        if not game.over:
            return None
        return {"round": 1, "winner": names[game.winner], "ranking": game.ranking()}

    def table(self, turn, view, legal, names, *, summary, shell):
        return {**shell_context(self, view, names, shell),
                "top": view["top"], "hand": view["hand"], "legal": legal, "round_line": "Climb",
                "prompt": "Your turn" if legal else "Wait", "my_turn": bool(legal)}

    def describe(self, event, names, me):
        seat = event.get("seat", event.get("out", 0))
        who = "You" if seat == me else names[seat]
        return {"laid": f"{who} laid a {event.get('card')}.", "passed": f"{who} passed.",
                "round_end": f"{who} climbed out."}.get(event["code"], "")

    def explain(self, code, params):
        return MESSAGES.get(code, f"Not like that ({code})."), CODES.get(code, "turn")

    def rules_card(self, name):
        return format_html('<span class="climb-card">{}</span>', name) if name.isdigit() else None

    def lesson_table(self, run, shell):
        game = shell["game"]
        return {"version": len(game.log), "top": game.top, "hand": game.hands[0], "legal": shell["legal"],
                **{key: shell[key] for key in ("action_url", "poll_url", "poll_ms", "message", "message_url")}}

    def ways(self):
        return [games.Way(self.learn_url(), ("2",), "Learn Climb", "One lesson."),
                games.Way(self.play_url("lobby"), ("3",), "Play Climb", "Against bots."),
                games.Way(self.rules_url(), ("7",), "Climb's rules", "Two sections.")]

