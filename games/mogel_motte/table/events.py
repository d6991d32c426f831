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
from django.utils.translation import gettext_lazy
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


# Sentences about what one seat did, by who reads them: (you did it, another did it). A second
# pair, where there is one, is for an event that does not show its card to the reader.
_BY_ACTOR = {
    "played": ((gettext_lazy("You played %(the_card_acc)s."),
                gettext_lazy("%(name)s played %(the_card_acc)s.")), None),
    "drew": ((gettext_lazy("You drew %(a_card)s."), gettext_lazy("%(name)s drew %(a_card)s.")),
             (gettext_lazy("You drew a card."), gettext_lazy("%(name)s drew a card."))),
    "ant_drew": ((gettext_lazy("The ant: you drew %(a_card)s."),
                  gettext_lazy("The ant: %(name)s drew %(a_card)s.")),
                 (gettext_lazy("The ant: you drew a card."), gettext_lazy("The ant: %(name)s drew a card."))),
    "nothing_to_draw": ((gettext_lazy("Nothing left to draw for you."),
                         gettext_lazy("Nothing left to draw for %(name)s.")), None),
    "spider_kept": ((gettext_lazy("Spider: you kept your cards."),
                     gettext_lazy("Spider: %(name)s kept their cards.")), None),
    "mosquito_open": ((gettext_lazy("Mosquito! Everyone else, slap!"),
                       gettext_lazy("Mosquito from %(name)s! Slap!")), None),
    "slapped": ((gettext_lazy("You slapped."), gettext_lazy("%(name)s slapped.")), None),
    "mosquito_slowest": ((gettext_lazy("You were the slowest: everyone hands you a card."),
                          gettext_lazy("%(name)s was the slowest and gets a card from everyone.")), None),
    "raced": ((gettext_lazy("You won the race %(with_the_card)s."),
               gettext_lazy("%(name)s won the race %(with_the_card)s.")), None),
    "ant_took": ((gettext_lazy("The ant: you took %(the_card_acc)s from the discard pile."),
                  gettext_lazy("The ant: %(name)s took %(the_card_acc)s from the discard pile.")), None),
    "cheated": ((gettext_lazy("You made %(the_card_acc)s disappear."),
                 gettext_lazy("%(name)s made a card disappear.")), None),
    "got_away": ((gettext_lazy("You got away %(with_the_card)s."),
                  gettext_lazy("%(name)s got away with a cheat.")), None),
    "guard_moved": ((gettext_lazy("You hold the Guard Bug now."),
                     gettext_lazy("%(name)s holds the Guard Bug now.")), None),
}

# A card going from one seat to another (``to``): (you gave it, you got it, between others),
# each (its card shown, not shown).
_BETWEEN = {
    "spider_gave": ((gettext_lazy("Spider: you gave %(the_card_acc)s to %(to)s."),
                     gettext_lazy("Spider: you gave a card to %(to)s.")),
                    (gettext_lazy("Spider: %(name)s gave you %(the_card_acc)s."),
                     gettext_lazy("Spider: %(name)s gave you a card.")),
                    (gettext_lazy("Spider: %(name)s gave a card to %(to)s."),) * 2),
    "handed": ((gettext_lazy("You handed %(the_card_acc)s to %(to)s."),
                gettext_lazy("You handed a card to %(to)s.")),
               (gettext_lazy("%(name)s handed you %(the_card_acc)s."), gettext_lazy("%(name)s handed you a card.")),
               (gettext_lazy("%(name)s handed a card to %(to)s."),) * 2),
    "penalty": ((gettext_lazy("You handed %(to)s %(the_card_acc)s as a penalty."),
                 gettext_lazy("You handed %(to)s a penalty card.")),
                (gettext_lazy("%(name)s handed you %(the_card_acc)s as a penalty."),
                 gettext_lazy("%(name)s handed you a penalty card.")),
                (gettext_lazy("%(name)s handed %(to)s a penalty card."),) * 2),
}

_SAID = {
    "reshuffled": gettext_lazy("The discard pile was shuffled into a new draw pile."),
    "cockroach_nobody": gettext_lazy("Nobody raced the cockroach."),
}


def _by_me(event: dict, me: int | None) -> bool:
    return event.get("seat") is not None and event.get("seat") == me


def _cockroach_open(event: dict, names, me, d: ChainMap) -> str:
    d["value"] = event.get("value")
    if _by_me(event, me):
        return _("Your cockroach is down: everyone may race with a number card %(value)s, you too.") % d
    return _("Cockroach! Race with a number card %(value)s.") % d


def _caught(event: dict, names, me, d: ChainMap) -> str:
    accused = event.get("accused")
    d["accused"] = _name(names, accused)
    if _by_me(event, me):
        return _("Caught! You caught %(accused)s %(with_the_card)s.") % d
    if accused == me:
        return _("Caught! %(name)s caught you %(with_the_card)s.") % d
    return _("Caught! %(name)s caught %(accused)s %(with_the_card)s.") % d


def _wrong_accusation(event: dict, names, me, d: ChainMap) -> str:
    accused = event.get("accused")
    d["accused"] = pgettext("accused", "you") if accused == me else _name(names, accused)
    return (_("Wrong accusation: you accused %(accused)s and draw a card.") if _by_me(event, me)
            else _("Wrong accusation: %(name)s accused %(accused)s and draws a card.")) % d


def _round_end(event: dict, names, me, d: ChainMap) -> str:
    out = event.get("out")
    d["round"] = event.get("round")
    if event.get("repeated"):
        return _("Round %(round)s is over: the table came back to the same position for the fifth time.") % d
    if out is None:
        return _("Round %(round)s is over: nobody could play any more.") % d
    d["name"] = _name(names, out)
    return (_("Round %(round)s is over: you have no cards left!") if out == me
            else _("Round %(round)s is over: %(name)s has no cards left.")) % d


def _game_end(event: dict, names, me, d: ChainMap) -> str:
    ranking = event.get("ranking") or []
    first = ranking[0] if ranking else []
    if me in first and len(first) == 1:
        return _("The game is over. You win!")
    # "Mia and you", "Mia und dich": the language's own list, so a tie reads as one.
    winners = format_list([_name(names, s) if s != me else pgettext("in the winners list", "you") for s in first],
                          locale=to_locale(get_language()))
    return _("The game is over. First place: %(names)s.") % {"names": winners}


_OWN_SENTENCE = {
    "round_start": lambda event, names, me, d: _round_start(event, names, me),
    "cockroach_open": _cockroach_open,
    "caught": _caught,
    "wrong_accusation": _wrong_accusation,
    "round_end": _round_end,
    "game_end": _game_end,
}


def describe(event: dict, names, me: int | None = None) -> str:
    """One sentence for one event, e.g. "Emil played the spider 3." or "You drew a number card 2."."""
    code, seat, card = event.get("code"), event.get("seat"), event.get("card")
    you = _by_me(event, me)
    shown = card or event.get("top")
    d = ChainMap({"name": _name(names, seat), "to": _name(names, event.get("to"))}, CardForms(shown) if shown else {})
    if code in _OWN_SENTENCE:
        return _OWN_SENTENCE[code](event, names, me, d)
    if code in _BY_ACTOR:
        with_card, without = _BY_ACTOR[code]
        return (with_card if card or without is None else without)[0 if you else 1] % d
    if code in _BETWEEN:
        gave, got, others = _BETWEEN[code]
        forms = gave if you else got if event.get("to") == me else others
        return forms[0 if card else 1] % d
    if code in _SAID:
        return str(_SAID[code])
    return _("Something happened at the table.")
