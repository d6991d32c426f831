"""Mogel Motte's card table in a lesson: the shared table (:func:`present`) for the learner's
seat, with the side moves the step is about and the step's own words where it wants them.

The kind's ``lesson_table(run, shell)`` hook (``docs/platform.md``, "Lessons"); its templates
are ``games/mogel_motte/templates/mogel_motte/lesson_table.html`` (``#table``) and ``templates/tutorial/_panel.html``.
"""

from __future__ import annotations

from tutorial.runner import LEARNER

from ..table import tells
from ..table.present import present


def lesson_table(run, shell: dict) -> dict:
    game, playing, legal = shell["game"], shell["playing"], shell["legal"]
    state = run.run["state"]
    context = present(
        game.view(LEARNER), legal, shell["names"],
        action_url=shell["action_url"],
        version=len(game.log),
        now=game.clock,
        # The runner's "eyes" watched every change, as the practice game's player does.
        tells=tells.active(state.get("eyes") or {}, game.clock, shown=shell["client_version"]),
        moved=shell["events"],
        extra={key: shell[key] for key in ("poll_url", "poll_ms", "message", "message_url", "message_kind",
                                           "table_label")},
    )
    _step_controls(run, context, game, playing)
    if playing and run.step.draw_prompt and "draw" in legal:
        # The table would say "no card fits, so draw a card", but this step wants something else
        # first (cheat, watch a bot's cards): its own words, as the goal says it.
        context["prompt"] = run.texts.draw_prompt
        context["draw_waits"] = True
    owes_hand = game.settling is not None or game.phase == "mosquito_gifts"
    context.update({
        "off_verb": ("hand" if owes_hand else "give" if game.phase == "spider" and game.spider
                     and game.spider["by"] == LEARNER else "race" if game.phase == "cockroach" else "play"),
        "guard_may_cheat": True,
        # Nobody has minus points yet (every lesson but the scoring one): phones leave the
        # "0 minus points" lines out to keep the table short.
        "no_scores": not any(s["score"] for s in context["seats"]),
    })
    return context


def _step_controls(run, context: dict, game, playing: bool) -> None:
    """Offer only the side moves the step is about (its ``controls``; the lesson's defaults
    otherwise), the Draw button where the step wants it tried, and the spider's gift aimed
    at the player the winning line names."""
    wanted = {**run.lesson.controls, **(run.step.controls or {})}
    context["cheat_buttons"] = playing and wanted.get("cheat", False)
    controls = context["controls"]
    if not wanted.get("catch", True):
        for seat in context["seats"]:
            seat["catch"] = None
        controls["catches"], context["catch_keys"] = [], ""
    on_turn = game.phase == "turn" and game.turn == LEARNER and game.settling is None
    if wanted.get("draw") and playing and on_turn:
        # The engine refuses the draw with its reason: trying it is the point of the step.
        controls["draw"] = "draw"
    gift_to = next((int(m["do"].split()[2]) for m in run.step.solution
                    if m.get("do", "").startswith("give ") and len(m["do"].split()) == 3), None)
    if any(t["seat"] == gift_to for t in controls["give_targets"]):
        for target in controls["give_targets"]:
            target["checked"] = target["seat"] == gift_to
