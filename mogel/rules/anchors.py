"""The stable anchors of the rules page, the same in every language.

Other parts of the site (tutorial, game) link "why?" straight to a rule with
:func:`rule_url`, e.g. ``rule_url("moth")`` → ``/en/rules/#moth``.
"""

from django.urls import reverse

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


def rule_url(slug: str) -> str:
    """URL of one rule section in the active language (raises ValueError for an unknown slug)."""
    if slug not in SLUGS:
        raise ValueError(f"Unknown rules section {slug!r}: expected one of {', '.join(SLUGS)}.")
    return f"{reverse('rules:index')}#{slug}"
