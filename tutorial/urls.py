"""The top-level kind's lessons (``tutorial:``, the converter ``lesson``) and, in :mod:`tutorial.kind_urls`,
every other kind's (``kind-learn:`` under ``/<lang>/<kind slug>/<learn/>``): the same views."""

from django.urls import path, register_converter

from . import views
from .addresses import KindLessonSlugConverter, LessonSlugConverter

register_converter(LessonSlugConverter, "lesson")
register_converter(KindLessonSlugConverter, "kind_lesson")


def lesson_patterns(converter: str) -> list:
    return [
        path("", views.index, name="index"),
        path("reset/", views.reset_all, name="reset"),
        path(f"<{converter}:slug>/", views.lesson, name="lesson"),
        path(f"<{converter}:slug>/act/", views.act, name="act"),
        path(f"<{converter}:slug>/poll/", views.poll, name="poll"),
        path(f"<{converter}:slug>/hint/", views.hint, name="hint"),
        path(f"<{converter}:slug>/step/", views.step_control, name="step"),
    ]


app_name = "tutorial"
urlpatterns = lesson_patterns("lesson")
