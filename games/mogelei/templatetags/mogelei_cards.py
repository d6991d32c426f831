"""``{% load mogelei_cards %}``, then ``{% mogelei_card "black-9" size="sm" %}``, ``{% mogelei_back %}``,
``{% mogelei_reward %}`` and ``{% mogelei_card_label "black-9" %}``.

Draws a Mogelei card as inline SVG: ``size="sm|md|lg"`` (default ``md``),
``eggs="by_value|one"`` (the game's egg option, default ``by_value``), ``decorative=True``
to hide it from screen readers when adjacent text names the card. An unknown card raises
ValueError. Link ``{% static 'table/cards.css' %}`` in the page for the size classes.
"""

from django import template

from ..engine.cards import EGGS_BY_VALUE
from ..cards.names import card_label
from ..cards.render import render_back, render_card, render_reward

register = template.Library()


@register.simple_tag
def mogelei_card(card, size="md", decorative=False, eggs=EGGS_BY_VALUE):
    return render_card(card, size=size, decorative=decorative, eggs_option=eggs)


@register.simple_tag
def mogelei_back(size="md", decorative=False):
    return render_back(size=size, decorative=decorative)


@register.simple_tag
def mogelei_reward(size="md", decorative=False):
    return render_reward(size=size, decorative=decorative)


@register.simple_tag
def mogelei_card_label(card):
    """The translated name, e.g. for a caption or a button: "Father's black 9"."""
    return card_label(card)
