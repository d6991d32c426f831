"""``{% region "key" %}`` in a region's start tag: its key and hash (mogel.table.regions)."""

from django import template
from django.utils.safestring import mark_safe

from mogel.table.regions import stamp

register = template.Library()


@register.simple_tag(takes_context=True)
def region(context, key: str) -> str:
    return mark_safe(stamp(context.get("kind"), key, context))
