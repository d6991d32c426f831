from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "mogel.friends"
    label = "friends"

    def ready(self):
        from mogel.play import prune

        from . import service, stream
        prune.register("friends' tables never started (older than a day)", service.prune_waiting)
        # After the tables: a room's channel row goes once its table has.
        prune.register("push channels of waiting rooms gone", stream.prune_rooms)
