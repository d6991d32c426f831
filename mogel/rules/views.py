"""Each game's rules pages, the kind found from the address (``mogel.games.of_url``)."""

from django.http import Http404
from django.shortcuts import render

from mogel import games

from .links import rules_url, summary_url
from .models import RuleSection, SummarySection


def _kind(slug: str | None):
    kind = games.of_url(slug)
    if kind is None or not kind.rules_dir:
        raise Http404("no rules for this game")
    return kind


def index(request, kind=None):
    """The whole rulebook on one page, one <section> per RuleSection of the game."""
    kind = _kind(kind)
    sections = RuleSection.objects.filter(game=kind.key).order_by("order", "slug")
    return render(request, "rules/index.html", {"kind": kind, "sections": sections,
                                                "summary_url": summary_url(kind)})


def summary(request, kind=None):
    """The rules in short, one box per SummarySection; printed, it fits one A4 sheet."""
    kind = _kind(kind)
    if not kind.has_summary:
        raise Http404("this game has no summary")
    sections = SummarySection.objects.filter(game=kind.key).order_by("order", "slug")
    return render(request, "rules/summary.html", {"kind": kind, "sections": sections, "rules_url": rules_url(kind)})
