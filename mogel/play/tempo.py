"""The table's tempo: one whole factor per table on every time set against a person (issue 33,
WCAG 2.2.1 "Timing Adjustable": a time limit adjustable to at least ten times its default).

The platform only stores it (``PracticeGame.tempo``, ``Table.tempo``), offers it in the lobby and
the friends' waiting room and shows it on the table; it hands it to the game at setup
(``choices["tempo"]`` of ``GameKind.new_game``), and each game scales its own windows and bots and
keeps it in its own state, so a replay is the game that was played (docs/platform.md, "Tempo").
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

USUAL = 1
# The factors offered, each with its label (docs/glossary.md, "Tempo"). 1: today's timings,
# which games of before the tempo keep.
LABELS = {
    1: pgettext_lazy("tempo", "Usual"),
    3: pgettext_lazy("tempo", "Slower (×3)"),
    10: pgettext_lazy("tempo", "Unhurried (×10)"),
}
TEMPOS = tuple(LABELS)


def label(tempo: int) -> str:
    """The tempo's label in the active language; an unknown factor (never stored) as the usual one."""
    return str(LABELS.get(tempo, LABELS[USUAL]))


def of(value) -> int | None:
    """A posted tempo as one of :data:`TEMPOS`, or None ("7", "x", "3.0", missing)."""
    return int(value) if isinstance(value, str) and value in {str(t) for t in TEMPOS} else None


def line(tempo: int) -> str:
    """What the table's status says of its tempo, for every seat and spectator and in the replay."""
    return _("Tempo: %(tempo)s") % {"tempo": label(tempo)}
