"""Where a game's rules pages are: Mogel Motte's at ``/<lang>/<rules/>`` (``rules:index``,
``rules:summary``) as always, another kind's at ``/<lang>/<kind slug>/<rules/>``
(``kind-rules:index``, ``kind-rules:summary`` with ``kind=<slug>``)."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse

from mogel import games


def _url(kind, name: str) -> str:
    if not kind.slug:
        return reverse(f"rules:{name}")
    return reverse(f"kind-rules:{name}", kwargs={"kind": kind.slug})


def rules_url(kind) -> str:
    return _url(kind, "index")


def summary_url(kind) -> str | None:
    return _url(kind, "summary") if kind.has_summary else None


def summary_or_rules(kind) -> str | None:
    """Where to look something up: the one-page summary if the kind has one, else its rules."""
    if not kind.rules_dir:
        return None
    return summary_url(kind) or rules_url(kind)


def rule_url(slug: str | None, game: str = games.MOGEL_MOTTE) -> str | None:
    """URL of one of the game's rule sections, or None (no such anchor, no rules page)."""
    kind = games.get(game)
    if not slug or slug not in kind.rule_slugs:
        return None
    try:
        return f"{rules_url(kind)}#{slug}"
    except NoReverseMatch:
        return None
