"""Mogelei's lobby: the shared fields (3 to 8 players) plus the match length and who deals first."""

import random

from django import forms
from django.utils.translation import gettext_lazy as _

from mogel.play import forms as lobby


class LobbyForm(lobby.LobbyForm):
    own = ("games", "dealer")
    folded = ("dealer",)

    players = lobby.players_field(3, 8, initial=4)
    games = forms.TypedChoiceField(
        label=_("Length"), coerce=int, initial=5, widget=forms.RadioSelect,
        choices=[(5, _("A match of 5 games")), (1, _("One game"))])
    # The rulebook lets the table choose the first dealer; the caller is the seat on the dealer's left.
    dealer = forms.ChoiceField(
        label=_("Who deals first?"), initial="right", widget=forms.RadioSelect, required=False,
        choices=[("right", _("The player on your right: you call first")), ("me", _("You")),
                 ("random", _("Drawn by lot"))])

    def clean_dealer(self):
        return self.cleaned_data.get("dealer") or "right"


def dealer_seat(choice: str, players: int, seed: int) -> int:
    """The first dealer as a seat (the human is seat 0; seat + 1 is on their left)."""
    if choice == "me":
        return 0
    if choice == "random":
        return random.Random(f"mogelei:dealer:{seed}").randrange(players)
    return players - 1
