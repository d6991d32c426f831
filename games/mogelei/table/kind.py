"""Mogelei as a game kind of the shared practice-game platform (``mogel.games``, docs/platform.md).

Its engine (``games.mogelei.engine``), its bots with their pace (:mod:`.bots`), what the player's
seat sees (the engine's ``seen_by``), the table's body (:mod:`.present`,
``games/mogelei/templates/mogelei/table.html``), the scores shown after each game and at the end of the match.
Registered by the ``mogelei`` app's ``ready()``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from mogel.core.eventlog import seen_by
from mogel.games import GameKind, Way
from mogel.rules.links import rules_url
from games.mogelei.cards.render import render_card
from games.mogelei.lessons import web as lessons
from games.mogelei.rules.kind import MogeleiRules

from . import bots, motion
from .events import describe
from .lobby import dealer_seat
from .present import game_summary, present, round_summary
from .refusals import explain
from .regions import REGIONS

HUMAN = 0
MOGELEI = "mogelei"


class Mogelei(MogeleiRules, GameKind):
    key = MOGELEI
    name = gettext_lazy("Mogelei")
    about = (gettext_lazy("A bluffing card game for 3 to 8 players: lay a card face down, reveal it or keep it "
                          "hidden – and catch the bluffers. Every fried egg you collect costs you a point."),)
    min_players, max_players = 3, 8
    slug = "mogelei"
    engine_path = "games.mogelei.engine.Game"
    lobby_form = "games.mogelei.table.lobby.LobbyForm"
    replay_step = "games.mogelei.engine.replay.step"
    regions = REGIONS
    templates = {
        "body": "mogelei/table.html#body",
        "summary": "mogelei/_summary.html",
        "head": "mogelei/_head.html",
        "help": "mogelei/_help.html",
        "scripts": "mogelei/_scripts.html",
        "logo": "mogelei/_logo.html",
    }
    sounds = {name: f"table/sounds/{name}.mp3" for name in ("turn", "caught", "round", "celebrate")}
    # The scores of a game stay on screen until the player goes on; rounds flow on.
    hold_after = ("game_end",)
    # "continue" is one of Mogelei's own moves: the button after a game's scores posts another word.
    go_on = "next"
    # Everyone lays at once: a lay is judged when it arrives, never refused because a bot laid
    # meanwhile (the engine refuses a second one). Every other move waits for the player alone.
    fast_actions = {"lay": ("laid",)}
    # The lessons (games.mogelei.lessons.web): the shared lesson pages with Mogelei's table.
    lessons_dir, lesson_runner = "games/mogelei/lessons/data", "games.mogelei.lessons.runner.RULES"
    lesson_templates, lesson_table = lessons.TEMPLATES, staticmethod(lessons.lesson_table)
    learn_description, lessons_intro = lessons.LEARN_DESCRIPTION, lessons.LESSONS_INTRO

    # -- engine ---------------------------------------------------------------------------

    def new_game(self, players, seed, choices):
        return self.engine.new(players, seed, games=int(choices.get("games") or 5),
                               dealer=dealer_seat(choices.get("dealer") or "right", players, seed),
                               tempo=choices.get("tempo", 1))

    def from_scenario(self, scenario, seed, choices):
        options = {"games": int(choices.get("games") or 5), "tempo": choices.get("tempo", 1),
                   **scenario.get("options", {})}
        return self.engine.from_scenario({**scenario, "options": options}, seed=seed)

    # -- bots -----------------------------------------------------------------------------

    # Every Mogelei move is deliberate: the page may wake for each.
    every_move_deliberate = True

    def plan(self, game, level, memories, resume_ms=0, *, pace="normal", deliberate_only=False, seats=None):
        return bots.plan(game, level, memories, resume_ms, pace, seats)

    def observe(self, game, level, memories, pace="normal", seats=None):
        bots.observe(game, memories, seats)

    # -- what the player's seat sees ------------------------------------------------------

    def onlooker_view(self, game):
        """A spectator: the engine's onlooker view (no hand, every face-down card hidden), placed
        at the first seat's place for the presenter, which draws a table around a seat."""
        return {**game.view(None), "seat": 0}

    def visible(self, event, seat):
        return seen_by(event, seat)

    def urgent(self, event, me):
        # The person's own turn, the call they owe, and "You're bluffing!" said to them come first.
        code = event.get("code")
        if code == "on_turn":
            return event.get("seat") == me
        if code == "round_start":
            return event.get("caller") == me
        return code == "accused" and event.get("target") == me

    # -- the table ------------------------------------------------------------------------

    def summary(self, turn, names):
        """After a game: its last round (the last pass turned up), fried eggs, reward cards and
        points, the match so far; at the end of the match the ranking."""
        game, me = turn.game, getattr(turn, "seat", HUMAN)
        if not game.games_history:
            return None
        finished = game.games_history[-1]["game"]
        result = game_summary({"players": game.players, "games_history": game.games_history}, names, me,
                              game.ranking() if game.over else None)
        last_round = next((h for h in reversed(game.history) if h["game"] == finished), None)
        summary = {**result, "round": last_round["round"] if last_round else game.round,
                   "last_round": round_summary(last_round, names, me, game.options["eggs"]) if last_round else None,
                   "go_on_label": _("Start the next game")}
        if summary["last_round"]:
            summary["last"] = [{**row, **{k: passed[k] for k in ("card", "how", "egg")}}
                               for row, passed in zip(summary["last"], summary["last_round"]["rows"])]
        if not game.over:
            del summary["ranking"]
        return summary

    def table(self, turn, view, legal, names, *, summary, shell):
        context = present(view, legal, names, action_url=shell["action_url"], version=shell["version"],
                          announce=shell["announce"], moved=shell["moved"], extra=shell["page"])
        if summary and turn.row.hold:
            context["prompt"] = _("Game %(game)s is over. Read the scores, then start the next game.") % {
                "game": summary["game"]}
            context["my_turn"] = False
        return context

    # The sentences, refusals and moves are the table package's own functions.
    describe = staticmethod(describe)
    explain = staticmethod(explain)
    moves = staticmethod(motion.moves)

    def card_art(self, card, size="sm"):
        return render_card(card, size=size, decorative=True)

    def ways(self):
        """Learn (once the lessons are there), play, the rules."""
        from tutorial.views import lesson_url

        ways = []
        if self.lessons_dir:
            ways.append(Way(lesson_url(self, "index"), ("yellow-12", "black-9"), _("Learn Mogelei in lessons"),
                            _("Short lessons: follow colour face down, reveal or bluff, accuse.")))
        ways.append(Way(self.play_url("lobby"), ("red-7", "blue-3"), _("Play Mogelei against bots"),
                        _("Bluff with face-down cards against 2 to 7 computer players.")))
        ways.append(Way(rules_url(self), ("black-1", "red-15"), _("The rules of Mogelei"),
                        _("Every rule explained simply, with the worked example.")))
        return ways
