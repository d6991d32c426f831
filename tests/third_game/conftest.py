"""The test settings that plug Climb in: its app added to ``INSTALLED_APPS``, as a site would."""

import pytest
from django.core.management import call_command

from mogel import games
from tests.platform.lesson_helpers import clock, hx  # noqa: F401  (fixtures for the lesson tests)


@pytest.fixture
def third_game(db, settings):
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.third_game"]
    settings.MOGEL_BOT_PACE_MS = 100
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    yield games.get("climb")
    games.unregister("climb")
