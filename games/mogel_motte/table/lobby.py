"""Mogel Motte's lobby: the shared fields plus the length, the first guard and the ant's pile."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from mogel.play import forms as lobby


class LobbyForm(lobby.LobbyForm):
    lead = _("You and 2 to 4 bots. Get rid of all your cards!")
    own = ("rounds", "first_guard", "ant_pile")
    # House rules, rarely changed: folded away on a phone.
    folded = ("first_guard", "ant_pile")

    players = lobby.players_field(3, 5)
    rounds = forms.ChoiceField(
        label=_("Length"), initial="full", widget=forms.RadioSelect,
        choices=[("full", _("Full game")), ("single", _("One round"))])
    # Every edition gives the Guard Bug to the oldest player, which a website cannot know.
    first_guard = forms.ChoiceField(
        label=_("Who holds the Guard Bug first?"), initial="me", widget=forms.RadioSelect, required=False,
        choices=[("me", pgettext_lazy("first guard", "You")), ("left", _("The player on your left")),
                 ("random", _("Drawn by lot"))])
    ant_pile = forms.ChoiceField(
        label=_("The ant takes cards from"), initial="discard", widget=forms.RadioSelect,
        choices=[("discard", _("the discard pile")), ("draw", _("the draw pile"))])

    def clean_first_guard(self):
        # A lobby page opened before this choice existed posts none: you, as it was then.
        return self.cleaned_data.get("first_guard") or "me"
