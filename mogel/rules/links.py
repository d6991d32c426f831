"""Where a game's rules pages are (``GameKind.url``: the top-level kind's at ``/<lang>/<rules/>``,
another kind's at ``/<lang>/<kind slug>/<rules/>``)."""

from __future__ import annotations

from mogel import games


def rules_url(kind) -> str:
    return kind.url("rules", "index")


def summary_url(kind) -> str | None:
    return kind.url("rules", "summary") if kind.has_summary else None


def summary_or_rules(kind) -> str | None:
    """Where to look something up: the one-page summary if the kind has one, else its rules."""
    if not kind.rules_dir:
        return None
    return summary_url(kind) or rules_url(kind)


def rule_url(slug: str | None, game: str) -> str | None:
    """URL of one of the game's rule sections, or None (no such anchor, no rules page)."""
    return games.get(game).rule_link(slug)
