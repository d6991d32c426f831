from django.apps import AppConfig


class ThirdGameConfig(AppConfig):
    name = "tests.third_game"
    label = "third_game"

    def ready(self):
        from mogel import games

        from .kind import ClimbKind

        games.register(ClimbKind())
