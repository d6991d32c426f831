"""Fixtures of the friends' tables tests: the fake server clock, and helpers in helpers.py."""

from tests.platform.play_helpers import clock  # noqa: F401  (the fake server clock, used as a fixture)
