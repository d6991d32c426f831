from django.apps import AppConfig


class PushConfig(AppConfig):
    name = "mogel.push"
    label = "push"
    verbose_name = "Live push"
