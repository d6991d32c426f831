from django.urls import path

from . import views

app_name = "tutorial"
urlpatterns = [
    path("", views.index, name="index"),
    path("reset/", views.reset_all, name="reset"),
    path("<slug:slug>/", views.lesson, name="lesson"),
    path("<slug:slug>/act/", views.act, name="act"),
    path("<slug:slug>/poll/", views.poll, name="poll"),
    path("<slug:slug>/hint/", views.hint, name="hint"),
    path("<slug:slug>/step/", views.step_control, name="step"),
]
