from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "mogel.rules"
    label = "rules"
    verbose_name = "Rules"
