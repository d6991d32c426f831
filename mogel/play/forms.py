"""The lobby's form, shared by every game kind: name, players (in the kind's range), bot level
and pace. A kind subclasses :class:`LobbyForm` with its own fields (``GameKind.lobby_form``)."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from . import tempo as tempos
from .name_rules import NameField

# The shared choices a lobby remembers (in the session) and "Play again" repeats; the name is kept apart.
COMMON = ("players", "level", "pace", "tempo")


def players_field(low: int, high: int, initial: int | None = None) -> forms.TypedChoiceField:
    """How many play, the human included: one segment per count from ``low`` to ``high``."""
    return forms.TypedChoiceField(
        label=_("Players at the table"), coerce=int, initial=initial or low, widget=forms.RadioSelect,
        choices=[(n, str(n)) for n in range(low, high + 1)])


class LobbyForm(forms.Form):
    """The shared fields. A subclass sets ``lead``, ``players`` (:func:`players_field`), its own fields,
    ``own`` (their names, the kind's choices stored with the game in ``PracticeGame.choices``)
    and ``folded`` (the ones the lobby folds away under "More choices")."""

    lead = ""   # the lobby's line under its title: who plays, what for
    own: tuple[str, ...] = ()
    folded: tuple[str, ...] = ()

    name = NameField()
    # Short labels: each group is one row of segments, so the lobby fits a phone's screen.
    players = players_field(3, 5)
    level = forms.ChoiceField(
        label=_("Bot level"), initial="normal", widget=forms.RadioSelect,
        choices=[("easy", pgettext_lazy("bot level", "Easy")), ("normal", pgettext_lazy("bot level", "Normal")),
                 ("hard", pgettext_lazy("bot level", "Hard")), ("expert", pgettext_lazy("bot level", "Expert"))])
    # How long the bots take for a deliberate move (mogel.play.bots.PACES).
    # A lobby page opened before this choice existed posts none: normal, as it was then.
    pace = forms.ChoiceField(
        label=_("Bot pace"), initial="normal", widget=forms.RadioSelect, required=False,
        choices=[("relaxed", pgettext_lazy("bot pace", "Relaxed")), ("normal", pgettext_lazy("bot pace", "Normal")),
                 ("quick", pgettext_lazy("bot pace", "Quick"))])

    # The table's tempo (mogel.play.tempo): every window and every bot timing set against a person,
    # on top of the pace. A lobby page opened before this choice existed posts none: the usual.
    tempo = forms.TypedChoiceField(
        label=_("Tempo"), initial=tempos.USUAL, coerce=int, empty_value=tempos.USUAL, widget=forms.RadioSelect,
        required=False, choices=list(tempos.LABELS.items()))

    def clean_pace(self):
        return self.cleaned_data.get("pace") or "normal"

    @classmethod
    def remembered(cls) -> tuple[str, ...]:
        """The choices remembered per kind and repeated by "Play again": the shared ones, then the kind's."""
        return COMMON + tuple(cls.own)

    def choices(self) -> dict:
        """The kind's own cleaned choices (stored with the game)."""
        return {key: self.cleaned_data[key] for key in self.own}

    def shown(self):
        """The choice fields shown as they are (the folded ones come under "More choices")."""
        return [self[name] for name in self.remembered() if name not in self.folded]

    def folded_fields(self):
        return [self[name] for name in self.folded]

    def folded_open(self) -> bool:
        """Open the folded choices when one of them has an error."""
        return any(self[name].errors for name in self.folded)

    @classmethod
    def preset(cls, *sources) -> dict:
        """Initial values from ``sources`` (the session's remembered choices, a link's query),
        later ones winning; a value that is not one of the field's choices is ignored."""
        fields = cls.base_fields
        initial = {}
        for source in sources:
            for name in cls.remembered():
                value = source.get(name)
                field = fields[name]
                if value is not None and str(value) in {str(key) for key, _label in field.choices}:
                    initial[name] = field.coerce(value) if isinstance(field, forms.TypedChoiceField) else str(value)
        return initial
