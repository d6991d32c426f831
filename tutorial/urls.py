from django.urls import path, register_converter

from . import views
from .addresses import LessonSlugConverter

register_converter(LessonSlugConverter, "lesson")

app_name = "tutorial"
urlpatterns = [
    path("", views.index, name="index"),
    path("reset/", views.reset_all, name="reset"),
    path("<lesson:slug>/", views.lesson, name="lesson"),
    path("<lesson:slug>/act/", views.act, name="act"),
    path("<lesson:slug>/poll/", views.poll, name="poll"),
    path("<lesson:slug>/hint/", views.hint, name="hint"),
    path("<lesson:slug>/step/", views.step_control, name="step"),
]
