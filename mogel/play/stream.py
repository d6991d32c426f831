"""The practice table on push (mogel.push, docs/push.md): what one page's stream sends.

The stream does what the poll did, from the server's side: it notices a change (the broker)
or a move falling due (the row's wake time), applies what fell due with the same service code
(``service.run``: catch up, save with the version check, so two connections noticing the same
due event apply it once) and sends the player's table exactly as the poll would answer it. Its
event ids are the player's public version, never the row's own version.

An open stream is the page's contact: it notes the player's presence every half grace. While
the broker hears every change, that is all an idle page costs, and a server process notes the
presences of all its open pages falling due together in one query (``note_presences``).
"""

from __future__ import annotations

from typing import Callable

from django.db import connection
from django.utils import translation

from mogel.push.stream import Keep, Update, event

from . import echo, service
from .models import PracticeGame

# The small row the poll and the stream read to tell "nothing new" (service.touch, clock_at).
POLL_FIELDS = service.SMALL_FIELDS
# Event names: a redraw is the whole table for a page that (re)connected; a table is news; a
# resume starts a count-in on the same version. The page skips a redraw or a table of a version
# it already shows (its own move's answer came first), never a resume (table.js).
REDRAW, TABLE, RESUME = "redraw", "table", "resume"
# Games whose presences one query notes at most.
BATCH = 500


class TableSource:
    """The stream's source for one practice game and its owner (``mogel.push.stream.respond``).

    ``known``: the version the page shows (Last-Event-ID after a reconnect), the start of the
    moves to animate; ``render(turn, client_version, name)``: the event's data and name, the
    table as the poll answers it or a patch of it (a ``mogel.table.regions.Painter``); ``page``:
    the page's own id (mogel.play.echo), or None."""

    def __init__(self, kind, game_id: str, owner: str, known: int | None, render: Callable[..., str],
                 page: str | None = None):
        self.kind, self.game_id, self.owner, self.sent = kind, game_id, owner, known
        self.render, self.page = render, page
        self.channel = service.channel(game_id)
        # The small row as last read (version, wake, presence): whether the page is away.
        self.row = None
        # The request's language: the stream's steps may run in other threads.
        self.language = translation.get_language()

    def first(self) -> Update:
        return self._run(REDRAW, redraw=True)

    def later(self, heard: int | None = None, sure: bool = False) -> Update:
        """``heard``: the version the broker heard. ``sure``: the broker missed nothing since
        the last step, and the page's presence is noted (the stream's keep): then this step is
        the row's wake, a move falling due. Either way ``service.run`` reads the whole row once.
        Else the small row is read first, as the poll's fast path does; so is a change heard
        by a page with an id: most are its own move, whose answer the page has (the echo)."""
        if (heard is not None and self.page is None) or (
                heard is None and sure and self.row is not None and not self.row.away):
            return self._run(TABLE)
        wall = service.wall_ms()
        row = service.read_small(self.game_id, self.owner, self.kind.key,
                                 (*service.SMALL_FIELDS, *echo.fields(self.page)))
        if row is None:
            return Update(self.channel, 0, done=True)
        self._answered(row)
        # An open stream is contact while the page is shown; a page that said it left is not
        # brought back by its stream (only the page itself, when shown again, ends the pause).
        if (row.public_version == self.sent and (row.away or service.touch(row, wall))
                and not _due(row, wall)):
            return self._update(row, wall)
        return self._run(TABLE)

    def _update(self, row: PracticeGame, wall: int, message: str | None = None, done: bool = False) -> Update:
        """Ask again when a move falls due; note the presence every half grace meanwhile. A page
        that is away is read at every beat: nothing notifies its return. So is a round's end
        held for the scores: "go on" changes the row but not its version, so the broker's
        notice of it wakes nobody, and the bots' next move is due from then on."""
        self.row = PracticeGame(**{field: getattr(row, field) for field in POLL_FIELDS})
        keep = None
        if not row.away and row.seen_ms is not None:
            every = service._grace_ms() // 2
            keep = Keep(self.game_id, max(0, row.seen_ms + every - wall) / 1000, every / 1000, note_presences)
        return Update(self.channel, row.version, message, wake_s=_wake_s(row, wall), done=done,
                      each_beat=row.away or row.hold, keep=keep)

    def _run(self, name: str, redraw: bool = False) -> Update:
        with translation.override(self.language):
            turn, _refusal = service.run(self.game_id, self.owner, kind=self.kind.key, streaming=True)
            if turn is None:
                return Update(self.channel, 0, done=True)
            row, message = turn.row, None
            self._answered(row)
            if redraw or row.public_version != self.sent or turn.counting_in:
                # The whole table, or a patch of the regions that changed (mogel.table.regions).
                data, name = self.render(turn, self.sent, RESUME if turn.counting_in else name)
                message = event(data, name, id=row.public_version)
                self.sent = row.public_version
        return self._update(row, service.wall_ms(), message, done=turn.game.over)

    def _answered(self, row: PracticeGame) -> None:
        """The page's own request answered it with the row's version: it is on the page already
        (sent, as far as this stream goes; the request stamped its events as sent)."""
        if echo.answered(row, self.page, service.mark(service.HUMAN), row.public_version):
            self.sent = row.public_version


def _due(row: PracticeGame, wall: int) -> bool:
    return row.wake_ms is not None and service.clock_at(row, wall) >= row.wake_ms


def _wake_s(row: PracticeGame, wall: int) -> float | None:
    """Seconds until the row's next move falls due (a bot's, a window closing), server-side only."""
    if row.wake_ms is None or row.away:
        return None
    return (max(0, row.wake_ms - service.clock_at(row, wall)) + service.count_in_left(row, wall)) / 1000


def note_presences(game_ids: list[str]) -> set[str]:
    """The open pages' contact, for many games in one query (a :class:`Keep`): each game whose
    clock runs (not away, within the grace, no count-in ahead) is noted as seen now, as
    ``service.touch`` would; the others are returned to their streams' own steps, where
    ``service.run`` decides. One ``UPDATE … RETURNING``: Django's update() tells no rows."""
    wall, grace = service.wall_ms(), service._grace_ms()
    table, pk = (connection.ops.quote_name(name) for name in (PracticeGame._meta.db_table, PracticeGame._meta.pk.column))
    noted = set()
    with connection.cursor() as cursor:
        for start in range(0, len(game_ids), BATCH):
            chunk = game_ids[start:start + BATCH]
            cursor.execute(f"UPDATE {table} SET seen_ms = %s WHERE {pk} IN ({', '.join(['%s'] * len(chunk))}) "
                           f"AND NOT away AND seen_ms BETWEEN %s AND %s RETURNING {pk}",
                           [wall, *chunk, wall - grace, wall])
            noted.update(found for found, in cursor.fetchall())
    return noted
