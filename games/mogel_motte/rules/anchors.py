"""The stable anchors of each game's rules page, the same in every language.

Each game kind names its own (``GameKind.rule_slugs``); these are Mogel Motte's. Other parts
of the site (tutorial, game) link "why?" straight to a rule with :func:`rule_url`, e.g.
``rule_url("moth")`` → ``/en/rules/#moth``, ``rule_url("accuse", "mogelei")`` →
``/en/mogelei/rules/#accuse``.
"""

from mogel import games

from .links import rules_url

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


def slugs(game: str = games.MOGEL_MOTTE) -> tuple[str, ...]:
    """The game's anchors, in page order (none for a kind without rules)."""
    return tuple(games.get(game).rule_slugs)


def rule_url(slug: str, game: str = games.MOGEL_MOTTE) -> str:
    """URL of one rule section in the active language (raises ValueError for an unknown slug)."""
    known = slugs(game)
    if slug not in known:
        raise ValueError(f"Unknown rules section {slug!r}: expected one of {', '.join(known)}.")
    return f"{rules_url(games.get(game))}#{slug}"
