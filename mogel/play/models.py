"""A practice game: one small row per game (the engine's state as JSON, versions, the owner's
session) and its event log in a table of its own, appended to, never rewritten."""

from __future__ import annotations

import json
import secrets

from django.db import models


def new_game_id() -> str:
    """22 URL-safe characters, 128 random bits: unguessable."""
    return secrets.token_urlsafe(16)


class PracticeGame(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    # The game kind (mogel.games): which engine, bots and table serve this row.
    kind = models.CharField(max_length=20)
    # The owning browser's session key; only that session may see or act in the game.
    owner = models.CharField(max_length=64, db_index=True)
    # Game.to_json(): hands, draw order and seed included, so it never leaves the server.
    # Only the end of the log the game still reads is kept here (Game.trim_log); every
    # event is in PracticeEvent, so the row stays a few KB however long the game runs.
    state = models.TextField()
    # Length of the engine's log (Game.log_length): every change of the game logs an event.
    # The optimistic lock: a write succeeds only if this is still the version read.
    version = models.PositiveIntegerField(default=0)
    # What the player's page shows as its version: the events the player's seat can notice
    # (the kind's ``noticed``). A bot's secret moves never change it, so a page cannot
    # count what it may not see.
    public_version = models.PositiveIntegerField(default=0)
    # Wall clock (ms since the epoch) at game time 0: game time = now - started_ms.
    started_ms = models.BigIntegerField()
    # Game time at which something may next happen by itself (a bot move, a window closing);
    # None: nothing until the player acts. Lets a poll answer "nothing new" from one small row read.
    wake_ms = models.BigIntegerField(null=True, blank=True)
    # Bot memories, {seat: {...}} as JSON.
    memories = models.TextField(default="{}")
    # The lobby's shared choices: "Play again" starts the next game with the same ones.
    level = models.CharField(max_length=10, default="normal")
    # The bots' pace (mogel.play.bots.PACES).
    pace = models.CharField(max_length=10, default="normal")
    # The table's tempo (mogel.play.tempo: 1, 3 or 10), as the game's own state holds it too; the
    # table shows it, "Play again" repeats it. Rows of before the tempo: 1, today's timings.
    tempo = models.PositiveSmallIntegerField(default=1, db_default=1)
    player_name = models.CharField(max_length=40)
    # The page's language when the game started: the bots keep the names it gave them when the
    # player switches language mid-game (mogel.play.names). Empty in older rows: the page's.
    language = models.CharField(max_length=8, blank=True, default="")
    # The client's address as the lobby read it (limits.client_address), for the cap on
    # unfinished games per address; deleted with the game (prunegames).
    address = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # The kind's own lobby choices ({"rounds": "full", …}), as the lobby
    # form cleaned them: one field for every kind, so a new kind needs no migration.
    choices = models.JSONField(default=dict)
    # After a round: bots wait until the player has read the round's scores (or acts).
    hold = models.BooleanField(default=False)
    # Bots' deliberate moves come no earlier than a pace after this game time (set when a hold ends).
    resume_ms = models.BigIntegerField(default=0)
    over = models.BooleanField(default=False)
    # The game waits for its player (service.contact, docs/platform.md "A game that waits"):
    # game time = server time - started_ms - paused_ms, and it stands still beyond a short
    # grace after the page's last contact (seen_ms, wall ms; in the future during a count-in),
    # at once if the page said it left (away).
    seen_ms = models.BigIntegerField(null=True, blank=True)
    paused_ms = models.BigIntegerField(default=0)
    away = models.BooleanField(default=False)
    # Which showing of the page said it left (a random token the page draws each time it is
    # shown): a request that page sent before it left, served after its beacon, is no contact.
    left_showing = models.CharField(max_length=16, blank=True, default="")
    # Game.to_json() as dealt, before any move: a replay starts here and plays the stored events
    # (mogel.play.replay). Empty in rows older than replays: rebuilt from the seed then.
    start_state = models.TextField(blank=True, default="")
    # Anyone with this token may watch the finished game's replay (the owner shares the link).
    # Random, separate from the id, so a shared replay never gives the right to act; set the
    # first time the owner opens the replay of the finished game.
    replay_token = models.CharField(max_length=32, unique=True, null=True, blank=True, default=None)
    # A table of several people (mogel.friends): each seat's page version, {"<seat>": n}
    # ("-1": a spectator's), and what each person has noticed (a kind's ``watch``), by seat.
    # Empty in a practice game, whose one player's are ``public_version`` and ``memories``.
    publics = models.JSONField(default=dict)
    eyes = models.JSONField(default=dict)
    # At a table of several people, while a round's scores are held: who pressed "go on", a bit
    # per seat. The bots go on once every person the bots do not play for has.
    ready = models.PositiveIntegerField(default=0)
    # Which page a request last answered with the table, and at which version: "<page id> <seat>
    # <version>" (mogel.play.echo), written in that request's save. That page's stream then
    # does not send the same table again. A save that answers no page leaves it: it only
    # matches while the seat's version is still the one it names.
    # A default in the database too: code of before this column (a worker still running it during
    # a deploy, bench/load.py's --baseline) inserts rows without it.
    answered = models.CharField(max_length=48, blank=True, default="", db_default="")
    # At a table of several people: fast actions of people held back a credit cap because another
    # person could still answer the same thing with a tap dated earlier, on its way (a race:
    # ``mogel.play.service.held_taps``), [{"seat", "action", "at", "arrived"}], game ms.
    held_taps = models.JSONField(default=list, db_default=[])
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"practice game {self.pk[:6]}… v{self.version}"

    def stored_log(self) -> list[dict]:
        """The game's whole event log, from the event table (for replays and tests, not for moves)."""
        return [json.loads(text) for text in self.events.order_by("index").values_list("event", flat=True)]


class PracticeEvent(models.Model):
    """One event of a practice game's log, written once when the move that logged it is saved."""
    game = models.ForeignKey(PracticeGame, on_delete=models.CASCADE, related_name="events")
    # Absolute position in the game's log: the row's ``version`` counts these.
    index = models.PositiveIntegerField()
    round = models.PositiveSmallIntegerField()
    # The player's ``public_version`` right after this event; None: the player cannot notice it.
    public = models.PositiveIntegerField(null=True, blank=True)
    # In the player's log (the kind's ``visible``): what the table's log lists and announces.
    shown = models.BooleanField()
    # The engine's event as compact JSON, private parts included (a replay needs them).
    event = models.TextField()
    # Game time at which a page was first sent a table showing this event (only events the
    # player can notice): a fast action answering it is credited from then (service.dated).
    # The one field set after the event is written, once.
    sent_ms = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="practice_event_game_index")]
        indexes = [models.Index(fields=["game", "round", "index"], name="practice_event_game_round")]

    def __str__(self) -> str:
        return f"event {self.index} of {self.game_id[:6]}…"

class SeatEvent(models.Model):
    """One seat's mark on one event of a game with several people (mogel.friends): what
    PracticeEvent's ``public``, ``shown`` and ``sent_ms`` are for the practice game's one player,
    per seat (-1: a spectator), with the event as that seat sees it (private parts of others left out)."""
    game = models.ForeignKey(PracticeGame, on_delete=models.CASCADE, related_name="seat_events")
    seat = models.SmallIntegerField()
    index = models.PositiveIntegerField()
    round = models.PositiveSmallIntegerField()
    public = models.PositiveIntegerField(null=True, blank=True)
    shown = models.BooleanField()
    event = models.TextField(blank=True)
    sent_ms = models.BigIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat", "index"], name="seat_event_game_seat_index")]
        indexes = [models.Index(fields=["game", "seat", "public"], name="seat_event_public"),
                   models.Index(fields=["game", "seat", "round", "index"], name="seat_event_round")]

    def __str__(self) -> str:
        return f"seat {self.seat}'s event {self.index} of {self.game_id[:6]}…"


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
