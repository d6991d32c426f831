"""The practice game's URLs: the top-level kind's at ``/<lang>/<play/>`` (``play:lobby`` …), every
other registered kind's under ``/<lang>/<slug>/<play/>`` (``kind-play:lobby`` … with ``kind``).

The ``kind`` converter reads the registry when a request comes, so registering a kind
(``mogel.games.register``) mounts its practice game; ``GameKind.url`` writes the addresses.
"""

from django.urls import include, path, register_converter
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from mogel import games

from . import replay_views, views


class KindConverter:
    """The URL segment of a registered kind not at the top level (its ``slug``)."""
    regex = "[a-z0-9-]+"

    def to_python(self, value: str) -> str:
        if games.of_url(value) is None:
            raise ValueError(value)
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(KindConverter, "kind")

# A replay's address names a step, so Back and a shared link work; the shared one names the
# replay's token, never the game's id.
_REPLAY = pgettext_lazy("url", "replay/")

_views = [
    path("", views.lobby, name="lobby"),
    path(format_lazy("{}<str:token>/", _REPLAY), replay_views.shared_replay, name="replay-shared-start"),
    path(format_lazy("{}<str:token>/<int:step>/", _REPLAY), replay_views.shared_replay, name="replay-shared"),
    path(format_lazy("<str:game_id>/{}", _REPLAY), replay_views.owner_replay, name="replay"),
    path(format_lazy("<str:game_id>/{}<int:step>/", _REPLAY), replay_views.owner_replay, name="replay-step"),
    path("<str:game_id>/", views.game, name="game"),
    path("<str:game_id>/poll/", views.poll, name="poll"),
    path("<str:game_id>/stream/", views.stream, name="stream"),
    path("<str:game_id>/act/", views.act, name="act"),
    path("<str:game_id>/away/", views.away, name="away"),
    path("<str:game_id>/abandon/", views.abandon, name="abandon"),
]

app_name = "play"
# The top-level kind's: /<lang>/<play/> …, no kind in the address (mogel.games.of_url).
urlpatterns = _views


def kind_urls():
    """For the project's URLconf (inside i18n_patterns): every other kind's practice game."""
    return path(format_lazy("<kind:kind>/{}", pgettext_lazy("url", "play/")), include((_views, "kind-play")))
