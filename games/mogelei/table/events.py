"""Mogelei's engine events as sentences in the visitor's language: ``describe(event, names, me)``.

The same contract as :mod:`games.mogel_motte.table.events`: an event is a dict with a ``code`` and seats,
cards and counts, never text; ``me`` reads the "you" forms (``None``: an onlooker). The events
come already filtered for the viewer (:func:`mogel.core.eventlog.seen_by`): a ``laid`` event of
another seat has no ``card``, and no event ever names a face-down card of an earlier pass.
The words follow the glossary (caller, pass, reveal, keep hidden, bluff, accuse, the fattest egg).
"""

from __future__ import annotations

from babel.lists import format_list
from django.utils.translation import get_language, ngettext, pgettext, to_locale
from django.utils.translation import gettext as _

from mogel.core.eventlog import seen_by as visible  # noqa: F401  (the platform's one filter)

from .names import card_name, colour_label, signed

CODES = (
    "game_start", "dealt", "round_start", "called", "laid", "pass_start", "revealed", "hid", "on_turn",
    "continued", "ended", "accused", "turned_up", "fattest_egg", "no_fattest_egg", "collected",
    "round_end", "game_end", "match_end",
)


def noticed(event: dict, seat: int | None) -> bool:
    """Whether ``seat`` can tell that ``event`` happened: in Mogelei, exactly when it sees it.

    A laid card shows as a face-down card on the table, so every ``laid`` event counts for all,
    and a forced "keep hidden" is an event like a chosen one: nothing is told by its absence.
    """
    return visible(event, seat) is not None


def _name(names, seat) -> str:
    try:
        return names[seat]
    except (IndexError, TypeError, KeyError):
        return "?"


def _names(names, seats, me) -> str:
    """"Lotte and you": the language's own list."""
    return format_list([pgettext("in a list of players", "you") if s == me else _name(names, s) for s in seats],
                       locale=to_locale(get_language()))


def _turned_up(event: dict, names, me) -> str:
    cards = event.get("cards") or {}
    if not cards:
        return _("Nothing was still hidden in the last pass.")
    parts = []
    for seat, card in sorted(((int(s), c) for s, c in cards.items()), key=lambda sc: sc[0]):
        d = {"name": _name(names, seat), "card": card_name(card)}
        parts.append((pgettext("turned up", "%(card)s (yours)") if seat == me
                      else pgettext("turned up", "%(card)s (%(name)s)")) % d)
    return _("The hidden cards of the last pass are turned up: %(cards)s.") % {
        "cards": format_list(parts, locale=to_locale(get_language()))}


def _accused(event: dict, names, me) -> str:
    seat, target = event.get("seat"), event.get("target")
    d = {"name": _name(names, seat), "target": _name(names, target), "card": card_name(event.get("card", ""))}
    if event.get("right"):
        if seat == me:
            return _("You told %(target)s “You're bluffing!” and caught them bluffing: %(card)s. %(target)s collects the cards.") % d
        if target == me:
            return _("%(name)s told you “You're bluffing!” and caught you bluffing: your %(card)s. You collect the cards.") % d
        return _("%(name)s told %(target)s “You're bluffing!” and caught them bluffing: %(card)s. %(target)s collects the cards.") % d
    if seat == me:
        return _("You told %(target)s “You're bluffing!”, a wrong accusation: %(card)s. You collect the cards.") % d
    if target == me:
        return _("%(name)s told you “You're bluffing!”, a wrong accusation: your %(card)s. %(name)s collects the cards.") % d
    return _("%(name)s told %(target)s “You're bluffing!”, a wrong accusation: %(card)s. %(name)s collects the cards.") % d


def _game_end(event: dict, names, me) -> str:
    text = _("Game %(game)s is over.") % {"game": event.get("game")}
    points = event.get("points") or []
    if me is not None and me < len(points):
        text += " " + ngettext("You scored %(points)s point.", "You scored %(points)s points.", abs(points[me])) % {
            "points": signed(points[me])}
    return text


def _match_end(event: dict, names, me) -> str:
    first = (event.get("ranking") or [[]])[0]
    d = {"names": _names(names, first, me)}
    if event.get("games") == 1:        # a one-game match is just a game (Mogel Motte's sentences)
        return _("The game is over. You win!") if first == [me] else _("The game is over. First place: %(names)s.") % d
    if first == [me]:
        return _("The match is over. You win!")
    return _("The match is over. First place: %(names)s.") % d


def describe(event: dict, names, me: int | None = None) -> str:
    """One sentence for one event, e.g. "Lotte revealed black 12."."""
    code = event.get("code")
    seat = event.get("seat")
    you = seat is not None and seat == me
    d = {"name": _name(names, seat), "card": card_name(event.get("card", "")),
         "colour": colour_label(event.get("colour", "")), "round": event.get("round"),
         "pass": event.get("pass"), "count": event.get("count"), "game": event.get("game")}
    if code == "game_start":
        d.update(name=_name(names, event.get("dealer")), caller=_name(names, event.get("caller")))
        if event.get("caller") == me:
            return _("Game %(game)s: %(name)s deals, you call first.") % d
        if event.get("dealer") == me:
            return _("Game %(game)s: you deal, %(caller)s calls first.") % d
        return _("Game %(game)s: %(name)s deals, %(caller)s calls first.") % d
    if code == "dealt":
        n = len(event.get("cards") or [])
        return ngettext("You were dealt %(n)s card.", "You were dealt %(n)s cards.", n) % {"n": n}
    if code == "round_start":
        d["name"], d["round"] = _name(names, event.get("caller")), event.get("game_round", event.get("round"))
        return (_("Round %(round)s: you are the caller.") if event.get("caller") == me
                else _("Round %(round)s: %(name)s is the caller.")) % d
    if code == "called":
        return (_("You called %(colour)s.") if you else _("%(name)s called %(colour)s.")) % d
    if code == "laid":
        if event.get("card"):
            return (_("You laid %(card)s face down.") if you else _("%(name)s laid %(card)s face down.")) % d
        return (_("You laid a card face down.") if you else _("%(name)s laid a card face down.")) % d
    if code == "pass_start":
        d["name"] = _name(names, event.get("caller"))
        if event.get("pass") == 1:
            return _("Pass 1: everyone lays a card face down.")
        return (_("Pass %(pass)s: you call the same colour again.") if event.get("caller") == me
                else _("Pass %(pass)s: %(name)s calls the same colour again.")) % d
    if code == "revealed":
        return (_("You revealed %(card)s.") if you else _("%(name)s revealed %(card)s.")) % d
    if code == "hid":
        return (_("You kept your card hidden.") if you else _("%(name)s kept their card hidden.")) % d
    if code == "on_turn":
        # The event does not know whom the seat may accuse (the prompt and the buttons do).
        return (_("It's your turn.") if you else _("It's %(name)s's turn.")) % d
    if code == "continued":
        return (_("You continue: another pass.") if you else _("%(name)s continues: another pass.")) % d
    if code == "ended":
        return (_("You end the round.") if you else _("%(name)s ends the round.")) % d
    if code == "accused":
        return _accused(event, names, me)
    if code == "turned_up":
        return _turned_up(event, names, me)
    if code == "fattest_egg":
        return (_("You laid the fattest egg with %(card)s and get a reward card.") if you
                else _("%(name)s laid the fattest egg with %(card)s and gets a reward card.")) % d
    if code == "no_fattest_egg":
        return _("Nobody laid the fattest egg this time.")
    if code == "collected":
        n = event.get("count") or 0
        if you:
            return ngettext("You collect the round’s %(count)s card.", "You collect the round’s %(count)s cards.", n) % d
        return ngettext("%(name)s collects the round’s %(count)s card.", "%(name)s collects the round’s %(count)s cards.",
                        n) % d
    if code == "round_end":
        return _("The round is over.")
    if code == "game_end":
        return _game_end(event, names, me)
    if code == "match_end":
        return _match_end(event, names, me)
    return _("Something happened at the table.")
