"""The games the site serves, and what each one plugs into the platform.

A *kind* is one card game. The practice game against bots (the row and its service, the
lobby, the views, the table's shell, the home page), the lessons and the rules pages are
written once (``mogel.play``, ``tutorial``, ``mogel.rules``); everything that differs between
games is a hook of the kind, a :class:`GameKind` subclass registered once at start-up from the
game's own app (``games/<name>/apps.py``)::

    class MyGameConfig(AppConfig):
        name = "games.my_game"
        def ready(self):
            from mogel import games
            from .table.kind import MyGame
            games.register(MyGame())

The hooks come in four parts, one class each: :class:`GameFacts` (what the game is: its key,
name, players, where its pages are, its sounds and templates), :class:`PracticeHooks` (its
engine, bots and table in the practice game), :class:`LessonHooks` and :class:`RulesHooks`.

Registering a kind mounts its pages under ``/<lang>/<slug>/`` (the URL converter ``kind`` reads
the registry), adds its block to the home page and lets the prune command, the limits and the
lobby's list of unfinished games count its rows. One kind may instead declare ``top_level``:
its pages keep the addresses they had before there was a platform (``/<lang>/<play/>`` …);
:meth:`GameFacts.url` and :func:`of_url` are the one place that reads it. This module never
names a game; ``docs/platform.md`` describes every hook.

The registry is configuration filled at start-up (the same in every process), never game state.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils.functional import cached_property

from mogel.core.eventlog import seen_by

# mogel.play.service.Turn (named only: the service imports this registry).
Turn = Any

# A page section -> its URL namespaces: the top-level kind's, every other kind's (with ``kind``).
_NAMESPACES = {"play": ("play", "kind-play"), "rules": ("rules", "kind-rules"), "learn": ("tutorial", "kind-learn")}


@dataclass(frozen=True)
class Way:
    """One of a kind's three ways in on the home page: where it leads, the cards drawn beside it, its words."""
    url: str
    cards: tuple[str, ...]
    title: str
    about: str


class GameFacts:
    """What a game is, apart from how it plays: set these as class attributes.

    ``key``            stable identifier, stored in the rows (``PracticeGame.kind``, ``Lesson.game``).
    ``name``           the game's name, translated (a lazy string).
    ``min_players``, ``max_players``  the lobby's player range (the human included).
    ``slug``           the URL segment under ``/<lang>/`` of its pages ("my-game").
    ``top_level``      True: its pages sit right under ``/<lang>/`` with the addresses they had
                       before the platform (``/de/spielen/``, ``/de/regeln/``, ``/de/lernen/``), its
                       session keys unscoped and its page titles without its name; at most one
                       kind says so, and it needs no slug.
    ``about``          the game's description on the home page: paragraphs (lazy strings).
    ``templates``      the table's templates, by part (see ``docs/platform.md``): ``body``
                       (seats, piles, hand, controls), ``summary`` (inside the shared summary
                       frame), ``head`` (stylesheets), ``help`` (under the table), ``scripts``,
                       ``logo`` (its mark in the header on its own pages).
    ``sounds``         sound name -> static path, for the sound toggle (``data-sound-*``) on
                       every page of the game's table, lessons included.
    ``interchangeable_placeholders``  placeholders any of which a translation may use where the
                       msgid has one (a card's forms: "%(the_card)s", "%(a_card)s" …), so that
                       ``compilecatalogues`` accepts them.
    """

    key: str = ""
    name: Any = ""
    min_players: int = 3
    max_players: int = 5
    slug: str = ""
    top_level: bool = False
    about: tuple[Any, ...] = ()
    templates: dict[str, str | None] = {}
    sounds: dict[str, str] = {}
    interchangeable_placeholders: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return f"<GameKind {self.key}>"

    def url(self, section: str, name: str, **kwargs) -> str:
        """The URL of the view ``name`` of the kind's ``section`` ("play", "rules", "learn"):
        the one place that knows where a kind's pages are mounted."""
        top, other = _NAMESPACES[section]
        if self.top_level:
            return reverse(f"{top}:{name}", kwargs=kwargs)
        return reverse(f"{other}:{name}", kwargs={"kind": self.slug, **kwargs})

    def scoped(self, name: str) -> str:
        """A session key of the kind's own (``play_choices:<key>``; the top-level kind's as it always was)."""
        return name if self.top_level else f"{name}:{self.key}"

    def titled(self, with_name: str, plain: str) -> str:
        """A page title naming the game (``with_name`` has ``%(game)s``), or, on the top-level
        kind's pages, whose name the site bears, the ``plain`` one."""
        return plain if self.top_level else with_name % {"game": self.name}


class PracticeHooks:
    """How the game plays in the practice game against bots (``mogel.play``).

    ``engine_path``    dotted path of the engine's game class (``"games.my_game.engine.Game"``).
    ``lobby_form``     dotted path of the lobby form, a ``mogel.play.forms.LobbyForm`` subclass.
    ``hold_after``     event codes after which the bots wait until the player has read the scores.
    ``fast_actions``   verb -> the player's own event codes that make a repeat a double tap;
                       these actions are judged at the time they were made (empty: none).
    ``go_on``          what the summary's button posts to end a hold ("continue"); while the
                       bots hold, or when the engine does not take it now, it is no engine move.
    ``replay_step``    dotted path of the engine's ``step(game, event)``, the move a logged event
                       starts (``mogel.core.replay``): the replay of a game steps through these
                       moves; "": no replay.
    """

    engine_path: str = ""
    lobby_form: str = ""
    hold_after: tuple[str, ...] = ("round_end",)
    fast_actions: dict[str, tuple[str, ...]] = {}
    go_on: str = "continue"
    replay_step: str = ""
    # The table body's regions (``mogel.table.regions.Region``): what a stream may resend alone.
    regions: tuple = ()

    # -- engine ---------------------------------------------------------------------------

    @cached_property
    def engine(self) -> type:
        """The engine's game class (``new``, ``from_json``, ``from_scenario``, ``view`` …)."""
        module, _dot, name = self.engine_path.rpartition(".")
        return getattr(import_module(module), name)

    @cached_property
    def form(self) -> type:
        """The lobby form class."""
        module, _dot, name = self.lobby_form.rpartition(".")
        return getattr(import_module(module), name)

    @cached_property
    def replayer(self):
        """The engine's ``step(game, event)`` for replays (``replay_step``), or None: no replay."""
        if not self.replay_step:
            return None
        module, _dot, name = self.replay_step.rpartition(".")
        return getattr(import_module(module), name)

    def new_game(self, players: int, seed: int, choices: dict):
        """A freshly dealt game for the lobby's ``players`` and the kind's own ``choices``."""
        raise NotImplementedError

    def scenario(self) -> dict | None:
        """A test setting's fixed position (``settings.PLAY_SCENARIOS[key]``), None in production."""
        return (getattr(settings, "PLAY_SCENARIOS", None) or {}).get(self.key) or None

    def from_scenario(self, scenario: dict, seed: int, choices: dict):
        """The game in ``scenario`` (a test setting); the lobby's choices as options where it has none."""
        return self.engine.from_scenario(scenario, seed=seed)

    def from_json(self, text: str):
        return self.engine.from_json(text)

    # -- bots -----------------------------------------------------------------------------

    def plan(self, game, level: str, memories: dict, resume_ms: int = 0, *, pace: str = "normal",
             deliberate_only: bool = False):
        """The next bot move as ``mogel.play.bots.Planned(seat, action, at)``, or None.

        ``deliberate_only``: only a move the player may see coming (its time is a public
        deadline the page wakes for); leave out what nobody at the table could foresee.
        A friends' table (``mogel.friends``) also passes ``seats``, the seats the bots play now
        (every seat but the player's, 0, when not given); so does ``observe``, for every seat.
        """
        raise NotImplementedError

    # True: every bot move is one the page may see coming, so ``plan(deliberate_only=True)`` is
    # ``plan()`` and the platform asks it once for both.
    every_move_deliberate = False

    def observe(self, game, level: str, memories: dict, pace: str = "normal") -> None:
        """Let the bots' memories (``{seat: dict}``, JSON-able) take in the game after a change."""

    def is_reflex(self, game, action: str) -> bool:
        """Whether a bot's ``action`` is a reflex (not limited to one deliberate move per request)."""
        return False

    # -- what the player's seat sees ------------------------------------------------------

    def visible(self, event: dict, seat: int | None) -> dict | None:
        """The event as ``seat`` sees it (private parts removed), or None if it may not see it:
        by default the platform's filter of the engines' marks (``mogel.core.eventlog.seen_by``)."""
        return seen_by(event, seat)

    def onlooker_view(self, game) -> dict:
        """What a spectator at a friends' table sees: public things only, no hand at all
        (by default the engine's ``view(None)``)."""
        return game.view(None)

    def noticed(self, event: dict, seat: int | None) -> bool:
        """Whether ``seat`` can tell that ``event`` happened (counts in the page's version)."""
        return self.visible(event, seat) is not None

    def page_deadlines(self, game, seat: int) -> list[int]:
        """Game times the page may know something is due besides the bots' deliberate moves
        (a window closing, the player's own act running out): the page wakes for them."""
        return []

    # -- fast actions (judged on time) ----------------------------------------------------

    def answered(self, turn: Turn, verb: str, action: str) -> tuple[int, ...] | None:
        """What a fast action answers: (game time it began, the player's version that first showed
        it[, ms the page takes after receiving it to really show it: a card's flight]), or None
        when it answers nothing (it then counts at its arrival)."""
        return None

    def held_ms(self, game, move, seats=(0,)) -> int:
        """How long after its time the server waits before making a bot's planned ``move``:
        a fast action the player could still beat with a tap on its way (``service.due``). A
        friends' table passes ``seats``, the people's seats the bots do not play for."""
        return 0

    def held_deadline_ms(self, game, seats=(0,)) -> int:
        """How long after the game's next deadline (``next_deadline``: a window or an act running
        out) the server waits before applying it: a fast action a person could still have made
        in time, on its way (``service.deadline_due``). ``seats`` as for :meth:`held_ms`."""
        return 0

    def held_tap_ms(self, game, action: str, seats=()) -> int:
        """How long a person's fast ``action`` (legal now) is held back before it is applied, from
        the time it counts as made: another person in ``seats`` (those who have not tapped yet)
        could still answer the same thing with a tap dated earlier, on its way, and only one
        may have it (a race: the first takes the card). 0: applied at once (the practice game's
        one player never waits for anyone). Held taps are applied in their dated order
        (``service.held_taps``)."""
        return 0

    def fast_time(self, game, verb: str, at: int) -> int:
        """The game time a fast action dated ``at`` is applied at (never before the clock, by default)."""
        return max(at, game.clock)

    # -- the player's eyes ----------------------------------------------------------------

    def watch(self, turn: Turn, seat: int = 0) -> None:
        """Run after every change of the game: what the person at ``seat`` notices (kept in ``turn.eye(seat)``)."""

    def forget(self, memory: dict, clock: int) -> None:
        """Before saving: drop what the player's memory no longer needs at game time ``clock``."""

    # -- the table ------------------------------------------------------------------------

    def posted_action(self, post) -> str:
        """The engine action a table's form post names: its ``action``, spaces tidied, cut to 40
        characters (a kind may join other fields of its own, such as a card's receiver)."""
        return " ".join(post.get("action", "").split())[:40]

    def summary(self, turn: Turn, names: list[str]) -> dict | None:
        """The scores on screen while the bots hold (after a ``hold_after`` event) or at the end.

        None: nothing to show. The shared frame (``templates/play/summary.html``) includes
        ``templates["summary"]`` with it; ``summary["again"]`` (at the end) is what "Play again"
        posts to the lobby.
        """
        return None

    def table(self, turn: Turn, view: dict, legal: list[str], names: list[str], *, summary: dict | None,
              shell: dict) -> dict:
        """The template context of the table: the shell's values in ``shell`` (version, action and
        poll URLs, message, announced and moved events …) plus the kind's body. See ``docs/platform.md``."""
        raise NotImplementedError

    def describe(self, event: dict, names: list[str], me: int | None) -> str:
        """One translated sentence for one event as ``me`` sees it."""
        raise NotImplementedError

    def explain(self, code: str, params: dict) -> tuple[str, str | None]:
        """A refusal's translated message and the rules anchor that explains it."""
        raise NotImplementedError

    def explain_late(self, verb: str, code: str, since: list[dict], names: list[str],
                     me: int = 0) -> tuple[str, str] | None:
        """Why a fast action was refused when the table had moved on since the page showed it
        (``since``: the player's log after the page's version): who was faster, the window
        closed … None: :meth:`explain` of the rules' code says it."""
        return None

    def urgent(self, event: dict, me: int | None) -> bool:
        """Whether ``event`` (as ``me`` sees it) needs the person first: a window they may act in,
        their turn, an accusation of them. The live region says it before the rest, assertively
        (table/announce.js, docs/accessibility.md); no event does by default."""
        return False

    def moves(self, events: list[dict], me: int) -> list[dict]:
        """The public moves among ``events`` (as ``me`` sees them) for the shell's motion.js:
        ``{"kind", "from", "to", "card"}`` each (see ``docs/platform.md``); none by default."""
        return []

    def card_art(self, card: str, size: str = "sm") -> str:
        """A decorative card face (safe HTML), e.g. for the home page."""
        return ""


class LessonHooks:
    """The game's lessons (``tutorial``; docs/platform.md, "Lessons"): none without ``lessons_dir``.

    ``lessons_dir``    the lesson files' folder, relative to the project.
    ``lesson_runner``  dotted path of the game's ``tutorial.runner.Rules``.
    ``lesson_templates``  the lesson page's parts: ``table``, ``panel``, optional ``head``, ``scripts``.
    ``learn_description``, ``lessons_intro``  the lesson list's meta description and paragraph.
    """

    lessons_dir: str = ""
    lesson_runner: str = ""
    lesson_templates: dict[str, str] = {"panel": "tutorial/_panel.html#panel"}
    learn_description: Any = ""
    lessons_intro: Any = ""

    @cached_property
    def lesson_rules(self):
        """The kind's part of the lesson runner, a ``tutorial.runner.Rules`` (``lesson_runner``)."""
        module, _dot, name = self.lesson_runner.rpartition(".")
        return getattr(import_module(module), name)

    def lesson_table(self, run, shell: dict) -> dict:
        """The template context of the kind's table in a lesson (``lesson_templates["table"]``):
        ``run`` is the lesson's ``tutorial.views.Lessonrun``, ``shell`` what the lesson views
        hand every kind (see docs/platform.md, "Lessons")."""
        raise NotImplementedError

    def lesson_windows(self) -> dict[str, int]:
        """The practice game's window lengths in ms, for a step text's ``{game_seconds}``."""
        return {}


class RulesHooks:
    """The game's rules pages (``mogel.rules``; docs/platform.md, "Rules"): none without ``rules_dir``.

    ``rules_dir``      the folder with ``sections.json`` (and ``summary.json``), relative to the project.
    ``has_summary``    whether it has the one-page summary.
    ``rule_slugs``     the anchors in page order (the only ones links and ``rule_link`` accept).
    ``rules_texts``    ``title``, ``intro``, ``description`` (with a summary also ``summary_title``,
                       ``summary_description``).
    """

    rules_dir: str = ""
    has_summary: bool = False
    rule_slugs: tuple[str, ...] = ()
    rules_texts: dict[str, Any] = {}

    def rules_card(self, name: str):
        """The picture a rules text draws for ``{card:<name>}`` (safe HTML with the card's name
        as text alternative), or None when the game has no such card."""
        return None

    def rule_link(self, slug: str | None) -> str | None:
        """The rules page's URL for an anchor (from ``explain``, a lesson, a summary box), or None:
        no such anchor, no rules page."""
        if not slug or slug not in self.rule_slugs or not self.rules_dir:
            return None
        try:
            return f"{self.url('rules', 'index')}#{slug}"
        except NoReverseMatch:
            return None


class GameKind(GameFacts, PracticeHooks, LessonHooks, RulesHooks):
    """A game the site serves: subclass it, set the attributes and override the hooks of its parts."""

    def play_url(self, name: str, game_id: str | None = None) -> str:
        """The URL of the kind's practice-game view ``name`` (lobby, game, poll, act, abandon)."""
        return self.url("play", name, **({"game_id": game_id} if game_id else {}))

    def rules_url(self) -> str | None:
        """The kind's rules page (None while it has none)."""
        return self.url("rules", "index") if self.rules_dir else None

    def learn_url(self) -> str | None:
        """The kind's lessons (None while it has none)."""
        return self.url("learn", "index") if self.lessons_dir else None

    def nav_urls(self) -> dict[str, str]:
        """The site nav's links on the kind's pages: ``rules``, ``learn``, ``play`` (those it has)."""
        urls = {"rules": self.rules_url(), "learn": self.learn_url(),
                "play": self.play_url("lobby") if self.engine_path else None}
        return {part: url for part, url in urls.items() if url}

    def ways(self) -> list[Way]:
        """The kind's three ways in on the home page (learn, play, rules), in that order."""
        return []


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Add ``kind`` (registering the same key again replaces it, keeping its place).

    A kind needs a key, and a slug of its own unless it is the one ``top_level`` kind.
    """
    if not kind.key:
        raise ValueError("a game kind needs a key")
    others = [k for k in _KINDS.values() if k.key != kind.key]
    if kind.top_level and any(k.top_level for k in others):
        raise ValueError(f"{kind.key}: only one game's pages may sit at the top level")
    if not kind.top_level and (not kind.slug or any(k.slug == kind.slug for k in others)):
        raise ValueError(f"{kind.key}: a game kind needs a slug of its own")
    _KINDS[kind.key] = kind
    return kind


def unregister(key: str) -> None:
    """Remove a kind (tests that register a kind of their own)."""
    _KINDS.pop(key, None)


def get(key: str) -> GameKind:
    """The registered kind ``key``; LookupError if there is none."""
    try:
        return _KINDS[key]
    except KeyError:
        raise LookupError(f"no game kind {key!r}") from None


def all_kinds() -> list[GameKind]:
    """Every registered kind, in registration order (the order of ``INSTALLED_APPS``)."""
    return list(_KINDS.values())


def of_url(kind: str | None) -> GameKind | None:
    """The kind a URL names: its ``kind`` (a slug), or, when it names none, the top-level kind."""
    if kind is None:
        return next((found for found in _KINDS.values() if found.top_level), None)
    return next((found for found in _KINDS.values() if not found.top_level and found.slug == kind), None)


def of_page(match) -> GameKind | None:
    """The kind whose page ``match`` (a ``request.resolver_match``) shows, or None for a page of
    the whole site (home, which belongs to no app)."""
    if match is None or not match.app_names:
        return None
    return of_url(match.kwargs.get("kind"))
