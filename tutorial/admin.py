"""Lessons in the admin: every language's texts in tabs, steps inline."""

from django.contrib import admin
from modeltranslation.admin import TabbedTranslationAdmin, TranslationStackedInline

from .models import Lesson, Step, StepFailure


class StepInline(TranslationStackedInline):
    model = Step
    extra = 0
    fields = ("order", "key", "goal", "success_text", "hint_nudge", "hint_move", "hint_action", "timed")
    show_change_link = True


class StepFailureInline(TranslationStackedInline):
    model = StepFailure
    extra = 0


@admin.register(Lesson)
class LessonAdmin(TabbedTranslationAdmin):
    list_display = ("game", "order", "slug", "title")
    list_display_links = ("slug", "title")
    list_filter = ("game",)
    ordering = ("game", "order")
    inlines = [StepInline]


@admin.register(Step)
class StepAdmin(TabbedTranslationAdmin):
    list_display = ("lesson", "order", "key", "timed")
    list_filter = ("lesson",)
    inlines = [StepFailureInline]
