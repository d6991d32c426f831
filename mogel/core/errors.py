"""Why the engine refuses an action: a stable code for templates to translate, plus parameters."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game is left unchanged.

    ``code`` is one of :data:`CODES` (Mogel Motte) or :data:`MOGELEI_CODES`; the web layer translates it (never this message,
    which is for developers and logs).
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        assert code in CODES or code in MOGELEI_CODES, code
        super().__init__(message)
        self.code = code
        self.params = params


# code -> the rule section (rules page anchor) that explains it, for "why?" links.
CODES = {
    "malformed": "turn",           # not an action in the notation at all
    "bad_seat": "turn",            # no such seat
    "time_backwards": "turn",      # an action older than one already applied (a stale tab)
    "game_over": "game-end",
    "settling": "caught",          # a Caught! is being settled: only the guard hands a card
    "not_your_turn": "turn",
    "not_in_hand": "turn",
    "does_not_fit": "turn",        # value is not ±1 of the top card
    "moth_not_playable": "moth",   # only the guard may play a moth
    "must_play": "draw",           # drawing while a card fits
    "no_gift_now": "spider",
    "moth_not_giftable": "moth",
    "bad_target": "spider",        # give to yourself or to nobody
    "no_slap_now": "mosquito",     # no mosquito window, already slapped, or it is your mosquito
    "no_race_now": "cockroach",
    "race_needs_number": "cockroach",
    "nothing_to_hand": "mosquito",
    "guard_may_not_cheat": "cheating",
    "last_card": "cheating",
    "already_in_act": "cheating",
    "not_guard": "caught",
    "catch_self": "caught",
}


# Mogelei's refusals: code -> the anchor of the Mogelei rules section that explains it.
# The first four are shared with Mogel Motte (same meaning, the other game's anchors).
MOGELEI_CODES = {
    "malformed": "round",          # not an action in the notation at all
    "bad_seat": "round",           # no such seat
    "time_backwards": "round",     # an action older than one already applied (a stale tab)
    "game_over": "end",            # the match is over
    "not_your_call": "round",      # only the round's caller calls, and only before the first pass
    "bad_colour": "material",      # not one of the four colours
    "not_your_lay": "round",       # no pass is being laid now
    "already_laid": "round",       # one card per pass
    "not_in_hand": "round",
    "must_follow": "round",        # another colour laid while holding the called one
    "not_your_reveal": "reveal",   # not this seat's reveal decision now
    "cannot_reveal": "reveal",     # a card of another colour stays face down
    "not_on_turn": "choices",      # only the seat on turn continues, ends or accuses
    "cannot_continue": "choices",  # the hands are empty
    "bad_accusation": "choices",   # yourself, a revealed card, or no such seat
}
