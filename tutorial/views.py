"""One generic set of views runs every lesson of every game kind: the list, the lesson page,
and its htmx fragments.

The step itself is played by :mod:`tutorial.runner` on the kind's engine; its state lives in
the session (:mod:`tutorial.progress`). Times are server times in ms since the step started.
What differs between kinds comes from the kind (``mogel.games``; ``docs/platform.md``,
"Lessons"): its runner rules, its table (``lesson_table`` and ``lesson_templates``), its
event sentences and refusals. The top-level kind's lessons live at ``/<lang>/<learn/>``, another
kind's at ``/<lang>/<kind slug>/<learn/>`` (the URL's ``kind``).
"""

from __future__ import annotations

from functools import wraps

from django.http import HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import get_language, gettext as _, pgettext, to_locale
from django.views.decorators.http import require_GET, require_POST

from mogel.pages.caching import shows_a_hand
from mogel.rules import links as rules_links

from . import addresses, kinds, placeholders, runner
from .models import Lesson
from .progress import Progress, wall_ms

POLL_MS = 500
FRAGMENT = "tutorial/_fragment.html"
# The lesson's first-game link asks the lobby for a small, gentle table.
FIRST_GAME = "?players=3&level=easy&pace=relaxed"


def seat_names(players: int) -> list[str]:
    bots = ["Mia", pgettext("tutorial bot name", "Leo"), "Ben", "Zoe", "Ida", "Tom", "Lou"]
    # The learner has no name here: the table then labels their seat simply "You".
    return ["", *bots][:players]


def lesson_url(kind, name: str, key: str | None = None) -> str:
    """The URL of the kind's lesson view ``name`` (index, reset, lesson, act, poll, hint, step)."""
    return kind.url("learn", name, **({"slug": addresses.url_slug(kind, key)} if key else {}))


def first_game_url(kind) -> str | None:
    """The kind's lobby with a small, gentle table chosen, or None while it has no practice game."""
    try:
        return kind.play_url("lobby") + FIRST_GAME
    except NoReverseMatch:
        return None


def learn_title(kind) -> str:
    return kind.titled(_("Learn to play %(game)s"), _("Learn to play"))


def _kind(slug: str | None):
    return kinds.of_url_or_404(slug)


# -- helpers -----------------------------------------------------------------------------


class Lessonrun:
    """The kind, the lesson, its steps, the session progress and the running step, for one request."""

    def __init__(self, request, kind, slug: str):
        self.request = request
        self.kind = kind
        self.rules = kinds.rules(kind)
        key = addresses.key_of(slug, game=kind.key)
        self.lesson = get_object_or_404(Lesson, game=kind.key, slug=key)
        self.steps = list(self.lesson.steps.prefetch_related("failures"))
        self.keys = [s.key for s in self.steps]
        self.progress = Progress(request.session, kind)
        self.step = None
        self.run: dict = {}

    def url(self, name: str) -> str:
        return lesson_url(self.kind, name, self.lesson.slug)

    def choose(self, key: str | None = None, restart: bool = False) -> None:
        slug = self.lesson.slug
        run = self.progress.run.get(slug)
        if key not in self.keys:
            key = None
        if key is None and run and run.get("step") in self.keys:
            key = run["step"]
        if key is None:
            done = self.progress.steps_done(slug)
            key = next((k for k in self.keys if k not in done), self.keys[0] if self.keys else None)
        if key is None:
            raise LookupError("a lesson without steps")
        self.step = self.steps[self.keys.index(key)]
        self.texts = StepTexts(self.step, self.kind)
        if restart or not run or run.get("step") != key:
            run = {"step": key, "t0": wall_ms(), "state": runner.start(self.step.runner_step(), rules=self.rules),
                   "hints": 0}
            self.progress.run[slug] = run
            self.progress.save()
        self.run = run
        self.progress.run[slug] = run

    @property
    def now(self) -> int:
        return max(0, wall_ms() - self.run["t0"])

    @property
    def game(self):
        return runner.game_of(self.run["state"], self.rules)

    def record(self, outcome: runner.Outcome) -> None:
        self.run["state"] = outcome.state
        if outcome.status == runner.SUCCESS:
            self.progress.mark_done(self.lesson.slug, self.step.key)
        self.progress.save()

    def tick(self) -> list[dict]:
        """Bring the step to now. Time alone changes nothing the learner did, and the runner
        replays it exactly from the stored state, so a tick is saved only when it ends the
        step: a poll racing a move can then never overwrite the move in the session."""
        was = self.run["state"]["status"]
        outcome = runner.tick(self.step.runner_step(), self.run["state"], self.now, self.rules)
        self.run["state"] = outcome.state
        if outcome.status != was or self.request.session.get(self.progress.key) is None:
            self.record(outcome)
        return outcome.events

    @property
    def index(self) -> int:
        return self.keys.index(self.step.key)

    def next_lesson(self):
        return (Lesson.objects.filter(game=self.kind.key, order__gt=self.lesson.order)
                .order_by("order").first())


class StepTexts:
    """A step's texts as the learner reads them: times written out from the windows in play."""

    def __init__(self, step, kind):
        self.step = step
        self.ms = placeholders.values(step.runner_step(), kind.lesson_windows())
        self.locale = to_locale(get_language())

    def fill(self, text: str) -> str:
        return placeholders.fill(text, self.ms, self.locale)

    def __getattr__(self, field):
        if field not in ("goal", "success_text", "hint_nudge", "hint_move", "draw_prompt"):
            raise AttributeError(field)
        return self.fill(getattr(self.step, field))

    def failure(self, index: int) -> str | None:
        failures = list(self.step.failures.all())
        return self.fill(failures[index].text) if index is not None and 0 <= index < len(failures) else None


def _status_text(lr: Lessonrun, game, names) -> str | None:
    state = lr.run["state"]
    if state["status"] == runner.SUCCESS:
        return lr.texts.success_text
    if state["status"] == runner.FAILURE:
        reason = state.get("failed_by")
        text = lr.texts.failure(reason) if isinstance(reason, int) else None
        if text:
            return text
        if reason == runner.OFF_SCRIPT:
            return _off_script_text(lr.kind, state, game, names)
        if reason == runner.ROUND_WOULD_END:
            return _("Now the round would end – but this step is about something else, so it stops here. "
                     "Read again what to do, then try once more.")
        return _("That did not go as planned. Try the step again.")
    return None


def _off_script_text(kind, state: dict, game, names) -> str:
    """What the learner did (their own log line), and that the step stops there."""
    moved = runner.seen_by_learner(game.log[state.get("off_move") or 0:])
    own = next((e for e in moved if e.get("seat") == runner.LEARNER), None)
    rest = _("That is allowed in the game, but this step is about something else, so it stops here. "
             "Read again what to do, then try once more.")
    return f"{kind.describe(own, names, runner.LEARNER)} {rest}" if own else rest


def _client_version(data) -> int | None:
    """The log length the page showed when it sent this request (the table's ``version``)."""
    try:
        return int(data.get("version", ""))
    except ValueError:
        return None


def _unseen(events: list[dict], game, mark: int, client: int | None) -> list[dict]:
    """The events since the saved state (``mark``) that the page has not shown yet.

    A tick is not saved (see :meth:`Lessonrun.tick`), so every poll plays the same events
    again from the saved state: the page's ``version`` says how far it has already read."""
    if client is None or not mark <= client <= len(game.log):
        return events
    return runner.seen_by_learner(game.log[client:])


def _context(lr: Lessonrun, *, events=(), message=None, message_url=None, announce_status=False,
             client_version=None, say=()) -> dict:
    slug = lr.lesson.slug
    state = lr.run["state"]
    game = lr.game
    names = seat_names(game.players)
    playing = state["status"] == runner.PLAYING
    due = runner.next_due(lr.step.runner_step(), state, lr.rules)
    hints = lr.run.get("hints", 0)
    done = lr.progress.steps_done(slug)
    status_text = _status_text(lr, game, names)
    context = lr.kind.lesson_table(lr, {
        "game": game,
        "legal": game.legal_actions(runner.LEARNER) if playing else [],
        "names": names,
        "playing": playing,
        "events": list(events),
        "client_version": client_version,
        "action_url": lr.url("act"),
        "poll_url": lr.url("poll") if playing and due is not None else None,
        "poll_ms": POLL_MS,
        "message": message,
        "message_url": message_url,
        "message_kind": "refusal",
        "table_label": _("Lesson table"),
    })
    # What the live region reads: the new events, what the kind's table adds (what the learner's
    # eyes noticed), then any revealed hint and the step's result.
    lines = [lr.kind.describe(e, names, runner.LEARNER) for e in events] + list(context.get("announce", ())) + list(say)
    if announce_status and status_text:
        lines.append(status_text)
    if not playing:
        context["prompt"] = _("Step complete.") if state["status"] == runner.SUCCESS else _("Try this step again.")
        context["my_turn"] = False
    next_lesson = lr.next_lesson()
    context.update({
        "kind": lr.kind,
        "learn_title": learn_title(lr.kind),
        "lesson": lr.lesson,
        "step": lr.step,
        "texts": lr.texts,
        "urls": {name: lr.url(name) for name in ("lesson", "act", "hint", "step")}
        | {"index": lesson_url(lr.kind, "index")},
        "table_template": lr.kind.lesson_templates["table"],
        "panel_template": lr.kind.lesson_templates["panel"],
        "steps": [{"key": s.key, "number": i + 1, "done": s.key in done, "current": s.key == lr.step.key}
                  for i, s in enumerate(lr.steps)],
        "step_number": lr.index + 1,
        "step_count": len(lr.steps),
        "status": state["status"],
        "status_text": status_text,
        "is_last_step": lr.index == len(lr.steps) - 1,
        "lesson_done": lr.progress.lesson_done(slug, lr.keys),
        "next_lesson": next_lesson,
        "next_lesson_url": lesson_url(lr.kind, "lesson", next_lesson.slug) if next_lesson else None,
        "first_game_url": first_game_url(lr.kind),
        "hints_shown": hints,
        "hint_action": lr.step.hint_action if hints >= 2 else "",
        "playing": playing,
        "announce_lines": lines,
    })
    return context


def _fragment(request, lr: Lessonrun, **kwargs):
    return render(request, FRAGMENT, _context(lr, **kwargs))


def _page(request, lr: Lessonrun, **kwargs):
    return render(request, "tutorial/lesson.html", _context(lr, **kwargs))


def _back(lr: Lessonrun):
    return HttpResponseRedirect(lr.url("lesson") + "#step")


def on_its_address(view):
    """A GET under another language's slug (an old bookmark: the English slug under /de/, a
    link shared across languages) moves for good to the lesson's slug in this language. Posts
    are served where they arrive: a tab opened before the move still plays, and its next
    fragment carries the new addresses."""
    @wraps(view)
    def at_address(request, slug, kind=None):
        game = _kind(kind)
        key = addresses.key_of(slug, game=game.key)
        address = lesson_url(game, request.resolver_match.url_name, key)
        if request.path != address:
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(f"{address}?{query}" if query else address)
        return view(request, game, slug)
    return at_address


def in_kind(view):
    """The view gets the game kind of its address (the top-level kind's name none: ``mogel.games.of_url``)."""
    @wraps(view)
    def with_kind(request, *args, kind=None, **kwargs):
        return view(request, _kind(kind), *args, **kwargs)
    return with_kind


# -- views -------------------------------------------------------------------------------


@require_GET
@in_kind
def index(request, kind):
    progress = Progress(request.session, kind)
    lessons = []
    for lesson in Lesson.objects.filter(game=kind.key).prefetch_related("steps"):
        keys = [s.key for s in lesson.steps.all()]
        done = [k for k in keys if k in progress.steps_done(lesson.slug)]
        lessons.append({"lesson": lesson, "url": lesson_url(kind, "lesson", lesson.slug), "steps": len(keys),
                        "done": len(done), "complete": progress.lesson_done(lesson.slug, keys),
                        "started": bool(done) or lesson.slug in progress.run})
    resume = next((item for item in lessons if not item["complete"]), None)
    return render(request, "tutorial/index.html", {
        "kind": kind, "learn_title": learn_title(kind), "lessons": lessons, "resume": resume,
        "all_done": bool(lessons) and all(item["complete"] for item in lessons),
        "any_progress": any(item["started"] for item in lessons),
        "reset_url": lesson_url(kind, "reset"),
        "look_up_url": rules_links.summary_or_rules(kind),
        "first_game_url": first_game_url(kind),
    })


@require_POST
@in_kind
def reset_all(request, kind):
    progress = Progress(request.session, kind)
    progress.reset_all()
    progress.save()
    return HttpResponseRedirect(lesson_url(kind, "index"))


@require_GET
@on_its_address
@shows_a_hand
def lesson(request, kind, slug):
    lr = Lessonrun(request, kind, slug)
    lr.choose(request.GET.get("step"))
    events = lr.tick()
    if request.htmx:
        return _fragment(request, lr, events=events)
    return _page(request, lr)


@require_GET
@on_its_address
@shows_a_hand
def poll(request, kind, slug):
    lr = Lessonrun(request, kind, slug)
    lr.choose()
    before = (len(lr.game.log), lr.run["state"]["status"])
    events = lr.tick()
    game = lr.game
    after = (len(game.log), lr.run["state"]["status"])
    client = _client_version(request.GET)
    if before[1] == after[1] and client == after[0]:
        return HttpResponse(status=204)
    return _fragment(request, lr, events=_unseen(events, game, before[0], client),
                     announce_status=before[1] != after[1], client_version=client)


@require_POST
@in_kind
@shows_a_hand
def act(request, kind, slug):
    lr = Lessonrun(request, kind, slug)
    lr.choose()
    action = kind.posted_action(request.POST)
    was = lr.run["state"]["status"]
    mark = len(lr.game.log)
    outcome = runner.act(lr.step.runner_step(), lr.run["state"], action, lr.now, lr.rules)
    lr.record(outcome)
    message = message_url = None
    if outcome.refusal is not None:
        message, rule = kind.explain(outcome.refusal.code, outcome.refusal.params)
        message_url = kind.rule_link(rule)
    elif was != runner.PLAYING:
        message = _("This step is finished. Go on to the next step or try it again.")
    if not request.htmx:
        return _back(lr)
    client = _client_version(request.POST)
    events = _unseen(outcome.events, lr.game, mark, client)
    return _fragment(request, lr, events=events, message=message, message_url=message_url,
                     announce_status=was != outcome.status, client_version=client)


@require_POST
@in_kind
@shows_a_hand
def hint(request, kind, slug):
    lr = Lessonrun(request, kind, slug)
    lr.choose()
    lr.run["hints"] = min(2, lr.run.get("hints", 0) + 1)
    lr.progress.save()
    if not request.htmx:
        return _back(lr)
    # The move hint also marks the card on the table: send both, and read the new hint out.
    shown = lr.run["hints"]
    return _fragment(request, lr, say=[lr.texts.hint_move if shown >= 2 else lr.texts.hint_nudge])


@require_POST
@in_kind
def step_control(request, kind, slug):
    lr = Lessonrun(request, kind, slug)
    lr.choose()
    op = request.POST.get("op")
    if op == "retry":
        lr.choose(lr.step.key, restart=True)
    elif op == "next" and lr.index + 1 < len(lr.steps):
        lr.choose(lr.keys[lr.index + 1], restart=True)
    elif op == "goto":
        lr.choose(request.POST.get("key"), restart=True)
    elif op == "reset-lesson":
        lr.progress.reset_lesson(slug)
        lr.choose(lr.keys[0], restart=True)
    lr.progress.save()
    return _back(lr)
