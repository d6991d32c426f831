from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class LobbyForm(forms.Form):
    name = forms.CharField(label=_("Your name"), max_length=20, strip=True)
    players = forms.TypedChoiceField(
        label=_("Players at the table"), coerce=int, initial=3, widget=forms.RadioSelect,
        choices=[(3, _("3: you and 2 bots")), (4, _("4: you and 3 bots")), (5, _("5: you and 4 bots"))])
    level = forms.ChoiceField(
        label=_("Bot level"), initial="normal", widget=forms.RadioSelect,
        choices=[("easy", pgettext_lazy("bot level", "Easy")), ("normal", pgettext_lazy("bot level", "Normal")),
                 ("hard", pgettext_lazy("bot level", "Hard"))])
    # Every edition gives the Guard Bug to the oldest player, which a website cannot know.
    first_guard = forms.ChoiceField(
        label=_("Who holds the Guard Bug first?"), initial="me", widget=forms.RadioSelect, required=False,
        choices=[("me", pgettext_lazy("first guard", "You")), ("left", _("The player on your left")),
                 ("random", _("Drawn by lot"))])
    rounds = forms.ChoiceField(
        label=_("Length"), initial="full", widget=forms.RadioSelect,
        choices=[("full", _("Full game: one round per player")), ("single", _("One round"))])
    ant_pile = forms.ChoiceField(
        label=_("The ant takes cards from"), initial="discard", widget=forms.RadioSelect,
        choices=[("discard", _("the discard pile")), ("draw", _("the draw pile"))])

    def clean_first_guard(self):
        # A lobby page opened before this choice existed posts none: you, as it was then.
        return self.cleaned_data.get("first_guard") or "me"
