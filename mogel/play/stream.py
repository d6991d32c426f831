"""The practice table on push (mogel.push, docs/push.md): what one page's stream sends.

The stream does what the poll did, from the server's side: it notices a change (the broker)
or a move falling due (the row's wake time), applies what fell due with the same service code
(``service.run``: catch up, save with the version check, so two connections noticing the same
due event apply it once) and sends the player's table exactly as the poll would answer it. Its
event ids are the player's public version, never the row's own version.

An open stream is the page's contact: it notes the player's presence every half grace. While
the broker hears every change, that is all an idle page costs: one conditional write of the
presence it last read, no read, and no step at all at the beats in between.
"""

from __future__ import annotations

from typing import Callable

from django.utils import translation

from mogel.push.stream import Update, event

from . import service
from .models import PracticeGame

# The small row the poll and the stream read to tell "nothing new" (service.touch, clock_at).
POLL_FIELDS = ("pk", "version", "public_version", "wake_ms", "started_ms", "seen_ms", "paused_ms", "away")
# Event names: a redraw is the whole table for a page that (re)connected; a table is news; a
# resume starts a count-in on the same version. The page skips a redraw or a table of a version
# it already shows (its own move's answer came first), never a resume (table.js).
REDRAW, TABLE, RESUME = "redraw", "table", "resume"


class TableSource:
    """The stream's source for one practice game and its owner (``mogel.push.stream.respond``).

    ``known``: the version the page shows (Last-Event-ID after a reconnect), the start of the
    moves to animate; ``render(turn, client_version)``: the table's HTML as the poll answers it."""

    def __init__(self, kind, game_id: str, owner: str, known: int | None, render: Callable[..., str]):
        self.kind, self.game_id, self.owner, self.sent = kind, game_id, owner, known
        self.render = render
        self.channel = service.channel(game_id)
        # The small row as last read or written (version, wake, presence): what a step that
        # reads nothing goes by while the broker vouches that the row's version did not move.
        self.row = None
        # The request's language: the stream's steps may run in other threads.
        self.language = translation.get_language()

    def first(self) -> Update:
        return self._run(REDRAW, redraw=True)

    def later(self, heard: int | None = None, sure: bool = False) -> Update:
        """``heard``: the version the broker heard: read the whole row once, in ``service.run``.
        Else ``sure`` (the broker missed nothing since the last step): the row did not move, so
        the presence is noted without reading it first, and a move due is made at once; a write
        that finds the presence changed (another request's contact, the page's leaving) reads
        the row as without ``sure``."""
        if heard is not None:
            return self._run(TABLE)
        wall = service.wall_ms()
        kept = self.row
        if sure and kept is not None and not kept.away:
            if _due(kept, wall):
                return self._run(TABLE)   # a move fell due: the whole row, read once
            if service.touch(kept, wall):
                return self._waiting(kept, wall)
        row = PracticeGame.objects.filter(pk=self.game_id, owner=self.owner, kind=self.kind.key).only(
            *POLL_FIELDS).first()
        if row is None:
            return Update(self.channel, 0, done=True)
        # An open stream is contact while the page is shown; a page that said it left is not
        # brought back by its stream (only the page itself, when shown again, ends the pause).
        if (row.public_version == self.sent and (row.away or service.touch(row, wall))
                and not _due(row, wall)):
            return self._waiting(row, wall)
        return self._run(TABLE)

    def _waiting(self, row: PracticeGame, wall: int) -> Update:
        self.row = row
        return Update(self.channel, row.version, wake_s=_wake_s(row, wall), each_beat=False)

    def _run(self, name: str, redraw: bool = False) -> Update:
        with translation.override(self.language):
            turn, _refusal = service.run(self.game_id, self.owner, kind=self.kind.key, streaming=True)
            if turn is None:
                return Update(self.channel, 0, done=True)
            row, message = turn.row, None
            if redraw or row.public_version != self.sent or turn.counting_in:
                name = RESUME if turn.counting_in else name
                message = event(self.render(turn, self.sent).strip(), name, id=row.public_version)
                self.sent = row.public_version
        self.row = PracticeGame(**{field: getattr(row, field) for field in POLL_FIELDS})
        return Update(self.channel, row.version, message, wake_s=_wake_s(row, service.wall_ms()),
                      done=turn.game.over, each_beat=False)


def _due(row: PracticeGame, wall: int) -> bool:
    return row.wake_ms is not None and service.clock_at(row, wall) >= row.wake_ms


def _wake_s(row: PracticeGame, wall: int) -> float | None:
    """Seconds until the stream has something to do, server-side only: the row's next move falls
    due (a bot's, a window closing) or the page's presence is to be noted again. None while the
    page is away: the stream then reads at every beat, as nobody notifies the page's return."""
    if row.away:
        return None
    times = []
    if row.wake_ms is not None:
        times.append(max(0, row.wake_ms - service.clock_at(row, wall)) + service.count_in_left(row, wall))
    if row.seen_ms is not None:
        times.append(max(0, row.seen_ms + service._grace_ms() // 2 - wall))
    return min(times) / 1000 if times else None
