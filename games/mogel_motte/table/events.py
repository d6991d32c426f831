"""Engine events as sentences in the visitor's language: ``describe(event, names, me) -> str``.

Engine events are dicts with a ``"code"`` and parameters (seats, cards), never text.
``names`` holds one display name per seat; ``me`` is the viewer's seat (``None`` for
an onlooker), who reads "you" forms. A sentence that names a card has every form of
the card at hand (:class:`games.mogel_motte.cards.names.CardForms`): each translation uses the
one its grammar needs there. :func:`visible` is the platform's filter (``mogel.core.eventlog.seen_by``)
for callers that read ``game.log``.
"""

from __future__ import annotations

from collections import ChainMap

from babel.lists import format_list
from django.utils.translation import get_language, to_locale
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.mogel_motte.cards.names import CardForms
from mogel.core.eventlog import seen_by

CODES = (
    "round_start", "played", "drew", "nothing_to_draw", "reshuffled", "spider_gave", "spider_kept",
    "mosquito_open", "slapped", "mosquito_slowest", "handed", "cockroach_open", "raced",
    "cockroach_nobody", "ant_took", "ant_drew", "cheated", "got_away", "caught", "penalty",
    "guard_moved", "wrong_accusation", "round_end", "game_end",
)


# The event as a seat sees it: the platform's one filter (private parts removed, None if unseen).
visible = seen_by


def noticed(event: dict, seat: int | None) -> bool:
    """Whether ``seat`` can tell that ``event`` happened.

    It can when the event is in its log, and when another seat cheats: that ``cheated``
    event stays private, but every seat sees a hand get one card smaller (a tell).
    A cheat that got away changes nothing anyone else can see.
    """
    return visible(event, seat) is not None or event["code"] == "cheated"


def _name(names, seat) -> str:
    try:
        return names[seat]
    except (IndexError, TypeError, KeyError):
        return "?"


def _round_start(event: dict, names, me: int | None) -> str:
    guard = event.get("guard")
    starter = event.get("starter", guard)
    turn = event.get("turn", starter)
    d = ChainMap({"round": event.get("round")}, CardForms(event["top"]) if event.get("top") else {})
    if guard == starter == turn:
        if guard == me:
            return _("Round %(round)s: you hold the Guard Bug and start. The first card is %(the_card)s.") % d
        return (_("Round %(round)s: %(name)s holds the Guard Bug and starts. The first card is %(the_card)s.")
                % d.new_child({"name": _name(names, guard)}))
    # A position in the middle of a round (a lesson): nobody "starts" now, so say who started,
    # who holds the Guard Bug and whose turn it is, each as its own sentence.
    if starter == guard:
        parts = [_("Round %(round)s is under way.") % d]
    elif starter == me:
        parts = [_("Round %(round)s is under way; you started it.") % d]
    else:
        parts = [_("Round %(round)s is under way; %(name)s started it.") % d.new_child({"name": _name(names, starter)})]
    parts.append(_("You hold the Guard Bug.") if guard == me
                 else _("%(name)s holds the Guard Bug.") % {"name": _name(names, guard)})
    parts.append(_("It is your turn. The top card is %(the_card)s.") % d if turn == me
                 else _("It is %(name)s's turn. The top card is %(the_card)s.") % d.new_child({"name": _name(names, turn)}))
    return " ".join(parts)


def describe(event: dict, names, me: int | None = None) -> str:
    """One sentence for one event, e.g. "Emil played the spider 3." or "You drew a number card 2."."""
    code = event.get("code")
    seat = event.get("seat")
    you = seat is not None and seat == me
    who = _name(names, seat)
    card = event.get("card")
    to = event.get("to")
    shown = card or event.get("top")
    d = ChainMap({"name": who, "to": _name(names, to)}, CardForms(shown) if shown else {})

    if code == "round_start":
        return _round_start(event, names, me)
    if code == "played":
        return (_("You played %(the_card_acc)s.") if you else _("%(name)s played %(the_card_acc)s.")) % d
    if code in ("drew", "ant_drew"):
        if code == "ant_drew":
            if card:
                return (_("The ant: you drew %(a_card)s.") if you else _("The ant: %(name)s drew %(a_card)s.")) % d
            return (_("The ant: you drew a card.") if you else _("The ant: %(name)s drew a card.")) % d
        if card:
            return (_("You drew %(a_card)s.") if you else _("%(name)s drew %(a_card)s.")) % d
        return (_("You drew a card.") if you else _("%(name)s drew a card.")) % d
    if code == "nothing_to_draw":
        return (_("Nothing left to draw for you.") if you else _("Nothing left to draw for %(name)s.")) % d
    if code == "reshuffled":
        return _("The discard pile was shuffled into a new draw pile.")
    if code == "spider_gave":
        if you:
            return (_("Spider: you gave %(the_card_acc)s to %(to)s.") if card else _("Spider: you gave a card to %(to)s.")) % d
        if to == me:
            return (_("Spider: %(name)s gave you %(the_card_acc)s.") if card else _("Spider: %(name)s gave you a card.")) % d
        return _("Spider: %(name)s gave a card to %(to)s.") % d
    if code == "spider_kept":
        return (_("Spider: you kept your cards.") if you else _("Spider: %(name)s kept their cards.")) % d
    if code == "mosquito_open":
        return (_("Mosquito! Everyone else, slap!") if you else _("Mosquito from %(name)s! Slap!")) % d
    if code == "slapped":
        return (_("You slapped.") if you else _("%(name)s slapped.")) % d
    if code == "mosquito_slowest":
        return (_("You were the slowest: everyone hands you a card.") if you
                else _("%(name)s was the slowest and gets a card from everyone.")) % d
    if code == "handed":
        if you:
            return (_("You handed %(the_card_acc)s to %(to)s.") if card else _("You handed a card to %(to)s.")) % d
        if to == me:
            return (_("%(name)s handed you %(the_card_acc)s.") if card else _("%(name)s handed you a card.")) % d
        return _("%(name)s handed a card to %(to)s.") % d
    if code == "cockroach_open":
        d["value"] = event.get("value")
        return (_("Cockroach! Race with a number card %(value)s.") if not you
                else _("Your cockroach is down: everyone may race with a number card %(value)s, you too.")) % d
    if code == "raced":
        return (_("You won the race %(with_the_card)s.") if you else _("%(name)s won the race %(with_the_card)s.")) % d
    if code == "cockroach_nobody":
        return _("Nobody raced the cockroach.")
    if code == "ant_took":
        return (_("The ant: you took %(the_card_acc)s from the discard pile.") if you
                else _("The ant: %(name)s took %(the_card_acc)s from the discard pile.")) % d
    if code == "cheated":
        return (_("You made %(the_card_acc)s disappear.") if you else _("%(name)s made a card disappear.")) % d
    if code == "got_away":
        return (_("You got away %(with_the_card)s.") if you else _("%(name)s got away with a cheat.")) % d
    if code == "caught":
        accused = event.get("accused")
        d["accused"] = _name(names, accused)
        if you:
            return _("Caught! You caught %(accused)s %(with_the_card)s.") % d
        if accused == me:
            return _("Caught! %(name)s caught you %(with_the_card)s.") % d
        return _("Caught! %(name)s caught %(accused)s %(with_the_card)s.") % d
    if code == "penalty":
        if you:
            return (_("You handed %(to)s %(the_card_acc)s as a penalty.") if card
                    else _("You handed %(to)s a penalty card.")) % d
        if to == me:
            return (_("%(name)s handed you %(the_card_acc)s as a penalty.") if card
                    else _("%(name)s handed you a penalty card.")) % d
        return _("%(name)s handed %(to)s a penalty card.") % d
    if code == "guard_moved":
        return (_("You hold the Guard Bug now.") if you else _("%(name)s holds the Guard Bug now.")) % d
    if code == "wrong_accusation":
        accused = event.get("accused")
        d["accused"] = pgettext("accused", "you") if accused == me else _name(names, accused)
        return (_("Wrong accusation: you accused %(accused)s and draw a card.") if you
                else _("Wrong accusation: %(name)s accused %(accused)s and draws a card.")) % d
    if code == "round_end":
        out = event.get("out")
        d["round"] = event.get("round")
        if out is None:
            return _("Round %(round)s is over: nobody could play any more.") % d
        d["name"] = _name(names, out)
        return (_("Round %(round)s is over: you have no cards left!") if out == me
                else _("Round %(round)s is over: %(name)s has no cards left.")) % d
    if code == "game_end":
        ranking = event.get("ranking") or []
        first = ranking[0] if ranking else []
        if me in first and len(first) == 1:
            return _("The game is over. You win!")
        # "Mia and you", "Mia und dich": the language's own list, so a tie reads as one.
        winners = format_list([_name(names, s) if s != me else pgettext("in the winners list", "you") for s in first],
                              locale=to_locale(get_language()))
        return _("The game is over. First place: %(names)s.") % {"names": winners}
    return _("Something happened at the table.")
