"""Render one Mogelei card picture as an inline ``<svg>`` string.

The pictures have the platform's card sizes and size classes (``table-card table-card--md``,
``mogel.table.cards.SIZES``), so ``table/cards.css`` sizes every game's cards; ``mogelei-card--<kind>`` names the kind (black … blue, back, reward).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from mogel.table.cards import SIZES

from ..engine.cards import COLOURS, EGG_OPTIONS, EGGS_BY_VALUE, FAMILY, eggs
from .names import BACK, REWARD, card_label, parse_card
from .palette import EGG_WHITE, MEDALLION, OUTLINE, PALETTE, YOLK, YOLK_EDGE

# Fried eggs sit in a row on the bottom edge, centred.
EGG_GAP, EGG_Y = 19, 125


def egg_xs(count: int) -> list[str]:
    return [f"{50 + (i - (count - 1) / 2) * EGG_GAP:g}" for i in range(count)]


def _back_dots() -> str:
    """A dotted field for the back, around the oval: one path of round dots."""
    dots = []
    for y in range(16, 126, 8):
        for x in range(16 + (y // 8) % 2 * 4, 86, 8):
            if ((x - 50) / 31) ** 2 + ((y - 70) / 40) ** 2 > 1:
                dots.append(f"M{x} {y}h0")
    return "".join(dots)


# The back shows the whole family, each symbol in its own colour, two by two.
_FAMILY_ON_BACK = [
    {"x": x, "y": y, "template": f"mogelei/cards/symbols/{FAMILY[colour]}.svg",
     "fill": PALETTE[colour]["fill"], "detail": PALETTE[colour]["detail"]}
    for colour, (x, y) in zip(COLOURS, [(39, 55), (61, 55), (39, 85), (61, 85)])
]
_BACK_DOTS = _back_dots()


def render_card(card: str, size: str = "md", decorative: bool = False, eggs_option: str = EGGS_BY_VALUE) -> SafeString:
    """SVG markup for ``card`` (``"black-9"``, ``"back"`` or ``"reward"``).

    ``size`` is ``"sm"``, ``"md"`` or ``"lg"`` (48, 96, 160 px wide); ``eggs_option`` is the
    engine's ``eggs`` option, which decides how many fried eggs the face shows. With
    ``decorative=True`` the picture is hidden from assistive technology (when adjacent text
    names the card). Raises ValueError for an unknown card, size or option.
    """
    colour, value = parse_card(card)
    if size not in SIZES:
        raise ValueError(f"Unknown card size {size!r}: expected one of {', '.join(SIZES)}.")
    if eggs_option not in EGG_OPTIONS:
        raise ValueError(f"Unknown eggs option {eggs_option!r}: expected one of {', '.join(EGG_OPTIONS)}.")
    kind = colour or card.strip()
    width, height = SIZES[size]
    context = {
        "kind": kind,
        "value": value,
        "member": FAMILY.get(colour),
        "egg_xs": egg_xs(eggs(card, eggs_option)) if colour else [],
        "egg_y": EGG_Y,
        "size": size,
        "width": width,
        "height": height,
        "decorative": bool(decorative),
        "label": "" if decorative else card_label(card, eggs_option if colour else None),
        "c": PALETTE[kind],
        "outline": OUTLINE,
        "medallion": MEDALLION,
        "egg": {"white": EGG_WHITE, "yolk": YOLK, "edge": YOLK_EDGE},
        "art_template": f"mogelei/cards/{'face' if colour else kind}.svg",
    }
    if kind == BACK:
        context.update(dots=_BACK_DOTS, family=_FAMILY_ON_BACK)
    return mark_safe(render_to_string("mogelei/cards/card.svg", context).strip())


def render_back(size: str = "md", decorative: bool = False) -> SafeString:
    return render_card(BACK, size=size, decorative=decorative)


def render_reward(size: str = "md", decorative: bool = False) -> SafeString:
    return render_card(REWARD, size=size, decorative=decorative)


def rules_card(name: str) -> SafeString | None:
    """The picture the rules markup draws for ``{card:black-9}``, ``{card:back}``, ``{card:reward}``; None if unknown.

    The md size: at the small size the corner value and the family symbol cannot be read on a phone.
    """
    try:
        return render_card(name, size="md")
    except ValueError:
        return None
