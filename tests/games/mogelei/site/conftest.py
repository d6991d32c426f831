"""The platform's fake server clock for the practice-game tests of this game."""

from tests.platform.play_helpers import clock  # noqa: F401  (a fixture)
