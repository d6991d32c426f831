"""A practice game: one row per game, the engine's state as JSON, a version, the owner's session."""

from __future__ import annotations

import secrets

from django.db import models


def new_game_id() -> str:
    """22 URL-safe characters, 128 random bits: unguessable."""
    return secrets.token_urlsafe(16)


class PracticeGame(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    # The owning browser's session key; only that session may see or act in the game.
    owner = models.CharField(max_length=64, db_index=True)
    # Game.to_json(): hands, draw order and seed included, so it never leaves the server.
    state = models.TextField()
    # Length of the engine's log: every change of the game logs an event.
    version = models.PositiveIntegerField(default=0)
    # Wall clock (ms since the epoch) at game time 0: game time = now - started_ms.
    started_ms = models.BigIntegerField()
    # Game time at which something may next happen by itself (a bot move, a window closing);
    # None: nothing until the player acts. Lets a poll answer "nothing new" from one small row read.
    wake_ms = models.BigIntegerField(null=True, blank=True)
    # Bot memories, {seat: {...}} as JSON.
    memories = models.TextField(default="{}")
    # Lobby choices that are not engine options.
    level = models.CharField(max_length=10, default="normal")
    player_name = models.CharField(max_length=40)
    # After a round: bots wait until the player has read the round's scores (or acts).
    hold = models.BooleanField(default=False)
    # Bots' deliberate moves come no earlier than a pace after this game time (set when a hold ends).
    resume_ms = models.BigIntegerField(default=0)
    over = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"practice game {self.pk[:6]}… v{self.version}"


class LobbyPost(models.Model):
    """One lobby post that was not refused, for the posts-per-minute cap (see mogel.play.limits).

    Rows older than the cap's minute are deleted by the next post, so the table stays as small
    as one minute of lobby traffic.
    """
    session = models.CharField(max_length=64, blank=True)
    # The client's address as a string: an empty REMOTE_ADDR (a Unix socket) must still fit.
    address = models.CharField(max_length=64, blank=True)
    at_ms = models.BigIntegerField(db_index=True)

    def __str__(self) -> str:
        return f"lobby post at {self.at_ms}"
