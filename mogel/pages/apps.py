from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "mogel.pages"
    label = "pages"
    verbose_name = "Pages"
