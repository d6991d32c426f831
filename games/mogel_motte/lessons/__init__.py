"""Mogel Motte's lessons: the data files, its part of the step runner (runner.py) and of the lesson pages (web.py)."""
