"""One generic set of views runs every lesson: the list, the lesson page, and its htmx fragments.

The step itself is played by :mod:`tutorial.runner` on the engine; its state lives in the
session (:mod:`tutorial.progress`). Times are server times in ms since the step started.
"""

from __future__ import annotations

from functools import wraps

from django.http import HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language, gettext as _, pgettext, to_locale
from django.views.decorators.http import require_GET, require_POST

from mogel.play.service import window_options
from mogel.table import tells as table_tells
from mogel.table.events import describe
from mogel.table.present import present
from mogel.table.refusals import explain, rule_link

from . import placeholders, runner
from .models import Lesson
from .progress import Progress, wall_ms

POLL_MS = 500
TABLE = "tutorial/_table.html#fragment"
PANEL = "tutorial/_panel.html#panel"


def seat_names(players: int) -> list[str]:
    bots = ["Mia", pgettext("tutorial bot name", "Leo"), "Ben", "Zoe"]
    # The learner has no name here: the table then labels their seat simply "You".
    return ["", *bots][:players]


# -- helpers -----------------------------------------------------------------------------


class Lessonrun:
    """The lesson, its steps, the session progress and the running step, for one request."""

    def __init__(self, request, slug: str):
        self.request = request
        self.lesson = get_object_or_404(Lesson, slug=slug)
        self.steps = list(self.lesson.steps.prefetch_related("failures"))
        self.keys = [s.key for s in self.steps]
        self.progress = Progress(request.session)
        self.step = None
        self.run: dict = {}

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
        self.texts = StepTexts(self.step)
        if restart or not run or run.get("step") != key:
            run = {"step": key, "t0": wall_ms(), "state": runner.start(self.step.runner_step()), "hints": 0}
            self.progress.run[slug] = run
            self.progress.save()
        self.run = run
        self.progress.run[slug] = run

    @property
    def now(self) -> int:
        return max(0, wall_ms() - self.run["t0"])

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
        outcome = runner.tick(self.step.runner_step(), self.run["state"], self.now)
        self.run["state"] = outcome.state
        if outcome.status != was or self.request.session.get("tutorial") is None:
            self.record(outcome)
        return outcome.events

    @property
    def index(self) -> int:
        return self.keys.index(self.step.key)

    def next_lesson(self):
        return Lesson.objects.filter(order__gt=self.lesson.order).order_by("order").first()


class StepTexts:
    """A step's texts as the learner reads them: times written out from the windows in play."""

    def __init__(self, step):
        self.step = step
        self.ms = placeholders.values(step.runner_step(), window_options())
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
            return _off_script_text(state, game, names)
        if reason == runner.ROUND_WOULD_END:
            return _("Now the round would end – but this step is about something else, so it stops here. "
                     "Read again what to do, then try once more.")
        return _("That did not go as planned. Try the step again.")
    return None


def _off_script_text(state: dict, game, names) -> str:
    """What the learner did (their own log line), and that the step stops there."""
    moved = runner.seen_by_learner(game.log[state.get("off_move") or 0:])
    own = next((e for e in moved if e.get("seat") == runner.LEARNER), None)
    rest = _("That is allowed in the game, but this step is about something else, so it stops here. "
             "Read again what to do, then try once more.")
    return f"{describe(own, names, runner.LEARNER)} {rest}" if own else rest


def _step_controls(lr: Lessonrun, context: dict, game, playing: bool) -> None:
    """Offer only the side moves the step is about (its ``controls``; the lesson's defaults
    otherwise), the Draw button where the step wants it tried, and the spider's gift aimed
    at the player the winning line names."""
    wanted = lr.step.controls or {}
    context["cheat_buttons"] = playing and wanted.get("cheat", lr.lesson.cheat_buttons)
    controls = context["controls"]
    if not wanted.get("catch", True):
        for seat in context["seats"]:
            seat["catch"] = None
        controls["catches"], context["catch_keys"] = [], ""
    on_turn = game.phase == "turn" and game.turn == runner.LEARNER and game.settling is None
    if wanted.get("draw") and playing and on_turn:
        # The engine refuses the draw with its reason: trying it is the point of the step.
        controls["draw"] = "draw"
    gift_to = next((int(m["do"].split()[2]) for m in lr.step.solution
                    if m.get("do", "").startswith("give ") and len(m["do"].split()) == 3), None)
    if any(t["seat"] == gift_to for t in controls["give_targets"]):
        for target in controls["give_targets"]:
            target["checked"] = target["seat"] == gift_to


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
    game = runner.game_of(state)
    names = seat_names(game.players)
    playing = state["status"] == runner.PLAYING
    legal = game.legal_actions(runner.LEARNER) if playing else []
    step_rs = lr.step.runner_step()
    due = runner.next_due(step_rs, state)
    hints = lr.run.get("hints", 0)
    done = lr.progress.steps_done(slug)
    status_text = _status_text(lr, game, names)
    context = present(
        game.view(runner.LEARNER), legal, names,
        action_url=reverse("tutorial:act", args=[slug]),
        version=len(game.log),
        now=game.clock,
        # The runner's "eyes" watched every change, as the practice game's player does.
        tells=table_tells.active(state.get("eyes") or {}, game.clock, shown=client_version),
        moved=list(events),
        extra={
            "poll_url": reverse("tutorial:poll", args=[slug]) if playing and due is not None else None,
            "poll_ms": POLL_MS,
            "message": message,
            "message_url": message_url,
            "message_kind": "refusal",
            "table_label": _("Lesson table"),
        },
    )
    # What the live region reads: the new events, new tells (present() words them), then any
    # revealed hint and the step's result.
    lines = [describe(e, names, runner.LEARNER) for e in events] + context["announce"] + list(say)
    if announce_status and status_text:
        lines.append(status_text)
    _step_controls(lr, context, game, playing)
    if playing and lr.step.draw_prompt and "draw" in legal:
        # The table would say "no card fits, so draw a card", but this step wants something else
        # first (cheat, watch a bot's cards): its own words, as the goal says it.
        context["prompt"] = lr.texts.draw_prompt
        context["draw_waits"] = True
    if not playing:
        context["prompt"] = _("Step complete.") if state["status"] == runner.SUCCESS else _("Try this step again.")
        context["my_turn"] = False
    hand_phase = game.phase
    owes_hand = game.settling is not None or hand_phase == "mosquito_gifts"
    off_verb = ("hand" if owes_hand else "give" if hand_phase == "spider" and game.spider and game.spider["by"] == 0
                else "race" if hand_phase == "cockroach" else "play")
    next_lesson = lr.next_lesson()
    context.update({
        "lesson": lr.lesson,
        "step": lr.step,
        "texts": lr.texts,
        "steps": [{"key": s.key, "number": i + 1, "done": s.key in done, "current": s.key == lr.step.key}
                  for i, s in enumerate(lr.steps)],
        "step_number": lr.index + 1,
        "step_count": len(lr.steps),
        "status": state["status"],
        "status_text": status_text,
        "is_last_step": lr.index == len(lr.steps) - 1,
        "lesson_done": lr.progress.lesson_done(slug, lr.keys),
        "next_lesson": next_lesson,
        "hints_shown": hints,
        "hint_action": lr.step.hint_action if hints >= 2 else "",
        "playing": playing,
        "off_verb": off_verb,
        "announce_lines": lines,
        "guard_may_cheat": True,
        # Nobody has minus points yet (every lesson but the scoring one): phones leave the
        # "0 minus points" lines out to keep the table short.
        "no_scores": not any(s["score"] for s in context["seats"]),
    })
    return context


def _fragment(request, lr: Lessonrun, **kwargs):
    return render(request, TABLE, _context(lr, **kwargs))


def _page(request, lr: Lessonrun, **kwargs):
    return render(request, "tutorial/lesson.html", _context(lr, **kwargs))


def _back(lr: Lessonrun):
    return HttpResponseRedirect(reverse("tutorial:lesson", args=[lr.lesson.slug]) + "#step")


def on_its_address(view):
    """A GET under another language's slug (an old bookmark: the English slug under /de/, a
    link shared across languages) moves for good to the lesson's slug in this language. Posts
    are served where they arrive: a tab opened before the move still plays, and its next
    fragment carries the new addresses."""
    @wraps(view)
    def at_address(request, slug):
        address = reverse(request.resolver_match.view_name, args=[slug])
        if request.path != address:
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(f"{address}?{query}" if query else address)
        return view(request, slug)
    return at_address


# -- views -------------------------------------------------------------------------------


@require_GET
def index(request):
    progress = Progress(request.session)
    lessons = []
    for lesson in Lesson.objects.prefetch_related("steps"):
        keys = [s.key for s in lesson.steps.all()]
        done = [k for k in keys if k in progress.steps_done(lesson.slug)]
        lessons.append({"lesson": lesson, "steps": len(keys), "done": len(done),
                        "complete": progress.lesson_done(lesson.slug, keys),
                        "started": bool(done) or lesson.slug in progress.run})
    resume = next((item for item in lessons if not item["complete"]), None)
    return render(request, "tutorial/index.html", {
        "lessons": lessons, "resume": resume,
        "all_done": bool(lessons) and all(item["complete"] for item in lessons),
        "any_progress": any(item["started"] for item in lessons),
    })


@require_POST
def reset_all(request):
    progress = Progress(request.session)
    progress.reset_all()
    progress.save()
    return HttpResponseRedirect(reverse("tutorial:index"))


@require_GET
@on_its_address
def lesson(request, slug):
    lr = Lessonrun(request, slug)
    lr.choose(request.GET.get("step"))
    events = lr.tick()
    if request.htmx:
        return _fragment(request, lr, events=events)
    return _page(request, lr)


@require_GET
@on_its_address
def poll(request, slug):
    lr = Lessonrun(request, slug)
    lr.choose()
    before = (len(runner.game_of(lr.run["state"]).log), lr.run["state"]["status"])
    events = lr.tick()
    game = runner.game_of(lr.run["state"])
    after = (len(game.log), lr.run["state"]["status"])
    client = _client_version(request.GET)
    if before[1] == after[1] and client == after[0]:
        return HttpResponse(status=204)
    return _fragment(request, lr, events=_unseen(events, game, before[0], client),
                     announce_status=before[1] != after[1], client_version=client)


@require_POST
def act(request, slug):
    lr = Lessonrun(request, slug)
    lr.choose()
    action = " ".join(request.POST.get("action", "").split())[:40]
    to = request.POST.get("to", "").strip()[:2]
    if action.startswith("give ") and len(action.split()) == 2:
        action = f"{action} {to}" if to else action
    was = lr.run["state"]["status"]
    mark = len(runner.game_of(lr.run["state"]).log)
    outcome = runner.act(lr.step.runner_step(), lr.run["state"], action, lr.now)
    lr.record(outcome)
    message = message_url = None
    if outcome.refusal is not None:
        message, rule = explain(outcome.refusal.code, outcome.refusal.params)
        message_url = rule_link(rule)
    elif was != runner.PLAYING:
        message = _("This step is finished. Go on to the next step or try it again.")
    if not request.htmx:
        return _back(lr)
    client = _client_version(request.POST)
    events = _unseen(outcome.events, runner.game_of(outcome.state), mark, client)
    return _fragment(request, lr, events=events, message=message, message_url=message_url,
                     announce_status=was != outcome.status, client_version=client)


@require_POST
def hint(request, slug):
    lr = Lessonrun(request, slug)
    lr.choose()
    lr.run["hints"] = min(2, lr.run.get("hints", 0) + 1)
    lr.progress.save()
    if not request.htmx:
        return _back(lr)
    # The move hint also marks the card on the table: send both, and read the new hint out.
    shown = lr.run["hints"]
    return _fragment(request, lr, say=[lr.texts.hint_move if shown >= 2 else lr.texts.hint_nudge])


@require_POST
def step_control(request, slug):
    lr = Lessonrun(request, slug)
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
