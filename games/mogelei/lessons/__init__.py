"""Mogelei's lessons: data in ``data/*.json`` (the format of ``tutorial/data_files.py``) and
its part of the generic step runner in :mod:`games.mogelei.lessons.runner`."""
