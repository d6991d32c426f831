"""``{% load cards %}`` then ``{% card "spider3" size="sm" %}``.

Draws a Mogel Motte card as inline SVG. Arguments:

* the card string: ``"1"``..``"5"``, ``"spider1"``.., ``"mosquito1"``..,
  ``"cockroach1"``.., ``"ant1"``.., ``"moth1"``..``"moth5"``, ``"guard"``,
  ``"back"`` (a face-down card); anything else raises ``ValueError``;
* ``size="sm|md|lg"`` (48, 96 or 160 px wide; default ``md``);
* ``decorative=True`` to hide it from screen readers when adjacent text
  already names the card.

Link ``{% static 'table/cards.css' %}`` in the page for the size classes.
"""

from django import template

from ..cards.names import card_label as _card_label
from ..cards.render import render_card

register = template.Library()


@register.simple_tag(name="card")
def card(card, size="md", decorative=False):
    return render_card(card, size=size, decorative=decorative)


@register.simple_tag(name="card_label")
def card_label(card):
    """The translated text alternative, e.g. for a caption or a button name."""
    return _card_label(card)
