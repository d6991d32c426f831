from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MogeleiConfig(AppConfig):
    """The second game: card faces, template tags and templates (the engine is pure Python),
    and its practice game, registered as a kind of the shared platform (docs/platform.md)."""

    name = "games.mogelei"
    label = "mogelei"
    verbose_name = _("Mogelei")

    def ready(self):
        from mogel import games

        from .table.kind import Mogelei

        games.register(Mogelei())
