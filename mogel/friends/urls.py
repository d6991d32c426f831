"""A friends' table's addresses: /<lang>/<friends/> (type a code), …/new/<kind>/ (create),
…/<code>/ (the table: waiting room, then the game) and its polls and posts."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from . import replay_views, views

# As the practice game's: a step is an address; the shared one names the replay's token only.
_REPLAY = pgettext_lazy("url", "replay/")

app_name = "friends"
urlpatterns = [
    path("", views.join, name="join"),
    path("new/<str:key>/", views.new, name="new"),
    path(format_lazy("{}<str:token>/", _REPLAY), replay_views.shared_replay, name="replay-shared-start"),
    path(format_lazy("{}<str:token>/<int:step>/", _REPLAY), replay_views.shared_replay, name="replay-shared"),
    path("<str:code>/", views.table, name="table"),
    path("<str:code>/qr.svg", views.qr, name="qr"),
    path("<str:code>/sit/", views.sit, name="sit"),
    path("<str:code>/leave/", views.leave, name="leave"),
    path("<str:code>/host/", views.host, name="host"),
    path("<str:code>/room/", views.room, name="room"),
    path("<str:code>/seats/", views.seats, name="seats"),
    path("<str:code>/poll/", views.poll, name="poll"),
    path("<str:code>/stream/", views.stream, name="stream"),
    path("<str:code>/act/", views.act, name="act"),
    path("<str:code>/again/", views.again, name="again"),
    path("<str:code>/takeover/", views.takeover, name="takeover"),
    path(format_lazy("<str:code>/{}", _REPLAY), replay_views.replay, name="replay"),
    path(format_lazy("<str:code>/{}<int:step>/", _REPLAY), replay_views.replay, name="replay-step"),
]
