"""Why a move is refused, in the visitor's language: ``explain(code, params) -> (message, rule_slug)``.

``code`` is an :class:`~mogel.core.errors.IllegalAction` code (every one in
``games.mogel_motte.engine.errors.CODES``) or one of the platform table's own
(``mogel.table.messages.TABLE_CODES``). ``rule_slug`` is the rules-page anchor that explains the
rule; the kind's ``rule_link`` turns it into a URL.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from mogel.rules.links import rule_url
from mogel.table.messages import MESSAGES as SHARED_MESSAGES

from ..cards.names import name_card
from ..engine import cards as C
from ..engine.errors import CODES

# Lazy: a refusal translates its own message only (a table explains several cards at once).
_MESSAGES = {
    **SHARED_MESSAGES,
    "settling": gettext_lazy("Wait: a “Caught!” is being settled."),
    # Not a refusal: a race held while another person's may be on its way (mogel.play.service.hold).
    "held": gettext_lazy("Race sent. In a moment the table shows who was first on their own screen."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "does_not_fit": gettext_lazy("That card does not fit on the discard pile."),
    "moth_not_playable": gettext_lazy("Only the player with the Guard Bug may play a Cheating Moth."),
    "must_play": gettext_lazy("A card fits, so you must play instead of drawing."),
    "no_gift_now": gettext_lazy("No spider gift is due from you."),
    "moth_not_giftable": gettext_lazy("A Cheating Moth is never given away."),
    "bad_target": gettext_lazy("Give the card to another player."),
    "no_slap_now": gettext_lazy("There is nothing to slap now."),
    "no_race_now": gettext_lazy("There is no cockroach race for this card."),
    "race_needs_number": gettext_lazy("Only a number card can race a cockroach."),
    "nothing_to_hand": gettext_lazy("You do not owe anyone a card."),
    "guard_may_not_cheat": gettext_lazy("The guard never cheats."),
    "last_card": gettext_lazy("Your last card cannot disappear."),
    "already_in_act": gettext_lazy("One cheat at a time."),
    "not_guard": gettext_lazy("Only the guard may call “Caught!”."),
    "catch_self": gettext_lazy("The guard cannot accuse themselves."),
}


def explain(code: str, params: dict | None = None) -> tuple[str, str]:
    """The translated message for a refusal and the rules section that explains it."""
    p = dict(params or {})
    slug = CODES.get(code) or "turn"
    if code == "does_not_fit" and C.is_card(str(p.get("top", ""))):
        low, high = C.neighbours(C.value(p["top"]))
        return name_card(_("Does not fit %(onto_the_card)s: it needs a %(low)s or a %(high)s."), p["top"],
                         low=low, high=high), slug
    if code == "no_race_now" and p.get("value"):
        return _("Only a number card %(value)s can race this cockroach.") % {"value": p["value"]}, slug
    if code == "waiting" and p.get("reason") == "spider":
        return _("Wait: another player is giving a spider's gift."), slug
    return str(_MESSAGES.get(code, _MESSAGES["malformed"])), slug


def explain_late(verb: str, code: str, since: list[dict], names, me: int) -> tuple[str, str] | None:
    """Why a fast action made on an older table is refused, from what happened since that table
    (``since``: the player's log after the page's version): who was faster, the window closed,
    the card is gone, the guard moved on. None: the rules' own message says it."""
    codes = {e["code"] for e in since}
    if verb == "race" and code == "no_race_now":
        winner = next((e["seat"] for e in since if e["code"] == "raced" and e.get("seat") != me), None)
        if winner is not None:
            return _("Too late – %(name)s was faster.") % {"name": names[winner]}, "cockroach"
        if "cockroach_nobody" in codes:
            return _("Too late: the cockroach race is over."), "cockroach"
    if verb == "slap" and code == "no_slap_now" and "mosquito_slowest" in codes:
        return _("Too late: the mosquito is over."), "mosquito"
    if verb in ("cheat", "race") and code == "not_in_hand":
        return _("That card is no longer in your hand."), "cheating"
    if verb == "catch" and code == "not_guard" and "guard_moved" in codes:
        return _("You are no longer the guard, so this “Caught!” is not yours to call."), "caught"
    if verb == "cheat" and code == "guard_may_not_cheat" and "guard_moved" in codes:
        return _("You have just become the guard, and the guard never cheats."), "guard"
    return None


def rule_link(slug: str | None) -> str | None:
    """URL of a section of Mogel Motte's rules (``/en/rules/#moth``), or None while there is none."""
    return rule_url(slug, "mogel-motte")
