"""The refusals every game's table shares, in the visitor's language: the platform's own codes.

The engines' platform codes (``mogel.core.errors.PLATFORM_CODES``: a post that is no move, no
such seat, a move older than the table, a game that is over), "not in your hand", and the web
table's own codes (:data:`TABLE_CODES`: a stale table, a forged post, nothing to do with a card
now, the count-in before a paused game goes on). A game's ``explain`` reads these and adds its own; each game names the rules anchor.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

# Codes of the web table itself (not an engine's).
TABLE_CODES = ("stale", "bad_post", "waiting", "counting_in")

# Lazy: a refusal translates its own message only (a table explains several cards at once).
MESSAGES = {
    "malformed": gettext_lazy("That is not a move in this game."),
    "bad_seat": gettext_lazy("There is no such player at this table."),
    "time_backwards": gettext_lazy("That move came too late: the table has already moved on."),
    "game_over": gettext_lazy("The game is over."),
    "not_in_hand": gettext_lazy("That card is not in your hand."),
    "stale": gettext_lazy("The table had changed, so nothing was done. Here is the table as it is now."),
    "bad_post": gettext_lazy("That request is not one this page sends."),
    "waiting": gettext_lazy("Nothing to do with this card right now."),
    "counting_in": gettext_lazy("Wait for the count-in: the game goes on in a moment."),
}
