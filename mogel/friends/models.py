"""A table for friends: seats taken by people (no accounts: a per-seat secret in each browser's
session, stored here only as a hash) or by bots, a short code to read out, and once the host
starts, one game row of the practice game (``mogel.play.models.PracticeGame``) for every seat."""

from __future__ import annotations

import hashlib
import secrets

from django.db import models
from django.utils.translation import get_language

from mogel.pages.languages import name_in
from mogel.play.models import PracticeGame, new_game_id

# Read out over the phone or typed on a tablet: no 0/O, 1/I/L, no vowels that could spell words.
CODE_LETTERS = "23456789BCDFGHJKMNPQRSTVWXZ"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    """A seat's secret: 128 random bits, kept in the browser's session only."""
    return secrets.token_urlsafe(16)


def hashed(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Table(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    # The invite: /<lang>/<friends/><code>/, and what is read out to join.
    code = models.CharField(max_length=CODE_LENGTH, unique=True)
    kind = models.CharField(max_length=20)
    players = models.PositiveSmallIntegerField()
    level = models.CharField(max_length=10, default="normal")
    pace = models.CharField(max_length=10, default="normal")
    # The table's tempo (mogel.play.tempo), chosen with the table and changed by the host in the
    # waiting room; the game started from the table takes it.
    tempo = models.PositiveSmallIntegerField(default=1, db_default=1)
    # The kind's own lobby choices, as its lobby form cleaned them (as PracticeGame.choices).
    choices = models.JSONField(default=dict)
    spectators = models.BooleanField(default=False)
    language = models.CharField(max_length=8, blank=True, default="")
    # Set when the host starts: the game every seat plays (deleted with it when pruned).
    game = models.OneToOneField(PracticeGame, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="friends_table")
    # "Play again": the next table with the same people, where every page moves.
    rematch = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="previous")
    # Hashes of the secrets of guests the host removed: their pages are told so, not "no seat".
    removed = models.JSONField(default=list)
    # Their names by those hashes, for the host's "Let them back" in the waiting room.
    removed_names = models.JSONField(default=dict)
    # Whether a code alone seats a visitor (the host's choice, at creation and in the waiting room);
    # else a visitor asks, in ``asking`` ({"name", "hash": of their secret}), and the host lets them in.
    open_to_link = models.BooleanField(default=True)
    asking = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    # The creator's address (mogel.play.limits.client_address): its unfinished tables are capped.
    address = models.CharField(max_length=64, blank=True, default="")

    def __str__(self) -> str:
        return f"friends' table {self.code}"

    @property
    def started(self) -> bool:
        return self.game_id is not None


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # The seat in the game (0 … players-1); the host may move people before the start.
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=20)
    # sha256 of the person's secret; empty for a bot.
    secret_hash = models.CharField(max_length=64, blank=True, default="")
    host = models.BooleanField(default=False)
    # Wall ms of the person's page's last contact: after the grace a bot plays for them.
    seen_ms = models.BigIntegerField(default=0)
    # The language of the person's last page (written with the contact): the waiting room shows
    # the host who reads what. Empty for a bot, and until the person's first page.
    language = models.CharField(max_length=8, blank=True, default="")

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="friends_seat_number")]

    def __str__(self) -> str:
        return f"seat {self.number} ({self.name}) at {self.table_id[:6]}…"

    @property
    def bot(self) -> bool:
        return not self.secret_hash

    @property
    def reads(self) -> dict | None:
        """The person's language as the waiting room shows it: "DE", and its name in the reader's
        language (the active one) for the ear and the pointer: "German", "allemand"."""
        if self.bot or not self.language:
            return None
        return {"code": self.language, "short": self.language.upper(),
                "name": name_in(self.language, get_language() or self.language)}
