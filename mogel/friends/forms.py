"""The "Play with friends" form: the kind's own lobby form (seat count in its range, its own
choices, bot level, pace, the host's name) plus whether spectators may watch and whether a guest
sits down with the link alone or asks the host first."""

from django import forms
from django.utils.translation import gettext_lazy as _

from mogel.play.name_rules import NameField


def table_form(kind):
    """The kind's lobby form with the table's own choice."""
    return type(f"{kind.form.__name__}ForFriends", (kind.form,), {
        "spectators": forms.BooleanField(label=_("Allow spectators"), required=False),
        # Unticked (and absent), anyone with the link or the code sits down at once.
        "ask_first": forms.BooleanField(label=_("Guests ask to sit down, and I let each one in"), required=False),
    })


class SitForm(forms.Form):
    name = NameField()


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Table code"), max_length=12, strip=True)
