"""Why a Mogelei move is refused, in the visitor's language: ``explain(code, params) -> (message, anchor)``.

``code`` is an :class:`~mogel.core.errors.IllegalAction` code of Mogelei
(``games.mogelei.engine.errors.CODES``) or one of the web table's own
(``mogel.table.messages.TABLE_CODES``: a stale table, a forged post). The anchor is the
section of the Mogelei rules page that explains the rule; :func:`rule_link` makes it a URL.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from mogel.rules.links import rule_url
from mogel.table.messages import MESSAGES as SHARED_MESSAGES

from ..engine.errors import CODES as MOGELEI_CODES
from .names import colour_label

# The section a code's rule lives in, where the engine does not name one.
_ANCHORS = {"stale": "round", "bad_post": "round", "waiting": "round"}

# The platform's refusals (every table's), then Mogelei's own.
_MESSAGES = {
    **SHARED_MESSAGES,
    "not_your_call": gettext_lazy("Only the round’s caller calls a colour, before the first card is laid."),
    "bad_colour": gettext_lazy("There are four colours: black, red, yellow and blue."),
    "not_your_lay": gettext_lazy("No cards are being laid now."),
    "already_laid": gettext_lazy("You have laid your card for this pass already."),
    "must_follow": gettext_lazy("You hold the called colour, so you must lay a card of that colour."),
    "not_your_reveal": gettext_lazy("It is not your turn to reveal or keep your card hidden."),
    "cannot_reveal": gettext_lazy("Your card is not of the called colour: it stays face down."),
    "not_on_turn": gettext_lazy("Only the player on turn continues, ends the round or accuses."),
    "cannot_continue": gettext_lazy("The hands are empty: there can be no further pass."),
    "bad_accusation": gettext_lazy("You can only accuse another player whose last card is still face down."),
}


def explain(code: str, params: dict | None = None) -> tuple[str, str]:
    """The translated message for a refusal and the Mogelei rules section that explains it."""
    p = dict(params or {})
    anchor = MOGELEI_CODES.get(code) or _ANCHORS.get(code) or "round"
    if code == "must_follow" and p.get("colour"):
        return _("You hold %(colour)s, the called colour, so you must lay one of those.") % {
            "colour": colour_label(p["colour"])}, anchor
    return str(_MESSAGES.get(code, _MESSAGES["malformed"])), anchor


def rule_link(anchor: str | None) -> str | None:
    """The Mogelei rules section's URL, or None (no such anchor, no rules page)."""
    return rule_url(anchor, "mogelei")
