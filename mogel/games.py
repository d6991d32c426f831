"""The game kinds the site serves, and what each one plugs into the shared platform.

A *kind* is one card game (Mogel Motte, Mogelei …). The practice game against bots (the
row and its service, the lobby, the views, the table's shell, the home page) is written once
in ``mogel.play`` and ``templates/play``; everything that differs between games is a hook of
the kind, a :class:`GameKind` subclass registered once at start-up from the kind's own app::

    # mogelei/apps.py
    class MogeleiConfig(AppConfig):
        name = "mogelei"
        def ready(self):
            from mogel import games
            from .table.kind import Mogelei
            games.register(Mogelei())

Registering a kind mounts its practice game under ``/<lang>/<slug>/<play/>`` (the URL
converter ``kind`` in ``mogel.play.urls`` reads the registry), adds its block to the home page
and lets the prune command, the limits and the lobby's list of unfinished games count its
rows. ``docs/platform.md`` describes every hook; Mogel Motte's are in ``mogel.table.kind``.

The registry is configuration filled at start-up (the same in every process), never game state.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.urls import reverse
from django.utils.functional import cached_property

if TYPE_CHECKING:  # pragma: no cover
    from mogel.play.service import Turn

MOGEL_MOTTE = "mogel-motte"


@dataclass(frozen=True)
class Way:
    """One of a kind's three ways in on the home page: where it leads, the cards drawn beside it, its words."""
    url: str
    cards: tuple[str, ...]
    title: str
    about: str


class GameKind:
    """A game the site serves. Subclass it, set the attributes and override the hooks.

    Attributes a kind sets:

    ``key``            stable identifier, stored in ``PracticeGame.kind`` ("mogel-motte", "mogelei").
    ``name``           the game's name, translated (a lazy string).
    ``min_players``, ``max_players``  the lobby's player range (the human included).
    ``slug``           the URL segment under ``/<lang>/`` ("mogelei"); "" for Mogel Motte, whose
                       pages sit at the top level as they always did.
    ``engine_path``    dotted path of the engine's game class (``"mogelei.engine.Game"``).
    ``lobby_form``     dotted path of the lobby form, a ``mogel.play.forms.LobbyForm`` subclass.
    ``templates``      the table's kind-specific templates, by part (see ``docs/platform.md``):
                       ``body`` (seats, piles, hand, controls), ``summary`` (inside the shared
                       summary frame), ``head`` (stylesheets), ``help`` (under the table),
                       ``scripts`` (the kind's own scripts, after the shell's), ``logo``
                       (its mark in the header on its own pages).
    ``sounds``         sound name -> static path, for the shell's sound toggle (``data-sound-*``).
    ``hold_after``     event codes after which the bots wait until the player has read the
                       scores (Mogel Motte: ``round_end``; Mogelei: ``game_end``).
    ``fast_actions``   verb -> the player's own event codes that make a repeat a double tap;
                       these actions are judged at the time they were made (empty: none).
    ``about``          the game's description on the home page, in its own block: paragraphs
                       (lazy strings), shown under the kind's ways in.
    ``go_on``          what the summary's button posts to end a hold ("continue"); while the
                       bots hold, or when the engine does not take it now, it is no engine move.
    """

    key: str = ""
    name: Any = ""
    min_players: int = 3
    max_players: int = 5
    slug: str = ""
    engine_path: str = ""
    lobby_form: str = ""
    templates: dict[str, str | None] = {}
    sounds: dict[str, str] = {}
    hold_after: tuple[str, ...] = ("round_end",)
    fast_actions: dict[str, tuple[str, ...]] = {}
    # Lessons and rules pages (docs/platform.md, "Lessons" and "Rules"): a kind without a
    # lessons_dir has no lessons, one without a rules_dir no rules pages.
    lessons_dir: str = ""
    lesson_runner: str = ""
    lesson_templates: dict[str, str] = {"table": "tutorial/_table.html#table", "panel": "tutorial/_panel.html#panel"}
    learn_description: Any = ""
    lessons_intro: Any = ""
    rules_dir: str = ""
    has_summary: bool = False
    rule_slugs: tuple[str, ...] = ()
    rules_texts: dict[str, Any] = {}
    go_on: str = "continue"
    about: tuple[Any, ...] = ()

    def __repr__(self) -> str:
        return f"<GameKind {self.key}>"

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
        """
        raise NotImplementedError

    def observe(self, game, level: str, memories: dict, pace: str = "normal") -> None:
        """Let the bots' memories (``{seat: dict}``, JSON-able) take in the game after a change."""

    def is_reflex(self, game, action: str) -> bool:
        """Whether a bot's ``action`` is a reflex (not limited to one deliberate move per request)."""
        return False

    # -- what the player's seat sees ------------------------------------------------------

    def visible(self, event: dict, seat: int | None) -> dict | None:
        """The event as ``seat`` sees it (private parts removed), or None if it may not see it."""
        raise NotImplementedError

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

    def held_ms(self, game, move) -> int:
        """How long after its time the server waits before making a bot's planned ``move``:
        a fast action the player could still beat with a tap on its way (``service.due``)."""
        return 0

    def fast_time(self, game, verb: str, at: int) -> int:
        """The game time a fast action dated ``at`` is applied at (never before the clock, by default)."""
        return max(at, game.clock)

    # -- the player's eyes ----------------------------------------------------------------

    def watch(self, turn: Turn) -> None:
        """Run after every change of the game: what the player notices (kept in ``turn.memories[HUMAN]``)."""

    def forget(self, memory: dict, clock: int) -> None:
        """Before saving: drop what the player's memory no longer needs at game time ``clock``."""

    # -- the table ------------------------------------------------------------------------

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

    def explain_late(self, verb: str, code: str, since: list[dict], names: list[str]) -> tuple[str, str] | None:
        """Why a fast action was refused when the table had moved on since the page showed it
        (``since``: the player's log after the page's version): who was faster, the window
        closed … None: :meth:`explain` of the rules' code says it."""
        return None

    def rule_link(self, slug: str | None) -> str | None:
        """The rules page's URL for an anchor from :meth:`explain` (None while there is none)."""
        from mogel.rules.links import rule_url

        return rule_url(slug, self.key)

    def moves(self, events: list[dict], me: int) -> list[dict]:
        """The public moves among ``events`` (as ``me`` sees them) for the shell's motion.js:
        ``{"kind", "from", "to", "card"}`` each (see ``mogel.table.motion``); none by default."""
        return []

    def card_art(self, card: str, size: str = "sm") -> str:
        """A decorative card face (safe HTML), e.g. for the home page."""
        return ""

    # -- lessons and rules ----------------------------------------------------------------

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

    def rules_card(self, name: str):
        """The picture a rules text draws for ``{card:<name>}`` (safe HTML with the card's name
        as text alternative), or None when the game has no such card."""
        return None


    def play_url(self, name: str, game_id: str | None = None) -> str:
        """The URL of the kind's practice-game view ``name`` (lobby, game, poll, act, abandon).

        Mogel Motte's are ``play:<name>`` as they always were; another kind's are
        ``kind-play:<name>`` with ``kind=<slug>``, under ``/<lang>/<slug>/<play/>``.
        """
        if not self.slug:
            return reverse(f"play:{name}", args=[game_id] if game_id else [])
        kwargs = {"kind": self.slug, **({"game_id": game_id} if game_id else {})}
        return reverse(f"kind-play:{name}", kwargs=kwargs)

    def rules_url(self) -> str | None:
        """The kind's rules page (None while it has none)."""
        return None

    def learn_url(self) -> str | None:
        """The kind's lessons (None while it has none)."""
        return None

    def nav_urls(self) -> dict[str, str]:
        """The site nav's links on the kind's pages: ``rules``, ``learn``, ``play`` (those it has)."""
        from mogel.rules.links import rules_url
        from tutorial.views import lesson_url

        urls = {"rules": rules_url(self) if self.rules_dir else None,
                "learn": lesson_url(self, "index") if self.lessons_dir else None,
                "play": self.play_url("lobby") if self.engine_path else None}
        return {part: url for part, url in urls.items() if url}

    def ways(self) -> list[Way]:
        """The kind's three ways in on the home page (learn, play, rules), in that order."""
        return []


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Add ``kind`` (registering the same key again replaces it, keeping its place)."""
    if not kind.key:
        raise ValueError("a game kind needs a key")
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
    """Every registered kind, in registration order (Mogel Motte first)."""
    return list(_KINDS.values())


def of_page(match) -> GameKind | None:
    """The kind whose page ``match`` (a ``request.resolver_match``) shows, or None for a page of the
    whole site (home). Another kind's pages carry its slug as ``kind``, Mogel Motte's practice
    game its key; Mogel Motte's rules and lessons, at the top level, carry no kind."""
    if match is None or not match.app_names:
        return None
    found = match.kwargs.get("kind")
    if found:
        return by_slug(found) or _KINDS.get(found)
    return _KINDS.get(MOGEL_MOTTE)


def by_slug(slug: str) -> GameKind | None:
    """The kind mounted under ``/<lang>/<slug>/``, or None (Mogel Motte has no slug)."""
    return next((kind for kind in _KINDS.values() if kind.slug and kind.slug == slug), None)
