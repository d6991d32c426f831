"""The stable anchors of Mogel Motte's rules page, the same in every language, in page order.

The kind names them (``GameKind.rule_slugs``); refusals, lessons and the table link "why?"
to them (``kind.rule_link(anchor)``, ``mogel.rules.links.rule_url``).
"""

SLUGS = (
    "idea",
    "cards",
    "setup",
    "turn",
    "draw",
    "cheating",
    "guard",
    "caught",
    "moth",
    "spider",
    "mosquito",
    "cockroach",
    "ant",
    "empty-draw-pile",
    "round-end",
    "scoring",
    "game-end",
    "editions",
    "variants",
)
