"""The rules pages of a game kind other than Mogel Motte: ``/<lang>/<kind slug>/<rules/>``
(``kind-rules:index``, ``kind-rules:summary`` with ``kind=<slug>``; ``mogel.rules.links``)."""

from .urls import urlpatterns as rules_patterns

app_name = "kind-rules"
urlpatterns = list(rules_patterns)
