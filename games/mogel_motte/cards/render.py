"""Render one card as an inline ``<svg>`` string."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from mogel.table.cards import SIZES

from .names import card_label, parse_card
from .palette import OUTLINE, PALETTE


def _pip_xs(value: int | None, centre: float = 50, gap: float = 8) -> list[str]:
    """x positions of ``value`` pips in a row centred on ``centre``."""
    n = value or 0
    return [f"{centre + (i - (n - 1) / 2) * gap:g}" for i in range(n)]


def render_card(card: str | int, size: str = "md", decorative: bool = False) -> SafeString:
    """Return the SVG markup for ``card`` (e.g. ``"spider3"``).

    ``size`` is ``"sm"`` (48 px wide), ``"md"`` (96 px) or ``"lg"`` (160 px).
    With ``decorative=True`` the picture is hidden from assistive technology
    (use it when the card's name is already in adjacent text).
    Raises ``ValueError`` for an unknown card or size.
    """
    kind, value = parse_card(card)
    if size not in SIZES:
        raise ValueError(f"Unknown card size {size!r}: expected one of {', '.join(SIZES)}.")
    width, height = SIZES[size]
    context = {
        "kind": kind,
        "value": value,
        "pip_xs": _pip_xs(value),
        "size": size,
        "width": width,
        "height": height,
        "decorative": bool(decorative),
        "label": "" if decorative else card_label(card),
        "c": PALETTE[kind],
        "outline": OUTLINE,
        "art_template": f"mogel_motte/cards/kinds/{kind}.svg",
        "glyph_template": f"mogel_motte/cards/glyphs/{kind}.svg",
    }
    return mark_safe(render_to_string("mogel_motte/cards/card.svg", context).strip())
