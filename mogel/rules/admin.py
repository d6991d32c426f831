from django.contrib import admin
from modeltranslation.admin import TabbedTranslationAdmin

from .models import RuleSection, SummarySection


@admin.register(RuleSection, SummarySection)
class SectionAdmin(TabbedTranslationAdmin):
    """Every language's title and body in tabs (de, en, fr, nl, it)."""

    list_display = ("game", "order", "slug", "title")
    list_display_links = ("slug", "title")
    list_filter = ("game",)
    ordering = ("game", "order")
    search_fields = ("slug", "title_de", "title_en", "title_fr", "title_nl", "title_it")
