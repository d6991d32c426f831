"""The practice table on push (mogel.push, docs/push.md): what one page's stream sends.

The stream does what the poll did, from the server's side: it notices a change (the broker)
or a move falling due (the row's wake time), applies what fell due with the same service code
(``service.run``: catch up, save with the version check, so two connections noticing the same
due event apply it once) and sends the player's table exactly as the poll would answer it. Its
event ids are the player's public version, never the row's own version.
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
        # The request's language: the stream's steps may run in other threads.
        self.language = translation.get_language()

    def first(self) -> Update:
        return self._run(REDRAW, redraw=True)

    def later(self) -> Update:
        wall = service.wall_ms()
        row = PracticeGame.objects.filter(pk=self.game_id, owner=self.owner, kind=self.kind.key).only(
            *POLL_FIELDS).first()
        if row is None:
            return Update(self.channel, 0, done=True)
        # An open stream is contact while the page is shown; a page that said it left is not
        # brought back by its stream (only the page itself, when shown again, ends the pause).
        if (row.public_version == self.sent and (row.away or service.touch(row, wall))
                and not _due(row, wall)):
            return Update(self.channel, row.version, wake_s=_wake_s(row, wall))
        return self._run(TABLE)

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
        return Update(self.channel, row.version, message, wake_s=_wake_s(row, service.wall_ms()),
                      done=turn.game.over)


def _due(row: PracticeGame, wall: int) -> bool:
    return row.wake_ms is not None and service.clock_at(row, wall) >= row.wake_ms


def _wake_s(row: PracticeGame, wall: int) -> float | None:
    """Seconds until the row's next move falls due (a bot's, a window closing), server-side only."""
    if row.wake_ms is None or row.away:
        return None
    return (max(0, row.wake_ms - service.clock_at(row, wall)) + service.count_in_left(row, wall)) / 1000
