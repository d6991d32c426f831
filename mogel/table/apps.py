from django.apps import AppConfig


class TableConfig(AppConfig):
    """The card table every game's pages share (lessons and practice game): its scripts and
    styles (the motion queue, the sound toggle, the card sizes) and the sounds any game may name."""

    name = "mogel.table"
    label = "table"
    verbose_name = "Card table"
