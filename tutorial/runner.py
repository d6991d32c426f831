"""The generic step runner: one lesson step played out on a game kind's rules engine.

Pure logic (no Django, no clock). What differs between game kinds is a :class:`Rules`
(the engine class, the kind's own predicates, the autopilot for what opponents owe, which
events end a round, what the learner's eyes notice); every function takes it as ``rules``
(each game's ``lessons/runner.py``). A step is data (each game's ``lessons/data/*.json``):

* ``scenario`` – a ``Game.from_scenario`` position of the kind's engine; seat 0 is the learner;
* ``script`` – the opponents' scripted actions. Each entry fires once::

      {"on": "start" | <event matcher>, "delay": ms, "seat": 2, "do": "<action>"}

  ``"start"`` schedules it ``delay`` ms after the step starts; an event matcher (same
  shape as an ``event`` predicate, e.g. ``{"event": "<event code>"}``) schedules it
  ``delay`` ms after the first matching event. A scripted action the engine refuses
  when it is due is skipped (the learner took the game elsewhere);
* ``auto`` – what the opponents owe is played by the kind's autopilot (``Rules.autopilot``),
  delayed as ``auto`` says (each game's ``lessons/runner.py`` says how; what its autopilot
  never plays comes only from the script);
* ``success`` / ``failure`` – predicates (:func:`holds`): the shared ``all``, ``any``,
  ``not``, ``event`` (``{"event": "played", "seat": 0}``, any key of the event must match,
  ``count`` how often), ``over``, ``phase`` and ``turn`` (the seat owes a move), plus the
  kind's own (``Rules.predicates``, listed in its ``lessons/runner.py``; one may replace a
  shared one);
* ``plan`` – the learner's moves the step is about, as patterns (``"play 3"``, ``"hand *"``:
  ``*`` stands for any one word); :func:`plan_of` derives it from the winning line when a
  step names none.

A learner who leaves the script gets an explanation, never a cascade of bot moves: a move
the engine accepts but the plan does not list ends the step at once as :data:`OFF_SCRIPT`
(unless it met a failure or the success condition: their texts come first), and in a step
whose success is not about the end of a round (``Rules.round_events``), a move that would end
the round (``Rules.round_end``) is taken back and ends the step as :data:`ROUND_WOULD_END`
(the engine would otherwise already have dealt the next round).

The runner's state is plain JSON (the engine's JSON plus script bookkeeping, and the
learner's ``eyes``: what ``Rules.watch`` noticed after every change, so a lesson's table
shows what the practice game's would) so the
web layer can keep it in the session. Every time is in ms since the step started;
the caller supplies ``now`` (server time), so tests replay steps exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mogel.core.errors import IllegalAction
from mogel.core.eventlog import seen_by

LEARNER = 0
PLAYING, SUCCESS, FAILURE = "playing", "success", "failure"
# Why a step failed when no failure condition of its own said so (``failed_by``).
OFF_SCRIPT, ROUND_WOULD_END, ROUND_ENDED = "off_script", "round_would_end", "round_ended"
_MAX_STEPS = 1000  # a runaway script cannot loop forever


@dataclass(frozen=True)
class Rules:
    """The part of the runner that belongs to one game kind.

    * ``engine`` – the kind's game class: ``from_scenario(scenario, seed=)``, ``to_json`` /
      ``from_json``, ``apply(seat, action, at)`` (raises :class:`IllegalAction`),
      ``advance(now)``, ``next_deadline()``, ``legal_actions(seat)``, ``expected()``,
      ``view(seat)``, ``log``, ``clock``, ``over``, ``phase``, ``players``;
    * ``predicates`` – the kind's own predicate keys: ``{key: holds(value, game) -> bool}``
      (one may replace a shared one, such as ``turn``);
    * ``autopilot(step, game)`` – the next move a bot owes: ``(due ms, seat, action)`` or
      None; due times count from the game's last event (``since(game)``);
    * ``round_end`` – the event that says a round ended (a step not about it stops there);
      ``round_events`` – the events (or the kind's predicate keys) a success about the end
      of a round mentions;
    * ``watch(game, eyes)`` – optional: what the learner notices after every change, kept in
      the state as ``eyes`` (a JSON dict).
    """

    engine: type
    autopilot: Callable[[dict, Any], tuple[int, int, str] | None]
    predicates: Mapping[str, Callable[[Any, Any], bool]] = field(default_factory=dict)
    round_end: str = "round_end"
    round_events: tuple[str, ...] = ("round_end",)
    watch: Callable[[Any, dict], None] | None = None

    @property
    def predicate_keys(self) -> frozenset[str]:
        return SHARED_KEYS | frozenset(self.predicates)


def since(game) -> int:
    """When the game last changed: an autopilot's delays count from here."""
    return game.log[-1]["t"] if game.log else 0


def first_owed(game, choose: Callable[[int, list[str]], str | None]) -> tuple[int, str] | None:
    """The first bot that owes a move and the move ``choose(seat, legal)`` picks for it."""
    if game.over:
        return None
    for seat in game.expected():
        if seat == LEARNER:
            continue
        action = choose(seat, game.legal_actions(seat))
        if action is not None:
            return seat, action
    return None


@dataclass
class Outcome:
    """What one call did: the public events (as the learner sees them) and the verdict."""

    state: dict
    events: list[dict] = field(default_factory=list)
    refusal: IllegalAction | None = None

    @property
    def status(self) -> str:
        return self.state["status"]

    @property
    def failure(self) -> int | str | None:
        """Index of the failure condition that ended the step, or :data:`OFF_SCRIPT`,
        :data:`ROUND_WOULD_END` or :data:`ROUND_ENDED`; None while nothing failed."""
        return self.state.get("failed_by")


# -- predicates --------------------------------------------------------------------


def _matches(event: dict, matcher: dict) -> bool:
    if event.get("code") != matcher.get("event"):
        return False
    return all(event.get(k) == v for k, v in matcher.items() if k not in ("event", "count"))


def holds(predicate: dict, game, rules: Rules) -> bool:
    """Evaluate one declarative predicate on the game (its whole log since the step began)."""
    if not predicate:
        return False
    if "all" in predicate:
        return all(holds(p, game, rules) for p in predicate["all"])
    if "any" in predicate:
        return any(holds(p, game, rules) for p in predicate["any"])
    if "not" in predicate:
        return not holds(predicate["not"], game, rules)
    if "event" in predicate:
        hits = sum(1 for e in game.log if _matches(e, predicate))
        return hits >= predicate.get("count", 1)
    for key, test in rules.predicates.items():
        if key in predicate:
            return test(predicate[key], game)
    if "turn" in predicate:
        return not game.over and predicate["turn"] in game.expected()
    if "phase" in predicate:
        return game.phase == predicate["phase"]
    if "over" in predicate:
        return game.over == predicate["over"]
    raise ValueError(f"unknown predicate {predicate!r}")


SHARED_KEYS = frozenset({"all", "any", "not", "event", "turn", "phase", "over"})


# -- running a step ----------------------------------------------------------------


def start(step: dict, seed: int = 0, *, rules: Rules) -> dict:
    """A fresh state for ``step`` at time 0."""
    game = rules.engine.from_scenario(step["scenario"], seed=step.get("seed", seed))
    state = {"game": game.to_json(), "pending": [], "fired": [], "seen": 0,
             "status": PLAYING, "failed_by": None}
    for index, entry in enumerate(step.get("script", [])):
        if entry.get("on", "start") == "start":
            state["pending"].append([entry.get("delay", 0), index])
            state["fired"].append(index)
    _scan(step, state, game, rules)
    _run_until(step, state, game, 0, rules)
    state["game"] = game.to_json()
    return state


def game_of(state: dict, rules: Rules):
    return rules.engine.from_json(state["game"])


def act(step: dict, state: dict, action: str, now: int, rules: Rules) -> Outcome:
    """The learner does ``action`` at ``now``; the script and the autopilot answer."""
    state = _copy(state)
    game = game_of(state, rules)
    mark = len(game.log)
    now = max(now, game.clock)
    _run_until(step, state, game, now, rules)
    refusal = None
    if state["status"] == PLAYING:
        move = len(game.log)
        try:
            applied = _apply(step, state, game, lambda: game.apply(LEARNER, action, now), rules)
        except IllegalAction as error:
            refusal = error
        else:
            if applied:
                _scan(step, state, game, rules)
                _judge(step, state, game, rules)
                if state["status"] == PLAYING and not planned(step, action):
                    state["status"], state["failed_by"], state["off_move"] = FAILURE, OFF_SCRIPT, move
                _run_until(step, state, game, now, rules)
    state["game"] = game.to_json()
    return Outcome(state, seen_by_learner(game.log[mark:]), refusal)


def plan_of(step: dict) -> list[str]:
    """The learner's moves the step allows: its own ``plan``, else the moves of its winning line."""
    if "plan" in step:
        return list(step["plan"])
    return list(dict.fromkeys(m["do"] for m in step.get("solution", []) if "do" in m))


def planned(step: dict, action: str) -> bool:
    """Whether ``action`` is one of the step's planned moves (a step without a plan allows all)."""
    if step.get("plan") is None:
        return True
    words = action.split()
    return any(len(p.split()) == len(words) and all(w == "*" or w == a for w, a in zip(p.split(), words))
               for p in step["plan"])


def about_round_end(step: dict, rules: Rules) -> bool:
    """Whether the step's goal is (or comes after) the end of a round."""
    events = set(rules.round_events)

    def mentions(predicate) -> bool:
        if isinstance(predicate, dict):
            return predicate.get("event") in events or "over" in predicate or bool(events & set(predicate)) or any(
                mentions(v) for k, v in predicate.items() if k in ("all", "any", "not"))
        return isinstance(predicate, list) and any(mentions(p) for p in predicate)
    return mentions(step.get("success"))


def _apply(step: dict, state: dict, game, change, rules: Rules) -> bool:
    """Make ``change`` (a move or time passing) to ``game``; False if it was taken back because
    it would end the round in a step that is not about that (the step then ends as such)."""
    before = None if about_round_end(step, rules) else game.to_json()
    mark = len(game.log)
    change()
    if before is not None and any(e["code"] == rules.round_end for e in game.log[mark:]):
        # The engine has already dealt the next round: back to the position before the move.
        game.__dict__.update(rules.engine.from_json(before).__dict__)
        state["status"], state["failed_by"] = FAILURE, ROUND_WOULD_END
        return False
    return True


def tick(step: dict, state: dict, now: int, rules: Rules) -> Outcome:
    """Time passes to ``now``: windows close, scripted and owed actions that are due happen."""
    state = _copy(state)
    game = game_of(state, rules)
    mark = len(game.log)
    _run_until(step, state, game, max(now, game.clock), rules)
    state["game"] = game.to_json()
    return Outcome(state, seen_by_learner(game.log[mark:]))


def next_due(step: dict, state: dict, rules: Rules) -> int | None:
    """When something will happen by itself (a window, a script entry, an owed move), or None."""
    if state["status"] != PLAYING:
        return None
    game = game_of(state, rules)
    times = [due for due, _ in state["pending"]]
    deadline = game.next_deadline()
    if deadline is not None:
        times.append(deadline)
    auto = _auto(step, game, rules)
    if auto is not None:
        times.append(auto[0])
    return min(times) if times else None


def _copy(state: dict) -> dict:
    return {**state, "pending": [list(p) for p in state["pending"]], "fired": list(state["fired"]),
            "eyes": copy.deepcopy(state.get("eyes") or {})}


def seen_by_learner(events: list[dict]) -> list[dict]:
    """The events as the learner may see them: bots' secrets left out, hidden cards removed."""
    return [shown for shown in (seen_by(event, LEARNER, copy=True) for event in events) if shown is not None]


def _run_until(step: dict, state: dict, game, now: int, rules: Rules) -> None:
    for _ in range(_MAX_STEPS):
        if state["status"] != PLAYING or game.over:
            break
        candidates = []
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            candidates.append((deadline, 0, None))
        for due, index in state["pending"]:
            if due <= now:
                candidates.append((due, 1, index))
        auto = _auto(step, game, rules)
        if auto is not None and auto[0] <= now:
            candidates.append((auto[0], 2, None))
        if not candidates:
            break
        at, kind, index = min(candidates, key=lambda c: (c[0], c[1], -1 if c[2] is None else c[2]))
        at = max(at, game.clock)
        if kind == 0:
            applied = _apply(step, state, game, lambda: game.advance(at), rules)
        elif kind == 1:
            state["pending"] = [p for p in state["pending"] if p[1] != index]
            entry = step["script"][index]
            try:
                applied = _apply(step, state, game, lambda: game.apply(entry["seat"], entry["do"], at), rules)
            except IllegalAction:
                applied = True  # the learner took the game elsewhere; the script moves on
        else:
            _, seat, action = auto
            applied = _apply(step, state, game, lambda: game.apply(seat, action, at), rules)
        if not applied:
            return
        _scan(step, state, game, rules)
        _judge(step, state, game, rules)
    if state["status"] == PLAYING and now > game.clock and _apply(step, state, game, lambda: game.advance(now), rules):
        _scan(step, state, game, rules)
        _judge(step, state, game, rules)


def _scan(step: dict, state: dict, game, rules: Rules) -> None:
    """Schedule the script entries whose trigger event has just been logged."""
    script = step.get("script", [])
    for event in game.log[state["seen"]:]:
        for index, entry in enumerate(script):
            trigger = entry.get("on", "start")
            if index in state["fired"] or trigger == "start":
                continue
            if _matches(event, trigger):
                state["pending"].append([event["t"] + entry.get("delay", 0), index])
                state["fired"].append(index)
    if rules.watch is not None and (state["seen"] != len(game.log) or "eyes" not in state):
        # The learner looks at the table after every change, as the practice game's player does.
        rules.watch(game, state.setdefault("eyes", {}))
    state["seen"] = len(game.log)


def _judge(step: dict, state: dict, game, rules: Rules) -> None:
    if state["status"] != PLAYING:
        return
    for index, failure in enumerate(step.get("failure", [])):
        if holds(failure["when"], game, rules):
            state["status"], state["failed_by"] = FAILURE, index
            return
    if holds(step["success"], game, rules):
        state["status"] = SUCCESS
    elif any(e["code"] == rules.round_end for e in game.log):
        # The round ended without the goal (a bot went out): nothing more to learn here.
        state["status"], state["failed_by"] = FAILURE, ROUND_ENDED


def _auto(step: dict, game, rules: Rules) -> tuple[int, int, str] | None:
    """The autopilot's next owed move for a bot: (due time, seat, action), or None."""
    return None if game.over else rules.autopilot(step, game)


# -- checking a lesson file --------------------------------------------------------


def check_predicate(predicate: dict, rules: Rules) -> None:
    """Raise ValueError for a predicate :func:`holds` would not understand."""
    keys = rules.predicate_keys
    if isinstance(predicate, dict) and "event" in predicate:
        return  # an event matcher: its other keys are the event's fields (a kind's key among them)
    if not isinstance(predicate, dict) or len(set(predicate) & keys) != 1:
        raise ValueError(f"a predicate needs exactly one of {sorted(keys)}: {predicate!r}")
    for key in ("all", "any"):
        for inner in predicate.get(key, []):
            check_predicate(inner, rules)
    if "not" in predicate:
        check_predicate(predicate["not"], rules)
