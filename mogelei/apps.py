from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MogeleiConfig(AppConfig):
    """The second game: card faces, template tags and templates (the engine is pure Python)."""

    name = "mogelei"
    label = "mogelei"
    verbose_name = _("Mogelei")
