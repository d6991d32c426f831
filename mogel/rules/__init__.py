"""The rulebook pages: rule sections translated with django-modeltranslation."""
