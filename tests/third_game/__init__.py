"""A third game for the tests only: Climb, one Django app of a game's shape, in this folder alone.

``engine.py`` (pure Python, its own refusal codes), ``kind.py`` (its registration: practice
table, lesson and rules hooks), ``apps.py``, ``lessons/`` and ``rules/`` (data),
``templates/third_game/``. The test settings plug it in (``conftest.third_game`` adds the app
to ``INSTALLED_APPS``); nothing outside this folder names it. Its tests prove that it plays,
teaches and shows its rules through the platform alone.
"""
