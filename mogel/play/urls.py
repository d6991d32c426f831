from django.urls import path

from . import views

app_name = "play"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("<str:game_id>/", views.game, name="game"),
    path("<str:game_id>/poll/", views.poll, name="poll"),
    path("<str:game_id>/act/", views.act, name="act"),
    path("<str:game_id>/abandon/", views.abandon, name="abandon"),
]
