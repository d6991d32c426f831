"""The refusals of a friends' table, one translated sentence per ``service.Refusal`` code."""

from django.utils.translation import gettext_lazy as _

from mogel.play.name_rules import MESSAGES as NAME_MESSAGES

MESSAGES = {
    "wrong_code": _("There is no table with that code. Check the letters and try again."),
    "full": _("This table is full. Ask the host to make room, or start a table of your own."),
    "not_your_seat": _("This seat is not yours. Open the invite link in the browser you sat down with."),
    "other_seat": _("You can only play for your own seat."),
    "not_host": _("Only the host can do that."),
    "started": _("This game has already started."),
    "removed": _("The host has taken you off this table. Ask them for a new invite."),
    "no_such_seat": _("There is no such seat at this table."),
    "seat_taken": _("Someone already sits there."),
    "seats_changed": _("The seats changed in the meantime. Look at them again and choose once more."),
    "not_the_host_seat": _("The host's seat cannot be freed."),
    "not_ready": _("Every seat needs a person or a bot before the game can start."),
    "no_spectators": _("This game has already started, and the host does not allow spectators."),
    "not_away": _("During the game, a bot can only take over the seat of someone who is away."),
    "answered": _("That request has already been answered."),
    "bad_tempo": _("Choose one of the tempos offered."),
    "too_many_guesses": _("Too many wrong table codes came from your network. Wait a few minutes, "
                          "then try again."),
    "too_many_tables": _("Many unfinished tables have been started from your network. Finish one of them, "
                         "or try again later."),
    # The names' refusals (bad_name, name_taken, name_look_alike …), as every form that takes a name says them.
    **NAME_MESSAGES,
}
# How each refusal answers: a table that does not exist is a 404, a forbidden act a 403,
# a table no longer in that state a 409, a post the form would never send a 400.
STATUS = {"wrong_code": 404, "not_your_seat": 403, "other_seat": 403, "not_host": 403, "removed": 403,
          "no_spectators": 403, "started": 409, "full": 409, "name_taken": 409, "seat_taken": 409,
          "seats_changed": 409, "answered": 409, "not_ready": 409, "not_away": 409, "too_many_guesses": 429,
          "bad_name": 400, "bad_tempo": 400, "no_such_seat": 400, "not_the_host_seat": 400,
          "name_too_long": 400, "name_reserved": 400, "name_look_alike": 409}
