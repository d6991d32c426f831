"""Play a Mogelei lesson step on the engine, the way the lesson runner plays Mogel Motte's.

Used by the lesson tests until the generic runner knows Mogelei (and then as a second,
independent reading of the data): script entries fire once, at ``start`` or after the first
matching event, ``delay`` ms later; what a bot owes and no script says is played by an
autopilot (``auto`` delays per phase); a learner's move the plan does not list ends the step,
unless a failure or the success condition came first; a round may end only in a step whose
success is about the end of a round. ``reveal_policy`` is the autopilot's reveal decision,
so the tests can show that no step depends on it.
"""

from __future__ import annotations

from mogelei.engine import Game, IllegalAction
from tutorial.runner import about_round_end, holds, planned

LEARNER = 0
PLAYING, SUCCESS, FAILURE = "playing", "success", "failure"
OFF_SCRIPT, ROUND_WOULD_END, ROUND_ENDED = "off_script", "round_would_end", "round_ended"


def matches(event: dict, matcher: dict) -> bool:
    return event.get("code") == matcher.get("event") and all(
        event.get(k) == v for k, v in matcher.items() if k not in ("event", "count"))


class Run:
    def __init__(self, step: dict, reveal_policy: str = "hide"):
        self.step, self.policy = step, reveal_policy
        self.game = Game.from_scenario(step["scenario"], seed=step.get("seed", 0))
        self.script = step.get("script", [])
        self.pending, self.fired, self.seen = [], [], 0
        self.status, self.failed_by, self.refusal = PLAYING, None, None
        for index, entry in enumerate(self.script):
            if entry.get("on", "start") == "start":
                self.pending.append((entry.get("delay", 0), index))
                self.fired.append(index)
        self._after_change()
        self._run_until(0)

    # -- the learner -------------------------------------------------------------------
    def act(self, action: str, now: int) -> None:
        now = max(now, self.game.clock)
        self._run_until(now)
        self.refusal = None
        if self.status != PLAYING:
            return
        try:
            applied = self._apply(lambda: self.game.apply(LEARNER, action, now))
        except IllegalAction as error:
            self.refusal = error
            return
        if applied:
            self._after_change()
            if self.status == PLAYING and not planned(self.step, action):
                self.status, self.failed_by = FAILURE, OFF_SCRIPT
            self._run_until(now)

    def tick(self, now: int) -> None:
        self._run_until(max(now, self.game.clock))

    def play(self, moves: list[dict]) -> Run:
        for move in moves:
            if move.get("wait"):
                self.tick(move["at"])
            else:
                self.act(move["do"], move["at"])
                assert self.refusal is None, f"{move}: refused with {self.refusal.code}"
        return self

    # -- the rest ------------------------------------------------------------------------
    def _apply(self, change) -> bool:
        before = None if about_round_end(self.step) else self.game.to_json()
        mark = len(self.game.log)
        change()
        if before is not None and any(e["code"] == "round_end" for e in self.game.log[mark:]):
            self.game = Game.from_json(before)
            self.status, self.failed_by = FAILURE, ROUND_WOULD_END
            return False
        return True

    def _after_change(self) -> None:
        for event in self.game.log[self.seen:]:
            for index, entry in enumerate(self.script):
                trigger = entry.get("on", "start")
                if index not in self.fired and trigger != "start" and matches(event, trigger):
                    self.pending.append((event["t"] + entry.get("delay", 0), index))
                    self.fired.append(index)
        self.seen = len(self.game.log)
        if self.status != PLAYING:
            return
        for index, failure in enumerate(self.step.get("failure", [])):
            if holds(failure["when"], self.game):
                self.status, self.failed_by = FAILURE, index
                return
        if holds(self.step["success"], self.game):
            self.status = SUCCESS
        elif any(e["code"] == "round_end" for e in self.game.log):
            self.status, self.failed_by = FAILURE, ROUND_ENDED

    def _auto(self):
        game = self.game
        if game.over:
            return None
        for seat in game.expected():
            if seat == LEARNER:
                continue
            legal = game.legal_actions(seat)
            if game.phase == "reveal":
                action = self.policy if self.policy in legal else "hide"
            elif game.phase == "choose":
                action = "end"
            else:
                action = legal[0]
            since = game.log[-1]["t"] if game.log else 0
            return since + self.step.get("auto", {}).get(game.phase, 0), seat, action
        return None

    def _run_until(self, now: int) -> None:
        for _ in range(1000):
            if self.status != PLAYING or self.game.over:
                return
            candidates = [(due, 1, index) for due, index in self.pending if due <= now]
            auto = self._auto()
            if auto is not None and auto[0] <= now:
                candidates.append((auto[0], 2, -1))
            if not candidates:
                return
            at, kind, index = min(candidates)
            at = max(at, self.game.clock)
            if kind == 1:
                self.pending = [p for p in self.pending if p[1] != index]
                entry = self.script[index]
                try:
                    applied = self._apply(lambda: self.game.apply(entry["seat"], entry["do"], at))
                except IllegalAction:
                    applied = True
            else:
                _, seat, action = auto
                applied = self._apply(lambda: self.game.apply(seat, action, at))
            if not applied:
                return
            self._after_change()
