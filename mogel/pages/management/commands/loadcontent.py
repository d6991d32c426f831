"""Load each app's authored content into the database.

Contract for apps: a module `<app>.content` with a function `load()` that is
idempotent (running it twice leaves the same rows) and returns a short summary
worth printing, e.g. "12 rules sections". Later issues add rules sections and
tutorial lessons this way; this command needs no change for them.
"""

import importlib

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import transaction


def content_module(app_config):
    name = f"{app_config.name}.content"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only "this app has no content module" is fine; a content module
        # that fails to import one of its own dependencies is a real error.
        if exc.name == name:
            return None
        raise


class Command(BaseCommand):
    help = "Call load() in every installed app's `content` module."

    def handle(self, *args, **options):
        loaded = 0
        for app_config in apps.get_app_configs():
            module = content_module(app_config)
            load = getattr(module, "load", None)
            if not callable(load):
                continue
            # One transaction per app: a failing loader leaves no half-loaded content.
            with transaction.atomic():
                result = load()
            self.stdout.write(f"{app_config.label}: {result}")
            loaded += 1
        if not loaded:
            self.stdout.write("No app has content to load yet.")
