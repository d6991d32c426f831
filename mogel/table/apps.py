from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "mogel.table"
    label = "table"
    verbose_name = "Card table"

    def ready(self):
        # Mogel Motte is the site's first game kind (mogel.games): registered first, shown first.
        from mogel import games

        from .kind import MogelMotte

        games.register(MogelMotte())
