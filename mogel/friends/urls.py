"""A friends' table's addresses: /<lang>/<friends/> (type a code), …/new/<kind>/ (create),
…/<code>/ (the table: waiting room, then the game) and its polls and posts."""

from django.urls import path

from . import views

app_name = "friends"
urlpatterns = [
    path("", views.join, name="join"),
    path("new/<str:key>/", views.new, name="new"),
    path("<str:code>/", views.table, name="table"),
    path("<str:code>/qr.svg", views.qr, name="qr"),
    path("<str:code>/sit/", views.sit, name="sit"),
    path("<str:code>/host/", views.host, name="host"),
    path("<str:code>/room/", views.room, name="room"),
    path("<str:code>/seats/", views.seats, name="seats"),
    path("<str:code>/poll/", views.poll, name="poll"),
    path("<str:code>/stream/", views.stream, name="stream"),
    path("<str:code>/act/", views.act, name="act"),
    path("<str:code>/again/", views.again, name="again"),
]
