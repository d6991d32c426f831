"""Fixtures shared by the site tests."""

from .play_helpers import clock  # noqa: F401  (the fake server clock, used as a fixture)
