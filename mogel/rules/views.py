from django.shortcuts import render

from .models import RuleSection


def index(request):
    """The whole rulebook on one page, one <section> per RuleSection."""
    sections = RuleSection.objects.order_by("order", "slug")
    return render(request, "rules/index.html", {"sections": sections})
