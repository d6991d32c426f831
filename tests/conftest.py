"""Shared by every test area, the engine's included.

Keep it free of Django imports at module level: the engine tests must stay
pure Python, and pytest-django sets Django up only when a test needs it.
"""
