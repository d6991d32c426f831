from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "mogel.friends"
    label = "friends"
