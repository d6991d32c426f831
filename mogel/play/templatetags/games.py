"""``{% load games %}``: the registered game kinds in templates.

``{% game_kind "mogel-motte" as kind %}`` gives the kind (its ``sounds``, ``name`` …), for
pages outside the practice game that share its pieces (the lessons' sound toggle).
"""

from django import template

from mogel import games

register = template.Library()


@register.simple_tag
def game_kind(key):
    return games.get(key)
