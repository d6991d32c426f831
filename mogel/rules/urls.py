from django.urls import path
from django.utils.translation import pgettext_lazy

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.index, name="index"),
    # Translated like the other paths (/de/regeln/kurzfassung/, /fr/regles/resume/ ...).
    path(pgettext_lazy("url", "summary/"), views.summary, name="summary"),
]
