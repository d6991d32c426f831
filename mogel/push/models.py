"""The SQLite broker's table (the last version notified per channel) and the open streams
counted against the caps (docs/push.md)."""

from django.db import models


class Channel(models.Model):
    """A channel's latest committed version, for the broker that re-reads it (SQLite).

    PostgreSQL never writes here: LISTEN/NOTIFY carries the same two values."""
    name = models.CharField(primary_key=True, max_length=64)
    version = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"


class OpenStream(models.Model):
    """A stream being served, counted against its browser's and its address's caps
    (mogel.push.caps). Deleted as the stream ends; a row a crashed server left is older than a
    stream lives and is deleted by the next opening. ``pushed_out``: a newer stream closed it;
    the row stays so that the same page's reconnect takes no other page's place."""
    browser = models.CharField(max_length=32, db_index=True)   # a hash of the session key; "" without one
    address = models.CharField(max_length=64, db_index=True)
    page = models.CharField(max_length=32, blank=True)          # the page's own id (mogel.play.echo)
    opened_ms = models.BigIntegerField(db_index=True)
    pushed_out = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"stream {self.pk} of {self.browser or '-'} at {self.address}"
