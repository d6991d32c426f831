from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "mogel.play"
    label = "play"
    verbose_name = "Practice games"
