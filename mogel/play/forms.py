from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# The choices a lobby remembers (in the session) and "Play again" repeats; the name is kept apart.
CHOICES = ("players", "level", "pace", "rounds", "first_guard", "ant_pile")


class LobbyForm(forms.Form):
    name = forms.CharField(label=_("Your name"), max_length=20, strip=True)
    # Short labels: each group is one row of segments, so the lobby fits a phone's screen.
    players = forms.TypedChoiceField(
        label=_("Players at the table"), coerce=int, initial=3, widget=forms.RadioSelect,
        choices=[(3, "3"), (4, "4"), (5, "5")])
    level = forms.ChoiceField(
        label=_("Bot level"), initial="normal", widget=forms.RadioSelect,
        choices=[("easy", pgettext_lazy("bot level", "Easy")), ("normal", pgettext_lazy("bot level", "Normal")),
                 ("hard", pgettext_lazy("bot level", "Hard"))])
    # How long the bots take for a play, draw, gift or hand-over (mogel.play.bots.PACES).
    # A lobby page opened before this choice existed posts none: normal, as it was then.
    pace = forms.ChoiceField(
        label=_("Bot pace"), initial="normal", widget=forms.RadioSelect, required=False,
        choices=[("relaxed", pgettext_lazy("bot pace", "Relaxed")), ("normal", pgettext_lazy("bot pace", "Normal")),
                 ("quick", pgettext_lazy("bot pace", "Quick"))])
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

    def clean_pace(self):
        return self.cleaned_data.get("pace") or "normal"

    @classmethod
    def preset(cls, *sources) -> dict:
        """Initial values from ``sources`` (the session's remembered choices, a link's query),
        later ones winning; a value that is not one of the field's choices is ignored."""
        fields = cls.base_fields
        initial = {}
        for source in sources:
            for name in CHOICES:
                value = source.get(name)
                if value is not None and str(value) in {str(key) for key, _label in fields[name].choices}:
                    initial[name] = fields[name].coerce(value) if name == "players" else str(value)
        return initial
