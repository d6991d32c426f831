"""The rules pages of every game kind but the top-level one: ``/<lang>/<kind slug>/<rules/>``
(``kind-rules:index``, ``kind-rules:summary`` with ``kind=<slug>``; ``mogel.rules.links``)."""

from .urls import urlpatterns as rules_patterns

app_name = "kind-rules"
urlpatterns = list(rules_patterns)
