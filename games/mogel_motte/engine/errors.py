"""Mogel Motte's refusals: its codes, each with the rules section (page anchor) that explains it."""

from mogel.core import errors

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

IllegalAction = errors.register("mogel-motte", CODES)
