"""Mogelei's lessons on the site: what its game kind gives the shared lesson pages
(``docs/platform.md``, "Lessons"); the steps themselves are ``games/mogelei/lessons/data/*.json``,
played by :mod:`games.mogelei.lessons.runner`.

The lesson table is the practice game's table seen from the learner's seat: the same presenter
(:func:`games.mogelei.table.present.present`) and the same seats, choices and hand
(``games/mogelei/templates/mogelei/table.html``), inside the lesson's own ``#table`` section
(``games/mogelei/templates/mogelei/lesson_table.html``: it polls while a bot still owes a move and carries the
step's status and hint for ``tutorial.js``).
"""

from __future__ import annotations

from types import SimpleNamespace

from django.utils.translation import gettext_lazy, pgettext

from games.mogelei.table.present import present
from tutorial.runner import LEARNER

TEMPLATES = {
    "table": "mogelei/lesson_table.html#table",
    "panel": "tutorial/_panel.html#panel",
    # The table's and the scores' stylesheets, the motion of laid and revealed cards.
    "head": "mogelei/_lesson_head.html",
    "scripts": "mogelei/_scripts.html",
}
LEARN_DESCRIPTION = gettext_lazy("Learn Mogelei step by step: short lessons you play on the card table, "
                                 "from following colour face down to the fattest egg.")
LESSONS_INTRO = gettext_lazy("Nine short lessons. In each one you make a few moves yourself – Mia, Leo "
                             "and the others play along. You can't break anything: a wrong move is simply explained, "
                             "and you try again.")

# The practice game's frame around a kind's scores.
SUMMARY = "play/summary.html"
# What every lesson table takes over from the lesson views as it is.
SHELL_VALUES = ("poll_url", "poll_ms", "message", "message_url", "message_kind", "table_label")


def lesson_table(run, shell: dict) -> dict:
    """The context of ``mogelei/lesson_table.html#table`` for the step's position now."""
    game = shell["game"]
    names = list(shell["names"])
    # The learner has no name: sentences and labels about their seat say "You".
    names[LEARNER] = names[LEARNER] or pgettext("seat", "You")
    context = present(game.view(LEARNER), shell["legal"], names, action_url=shell["action_url"],
                      version=len(game.log), moved=shell["events"],
                      extra={key: shell[key] for key in SHELL_VALUES})
    # The seat's heading then reads "You", not "You (you)".
    context["my_seat"]["name"] = ""
    if game.over:
        context.update(summary=_scores(run.kind, game, names), after_centre=SUMMARY,
                       summary_template=run.kind.templates["summary"])
    return context


def _scores(kind, game, names) -> dict:
    """The scores of the game a step ends, as the practice game shows them (no "Play again").

    A lesson's position is a game of a match whose earlier games it does not hold, so the
    match's ranking would count this game alone: the step's own text tells the match."""
    summary = kind.summary(SimpleNamespace(game=game), names)
    summary.pop("ranking", None)
    summary["game"] = game.game_no
    return summary
