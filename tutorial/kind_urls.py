"""The lessons of every game kind but the top-level one: ``/<lang>/<kind slug>/<learn/>…``
(``kind-learn:<name>`` with ``kind=<slug>``; ``tutorial.views.lesson_url`` writes them)."""

from .urls import lesson_patterns

app_name = "kind-learn"
urlpatterns = lesson_patterns("kind_lesson")
