"""The SQLite broker's one table: the last version notified per channel (docs/push.md)."""

from django.db import models


class Channel(models.Model):
    """A channel's latest committed version, for the broker that re-reads it (SQLite).

    PostgreSQL never writes here: LISTEN/NOTIFY carries the same two values."""
    name = models.CharField(primary_key=True, max_length=64)
    version = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"
