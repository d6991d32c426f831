from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "mogel.friends"
    label = "friends"

    def ready(self):
        from mogel.play import prune

        from . import service
        prune.register("friends' tables never started (older than a day)", service.prune_waiting)
