"""Mogelei's refusals: its codes, each with the anchor of the Mogelei rules section that explains it."""

from mogel.core import errors

CODES = {
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

IllegalAction = errors.register("mogelei", CODES)
