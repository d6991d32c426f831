"""Mogel Motte as a game kind of the platform (``mogel.games``).

Everything the platform needs to know about Mogel Motte and nothing else: its facts (the
site's first game, whose pages keep their top-level addresses), its engine and options, its
bots, what a seat sees, the fast actions judged on time (slap, race, Caught!) and how they are
dated, the player's eyes (tells), the round summary and the table's body, its lessons and rules.
Registered by ``games.mogel_motte.apps.MogelMotteConfig.ready``.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from mogel.core.seats import placed
from mogel.games import GameKind, Way

from ..cards.names import FORM_PLACEHOLDERS, parse_card
from ..cards.render import render_card
from ..engine.game import DEFAULT_OPTIONS, tempo_of, window_ms
from ..lessons.web import lesson_table
from ..rules.anchors import SLUGS
from . import bots, motion, tells
from .events import describe, noticed
from .refusals import explain, explain_late
from .regions import REGIONS

HUMAN = 0


def window_options() -> dict:
    """The fast windows' lengths (the practice game's; the lessons read them too): the engine's
    defaults, tuned with bench/windows.py on a slowed-down phone, unless the settings name
    ``MOGEL_MOSQUITO_MS`` (slap window), ``MOGEL_COCKROACH_MS`` (race window) or
    ``MOGEL_ACT_MS`` (how long a cheat is "in the act"); tests shorten or lengthen them."""
    return {
        "mosquito_ms": int(getattr(settings, "MOGEL_MOSQUITO_MS", DEFAULT_OPTIONS["mosquito_ms"])),
        "cockroach_ms": int(getattr(settings, "MOGEL_COCKROACH_MS", DEFAULT_OPTIONS["cockroach_ms"])),
        "act_ms": int(getattr(settings, "MOGEL_ACT_MS", DEFAULT_OPTIONS["act_ms"])),
    }


def table_options() -> dict:
    """The practice game's engine options: the windows, counted from the moment the window's card
    has flown onto the pile (``motion.LAND_MS``, or ``settings.MOGEL_LAND_MS``)."""
    return {**window_options(), "land_ms": int(getattr(settings, "MOGEL_LAND_MS", motion.LAND_MS))}


def first_guard_seat(choice: str, players: int, seed: int) -> int:
    """The lobby's choice of first guard as a seat: you (0), the player on your left (the next
    seat clockwise), or drawn by lot from the game's seed, so a replay draws the same."""
    if choice == "left":
        return 1
    if choice == "random":
        return random.Random(f"mogel:first-guard:{seed}").randrange(players)
    return HUMAN


def _window_opened_at(game) -> int | None:
    """Log index of the event that opened the current window (the game keeps it while the window is open)."""
    if game.window is None:
        return None
    code = game.window["kind"] + "_open"
    for i in range(len(game.log) - 1, -1, -1):
        if game.log[i]["code"] == code:
            return game.log_base + i
    return None


class MogelMotte(GameKind):
    key = "mogel-motte"
    name = gettext_lazy("Cheating Moth")
    min_players, max_players = 3, 5
    # The site's first game: its pages keep the addresses they had before the platform
    # (/de/spielen/, /de/regeln/, /de/lernen/), its session keys and its plain page titles.
    top_level = True
    engine_path = "games.mogel_motte.engine.Game"
    lobby_form = "games.mogel_motte.table.lobby.LobbyForm"
    replay_step = "games.mogel_motte.engine.replay.step"
    regions = REGIONS
    templates = {
        "body": "mogel_motte/table.html#body",
        "summary": "mogel_motte/summary.html",
        "head": "mogel_motte/_head.html",
        "help": "mogel_motte/help.html",
        "scripts": "mogel_motte/scripts.html",
    }
    # The table's shared sounds (mogel/table/static/table/sounds/) and Mogel Motte's own.
    sounds = {**{name: f"table/sounds/{name}.mp3" for name in ("turn", "caught", "round", "celebrate")},
              **{name: f"mogel_motte/sounds/{name}.mp3" for name in ("mosquito", "cockroach", "slap")}}
    interchangeable_placeholders = FORM_PLACEHOLDERS
    hold_after = ("round_end",)
    # Slaps, races and Caught! are judged by the rules at the time they were made. The same one
    # again since the page was drawn is a double tap (a second Caught! would cost a second card).
    # A cheat too: the bots play on while the player picks a card, so it is refused only when the
    # rules refuse it when it arrives (the card gone, already in the act), never for a changed table.
    fast_actions = {"slap": ("slapped",), "race": ("raced",), "catch": ("caught", "wrong_accusation"),
                    "cheat": ("cheated",)}
    lessons_dir = "games/mogel_motte/lessons/data"
    lesson_runner = "games.mogel_motte.lessons.runner.RULES"
    lesson_templates = {"table": "mogel_motte/lesson_table.html#table", "panel": "tutorial/_panel.html#panel",
                        "head": "mogel_motte/_head.html", "scripts": "mogel_motte/_scripts.html"}
    about = (
        gettext_lazy("Cheating Moth is a quick card game for 3 to 5 players. Get rid of your cards: after the last "
                     "round, whoever has the fewest minus points wins."),
        gettext_lazy("Play your cards onto the pile – or, when nobody is looking, make them disappear: under the "
                     "table, up your sleeve, onto the floor. That's allowed!"),
        gettext_lazy("Only the guard may not cheat: whoever holds the Guard Bug keeps an eye on everyone else. "
                     "A cheater who gets caught takes the card back."),
    )
    learn_description = gettext_lazy("Learn Cheating Moth step by step: short lessons you play on the card table.")
    lessons_intro = gettext_lazy("Eleven short lessons. In each one you play a few moves yourself – Mia, Leo and "
                                 "Ben play along. You can't break anything: a wrong move is simply explained, "
                                 "and you try again.")
    rules_dir = "games/mogel_motte/rules/data"
    has_summary = True
    rule_slugs = SLUGS
    rules_texts = {
        "title": gettext_lazy("How to play Cheating Moth"),
        "intro": gettext_lazy("Everything you need to play Cheating Moth with your family. Read it from top to "
                              "bottom before your first game, or jump straight to the rule you are wondering about."),
        "description": gettext_lazy("The complete rules of the card game Cheating Moth, explained simply with "
                                    "pictures of the cards: setup, turns, cheating, the Guard Bug, the action cards "
                                    "and scoring."),
        "summary_title": gettext_lazy("Cheating Moth: the rules on one page"),
        "summary_description": gettext_lazy("The rules of the card game Cheating Moth in short, with pictures of the "
                                            "cards. Printed, they fit on one A4 sheet."),
    }

    # -- engine ---------------------------------------------------------------------------

    def new_game(self, players: int, seed: int, choices: dict):
        return self.engine.new(players, seed, ant_pile=choices["ant_pile"], rounds=choices["rounds"],
                               first_guard=first_guard_seat(choices.get("first_guard", "me"), players, seed),
                               tempo=choices.get("tempo", 1), **table_options())

    def scenario(self) -> dict | None:
        """``settings.PLAY_SCENARIOS["mogel-motte"]``, or as before ``settings.MOGEL_PLAY_SCENARIO``."""
        return super().scenario() or getattr(settings, "MOGEL_PLAY_SCENARIO", None) or None

    def from_scenario(self, scenario: dict, seed: int, choices: dict):
        """The scenario's player count wins over the lobby's; the windows still come from the settings."""
        options = {"ant_pile": choices["ant_pile"], "rounds": choices["rounds"], **table_options(),
                   "tempo": choices.get("tempo", 1), **scenario.get("options", {})}
        return self.engine.from_scenario({**scenario, "options": options}, seed=seed)

    # -- bots -----------------------------------------------------------------------------

    def plan(self, game, level, memories, resume_ms=0, *, pace="normal", deliberate_only=False, seats=None):
        return bots.plan(game, level, memories, resume_ms, deliberate_only=deliberate_only, pace=pace, seats=seats)

    def observe(self, game, level, memories, pace="normal", seats=None):
        bots.observe(game, level, memories, pace, seats)

    def is_reflex(self, game, action):
        return bots.is_reflex(game, action)

    # -- what the player's seat sees ------------------------------------------------------

    def noticed(self, event, seat):
        return noticed(event, seat)

    def onlooker_view(self, game):
        """A spectator sees the table from the first seat's place without its hand, its act or
        any event that seat alone saw: the engine's view is always a seat's."""
        view = game.view(0)
        log = [e for e in (self.visible(e, None) for e in view["log"]) if e]
        return {**view, "hand": [], "act": None, "log": log}

    def page_deadlines(self, game, seat):
        """A window closing, the player's own cheat getting away (never a bot's: nobody sees it coming)."""
        if game.settling is not None:
            return []
        times = []
        if game.window is not None:
            times.append(game.window["closes"])
        if seat in game.acts:
            times.append(game.acts[seat]["until"])
        return times

    # -- fast actions ---------------------------------------------------------------------

    def answered(self, turn, verb, action):
        """The open mosquito or cockroach window a slap or race answers; for Caught! the tell on the accused seat.

        For a window: when its card was on the pile, the player's version that opened it, and
        how long the page's motion takes to put the card there (the page times the reaction
        from the landing, ``mogel_motte/reflex.js``). A tell shows at once."""
        game = turn.game
        if verb not in ("slap", "race", "catch"):
            return None   # a cheat answers nothing: it counts when it arrives
        if verb in ("slap", "race"):
            index = _window_opened_at(game)
            if index is None or game.window["kind"] != ("mosquito" if verb == "slap" else "cockroach"):
                return None
            opened = game.log[index - game.log_base]
            landed = opened.get("landed", opened["t"])
            return landed, turn.public_after(index), landed - opened["t"]
        seat = action.split()[1:2]
        tell = (turn.eye(turn.seat).get("tells") or {}).get(seat[0] if seat else "")
        if tell is None:
            return None
        return tell["since"], tell["n"], 0

    def held_ms(self, game, move, seats=(HUMAN,)):
        """A bot's race waits out the reflex credit cap while the player holds a card to race with.

        The first race wins the cockroach, and the player's tap counts up to the cap before it
        arrives (``service.dated``). Made as soon as it is due, a bot's race would take the card
        before such a tap arrives, and a player who was faster on their own screen would lose.
        Nothing the page can see changes meanwhile.
        """
        from mogel.play.service import CREDIT_CAP_MS

        if move.action.startswith("race ") and any(a.startswith("race ") for seat in seats
                                                   for a in game.legal_actions(seat)):
            return CREDIT_CAP_MS
        return 0

    def held_deadline_ms(self, game, seats=(HUMAN,)):
        """A window or a cheat's act runs out a credit cap later while a person could still
        answer it: a slap from someone who has not slapped, a race from someone holding the
        card, a Caught! from a guard who is a person. Their tap, made in time on their screen,
        may still be on its way (``service.dated`` counts it at that time); applied at once by
        another page's request, the deadline would refuse it. Nothing any page draws changes
        meanwhile: the table is drawn at the present, so the window is gone from every screen
        at its time."""
        from mogel.play.service import CREDIT_CAP_MS

        deadline = game.next_deadline()
        window = game.window
        if window is not None and window["closes"] == deadline:
            if window["kind"] == "mosquito":
                answering = [s for s in seats if s != window["by"] and s not in window["slapped"]]
            else:
                answering = [s for s in seats if any(a.startswith("race ") for a in game.legal_actions(s))]
            return CREDIT_CAP_MS if answering else 0
        acts = [s for s, act in game.acts.items() if act["until"] == deadline and s != game.guard]
        return CREDIT_CAP_MS if acts and game.guard in seats else 0

    def held_tap_ms(self, game, action, seats=()):
        """A person's race waits out the credit cap while another person still holds a card to
        race with: their race, made earlier on their own screen, may still be on its way, and
        the first race takes the cockroach. Once every such person has raced, or the cap has
        passed, the races are judged by their dates."""
        from mogel.play.service import CREDIT_CAP_MS

        if action.startswith("race ") and any(a.startswith("race ") for seat in seats
                                              for a in game.legal_actions(seat)):
            return CREDIT_CAP_MS
        return 0

    def fast_time(self, game, verb, at):
        """A slap may be dated before what others did meanwhile (the engine places it among the
        slaps by its time); anything else happens no earlier than the game's clock."""
        return at if verb == "slap" else max(at, game.clock)

    # -- the player's eyes ----------------------------------------------------------------

    def watch(self, turn, seat=HUMAN):
        """Hands that shrank without a logged reason (``games.mogel_motte.table.tells``), in the seat's eyes."""
        tells.watch(turn.game.view(seat), turn.eye(seat), turn.public_version(seat))

    def forget(self, memory, clock):
        tells.prune(memory, clock)

    # -- the table ------------------------------------------------------------------------

    def summary(self, turn, names):
        game, me = turn.game, getattr(turn, "seat", HUMAN)
        if not game.history:
            return None
        last = game.history[-1]
        summary = {
            "round": last["round"],
            "rows": [{"name": names[s], "is_me": s == me, "cards": len(last["hands"][s]),
                      "minus": last["minus"][s], "total": last["totals"][s]} for s in range(game.players)],
            "next_guard": names[game.guard] if not game.over else None,
            "next_guard_is_me": game.guard == me,
            "out": names[last["out"]] if last["out"] is not None else None,
            "repeated": bool(last.get("repeated")),
        }
        if game.over:
            ranking = game.ranking()
            summary["ranking"] = [{"place": place, "name": names[s], "is_me": s == me, "score": game.scores[s]}
                                  for place, s in placed(ranking)]
            summary["rounds"] = [{"round": h["round"], "minus": [h["minus"][s] for s in range(game.players)]}
                                 for h in game.history]
            summary["names"] = names
            summary["won"] = me in ranking[0]
        return summary

    def table(self, turn, view, legal, names, *, summary, shell):
        from .present import present

        row, game = turn.row, turn.game
        if row.hold and summary:
            # The next round is already dealt, but the player is still reading the last one.
            view = {**view, "round": summary["round"]}
        # Tells: hands that shrank with no logged reason, as the player's own view showed it;
        # the ones seen since the version this page last showed are new (animated, announced).
        # The present, not the game's clock: that lags while the bots' moves are made one per
        # request, and a tell or window over by now can no longer be answered (never shown).
        from mogel.play.service import game_now

        now = game_now(row, game)
        seen = tells.active(turn.eye(turn.seat), now, shown=shell["client_version"],
                            tell_ms=bots.tell_ms(row.level, tempo_of(game.options)))
        act_ms = window_ms(game.options, "act_ms")
        context = present(view, legal, names, tells=seen, now=now, action_url=shell["action_url"],
                          version=shell["version"], announce=shell["announce"], moved=shell["moved"],
                          extra={**shell["page"], "act_s": act_ms // 1000 if act_ms % 1000 == 0 else act_ms / 1000})
        if row.hold:
            context["prompt"] = _("Round %(round)s is over. Read the scores, then start the next round.") % {
                "round": summary["round"]}
            context["my_turn"] = False
        return context

    def posted_action(self, post):
        """A spider gift posts the card as ``action`` ("give 3") and the seat as ``to``: joined."""
        action = super().posted_action(post)
        to = post.get("to", "").strip()[:2]
        if action.startswith("give ") and len(action.split()) == 2 and to:
            return f"{action} {to}"
        return action

    def describe(self, event, names, me):
        return describe(event, names, me)

    def urgent(self, event, me):
        # A window someone else opened (slap, race) and a Caught! on this seat need the person first.
        code = event.get("code")
        if code in ("mosquito_open", "cockroach_open"):
            return event.get("seat") != me
        return code == "caught" and event.get("accused") == me

    def explain(self, code, params):
        return explain(code, params)

    def explain_late(self, verb, code, since, names, me=HUMAN):
        return explain_late(verb, code, since, names, me)

    def lesson_table(self, run, shell):
        return lesson_table(run, shell)

    def lesson_windows(self):
        return window_options()

    def rules_card(self, name):
        try:
            parse_card(name)
        except ValueError:
            return None
        return render_card(name, size="sm")

    def moves(self, events, me):
        return motion.moves(events, me)

    def card_art(self, card, size="sm"):
        return render_card(card, size=size, decorative=True)

    # -- links ----------------------------------------------------------------------------

    def ways(self):
        # Learning first: a family new to the game starts there.
        return [
            Way(self.learn_url(), ("moth3", "spider2"), _("Start here: learn in 10 minutes"),
                _("Short lessons that show a game move by move.")),
            Way(self.play_url("lobby"), ("guard", "mosquito4"), _("Play against bots"),
                _("Practise cheating – and catching cheaters – against computer players.")),
            Way(self.rules_url(), ("3", "ant5"), _("Learn the rules"),
                _("Every rule explained simply, with examples.")),
        ]
