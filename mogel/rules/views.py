from django.shortcuts import render

from .models import RuleSection, SummarySection


def index(request):
    """The whole rulebook on one page, one <section> per RuleSection."""
    sections = RuleSection.objects.order_by("order", "slug")
    return render(request, "rules/index.html", {"sections": sections})


def summary(request):
    """The rules in short, one box per SummarySection; printed, it fits one A4 sheet."""
    sections = SummarySection.objects.order_by("order", "slug")
    return render(request, "rules/summary.html", {"sections": sections})
