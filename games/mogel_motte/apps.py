from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MogelMotteConfig(AppConfig):
    """Mogel Motte: card faces, template tags and templates (the engine is pure Python), its
    lessons and rules, and its practice game, registered as a kind of the platform (docs/platform.md)."""

    name = "games.mogel_motte"
    label = "mogel_motte"
    verbose_name = _("Cheating Moth")

    def ready(self):
        from mogel import games

        from .table.kind import MogelMotte

        games.register(MogelMotte())
