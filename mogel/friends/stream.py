"""A friends' table on push (mogel.push, docs/push.md, docs/friends.md): what each page's stream sends.

The game: each seat's page (and a spectator's) gets its own table, rendered by
``views.table_html`` for that seat, whenever that seat's public version moved; event ids are that
seat's public version, never the row's own version. The stream does what the poll did: an open
stream is the seat's contact (presence), and a bot's move, a closing window or a person's grace
running out is applied by whichever stream (or request) notices it due first (``service.run``
saves with the version check, so it happens once).

The waiting room: its seats, rendered for the page's person, pushed when somebody sits down, a
seat moves or is freed, a bot sits down; at the start every page is sent a fragment that loads
the game (the room's own answer to a started table is a page reload).
"""

from __future__ import annotations

from typing import Callable

from django.utils import translation

from mogel.play import service as play
from mogel.play.models import PracticeGame
from mogel.push import broker
from mogel.push.stream import Update, event

from . import service
from .models import Seat, Table

# The same names as the practice table's stream: table.js skips a redraw or a table of a version
# the page already shows (its own move's answer came first).
REDRAW, TABLE = "redraw", "table"
# The scores held no longer (the last person went on): the same version, drawn all the same.
GO_ON = "resume"
ROOM = "room"
# The small row a stream reads to tell "nothing new" (as the poll's fast path).
POLL_FIELDS = ("pk", "version", "publics", "wake_ms", "started_ms", "seen_ms", "paused_ms", "away", "hold")


def room_channel(table: Table) -> str:
    """The waiting room's push channel: every change of its seats is notified on it."""
    return f"room-{table.pk}"


def room_changed(table: Table) -> None:
    """Tell the room's pages that its seats (or its start) changed. The version is the server's
    clock in ms: it only grows, and a stream that misses one still redraws at its next tick."""
    broker.notify(room_channel(table), play.wall_ms())


class GameSource:
    """One seat's (None: a spectator's) stream of a started friends' table.

    ``known``: the seat's version the page shows (Last-Event-ID after a reconnect);
    ``render(table, turn, client_version)``: the seat's table as the poll answers it."""

    def __init__(self, table: Table, seat: int | None, seat_pk: int | None, known: int | None,
                 render: Callable[..., str]):
        self.table, self.seat, self.seat_pk, self.sent = table, seat, seat_pk, known
        self.render = render
        self.held = None   # whether the table last sent showed held scores
        self.channel = play.channel(table.game_id)
        # The request's language: the stream's steps run in other threads.
        self.language = translation.get_language()

    def first(self) -> Update:
        return self._run(REDRAW, redraw=True)

    def later(self) -> Update:
        wall = play.wall_ms()
        row = PracticeGame.objects.filter(pk=self.table.game_id).only(*POLL_FIELDS).first()
        if row is None:
            return Update(self.channel, 0, done=True)
        seats = list(self.table.seats.all())
        self._touch(seats, wall)
        if (row.publics.get(play.mark(self.seat), 0) == self.sent and row.hold == self.held
                and not _due(row, wall) and not any(service.gone(s, wall) for s in seats)):
            return Update(self.channel, row.version, wake_s=_wake_s(row, seats, self.seat_pk, wall))
        return self._run(TABLE)

    def _touch(self, seats: list[Seat], wall: int) -> None:
        """An open stream is its person's contact: the seat stays theirs while the page is open."""
        mine = next((s for s in seats if s.pk == self.seat_pk), None)
        if mine is not None:
            service.touch(mine, wall)

    def _run(self, name: str, redraw: bool = False) -> Update:
        with translation.override(self.language):
            turn, _refusal = service.run(self.table, self.seat)
            row, message = turn.row, None
            version = turn.public_version()
            went_on = self.held and not row.hold and version == self.sent
            if redraw or version != self.sent or went_on:
                message = event(self.render(self.table, turn, self.sent).strip(), GO_ON if went_on else name,
                                id=version)
                self.sent = version
            self.held = row.hold
        seats = list(self.table.seats.all())
        return Update(self.channel, row.version, message, done=turn.game.over,
                      wake_s=_wake_s(row, seats, self.seat_pk, play.wall_ms()))


def _due(row: PracticeGame, wall: int) -> bool:
    return row.wake_ms is not None and play.clock_at(row, wall) >= row.wake_ms


def _wake_s(row: PracticeGame, seats: list[Seat], mine: int | None, wall: int) -> float | None:
    """Seconds until something falls due, server-side only: a bot's move, a window closing, or
    another person's grace running out (a bot then plays for them)."""
    times = []
    if row.wake_ms is not None:
        times.append(max(0, row.wake_ms - play.clock_at(row, wall)))
    for seat in seats:
        if not seat.bot and seat.pk != mine:
            times.append(max(0, seat.seen_ms + service.grace_ms() + 1 - wall))
    return min(times) / 1000 if times else None


class RoomSource:
    """One page's stream of a waiting room: the seats as ``render(table)`` draws them for the
    page's person, sent when they changed; at the start the fragment that loads the game."""

    def __init__(self, table: Table, seat_pk: int | None, render: Callable[[Table], str]):
        self.table_pk, self.seat_pk, self.render = table.pk, seat_pk, render
        self.channel = room_channel(table)
        self.shown = None
        self.language = translation.get_language()

    def first(self) -> Update:
        return self._step(force=True)

    def later(self) -> Update:
        return self._step(force=False)

    def _step(self, force: bool) -> Update:
        heard = play.wall_ms()
        table = Table.objects.filter(pk=self.table_pk).first()
        if table is None:
            return Update(self.channel, heard, done=True)
        mine = table.seats.filter(pk=self.seat_pk).first() if self.seat_pk else None
        if mine is not None:
            service.touch(mine, heard)
        with translation.override(self.language):
            html = self.render(table).strip()
        message = None
        if force or html != self.shown:
            message, self.shown = event(html, ROOM), html
        return Update(self.channel, heard, message, done=table.started)
