from django.apps import AppConfig
from django.db.models.signals import post_migrate


def create_cache_table(using="default", **kwargs):
    """The shared cache's table (settings.CACHES, mogel/friends/guesses.py): made by every
    migrate, the tests' included; does nothing when it is there."""
    from django.core.management import call_command
    call_command("createcachetable", database=using, verbosity=0)


class FriendsConfig(AppConfig):
    name = "mogel.friends"
    label = "friends"

    def ready(self):
        from mogel.play import prune

        from . import service, stream
        prune.register("friends' tables never started (older than a day)", service.prune_waiting)
        # After the tables: a room's channel row goes once its table has.
        prune.register("push channels of waiting rooms gone", stream.prune_rooms)
        post_migrate.connect(create_cache_table, sender=self)
