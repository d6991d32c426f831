from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "mogel.table"
    label = "table"
    verbose_name = "Card table"
