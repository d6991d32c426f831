"""A friends' table on push (mogel.push, docs/push.md, docs/friends.md): what each page's stream sends.

The game: each seat's page (and a spectator's) gets its own table, from the seat's context
(``views._seat``) as a whole table or a patch of it (``mogel.table.regions.Painter``), whenever that seat's public version moved; event ids are that
seat's public version, never the row's own version. The stream does what the poll did: an open
stream is the seat's contact (presence), and a bot's move, a closing window or a person's grace
running out is applied by whichever stream (or request) notices it due first (``service.run``
saves with the version check, so it happens once). Beside the table, the same stream sends who
is at the table (#seats) when somebody's presence changed, and after the game, once somebody
asked "Play again", what moves the page to the rematch (spectators' pages too).

The waiting room: its seats, rendered for the page's person, pushed when somebody sits down, a
seat moves or is freed, a bot sits down; at the start every page is sent where the game is, and
goes there (event ``go``, friends/fallback.js).
"""

from __future__ import annotations

import re
from typing import Callable

from django.urls import reverse
from django.utils import translation

from mogel.play import echo, rows
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
# Where the page goes now (the game at the start, the rematch after "Play again"): its data is the
# address, which friends/fallback.js opens at once. Before, the stream sent a fragment that asked
# the server once more (room/ or seats/) and only its answer moved the page: a round trip more.
GO = "go"
ROOM_CHANNEL = "room-"   # + the table's id
# Who is at the table (#seats), pushed beside the table on the same stream.
SEATS = "seats"
# The small row a stream reads to tell "nothing new" (as the poll's fast path).
# The host's forms carry a CSRF token masked afresh at each render: not a change of the room.
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
POLL_FIELDS = ("pk", "version", "publics", "wake_ms", "started_ms", "seen_ms", "paused_ms", "away", "hold", "over")


def room_channel(table: Table) -> str:
    """The waiting room's push channel: every change of its seats is notified on it."""
    return f"{ROOM_CHANNEL}{table.pk}"


def prune_rooms(now, dry_run: bool) -> int:
    """``prunegames``: the rooms' channel rows of tables gone (with their game, or never started);
    the games' own channels go with the games."""
    tables = {f"{ROOM_CHANNEL}{pk}" for pk in Table.objects.values_list("pk", flat=True)}
    gone = [name for name in broker.kept(ROOM_CHANNEL) if name not in tables]
    if not dry_run:
        broker.forget(gone)
    return len(gone)


def go(code: str, language: str) -> str:
    """The event that moves a page to the table ``code`` (its address in the page's language)."""
    with translation.override(language):
        return event(reverse("friends:table", kwargs={"code": code}), GO)


def room_changed(table: Table) -> None:
    """Tell the table's pages that its seats, its start or (after the game) its rematch changed.
    The version is the server's clock in ms: it only grows, and a stream that misses one still
    hears of the change at its next tick."""
    broker.notify(room_channel(table), play.wall_ms())


class GameSource:
    """One seat's (None: a spectator's) stream of a started friends' table.

    ``known``: the seat's version the page shows (Last-Event-ID after a reconnect);
    ``render(turn, client_version, name)``: the event's data and name, the seat's table as the
    poll answers it or a patch of it (a ``mogel.table.regions.Painter``);
    ``panel(table, seats)``: who is at the table (#seats) as the page's person sees it.

    Besides the table, the stream sends the panel (event ``seats``, no id: the page's
    Last-Event-ID stays the table's version) at each connection and whenever somebody's
    presence changed. After the game it stays open, waiting on the room's channel, until the
    table's rematch exists: then it sends the page there (event ``go``) and ends."""

    def __init__(self, table: Table, seat: int | None, seat_pk: int | None, known: int | None,
                 render: Callable[..., str], panel: Callable[..., str], page: str | None = None):
        self.table, self.seat, self.seat_pk, self.sent = table, seat, seat_pk, known
        self.render, self.panel, self.page = render, panel, page
        self.held = None   # whether the table last sent showed held scores
        self.channel = play.channel(table.game_id)
        # The presence the page's panel shows (see _presence), and whether the game is over.
        self.present = None
        self.over = False
        # The request's language: the stream's steps run in other threads.
        self.language = translation.get_language()

    def first(self) -> Update:
        return self._run(REDRAW, redraw=True)

    def later(self, heard: int | None = None, sure: bool = False) -> Update:
        """Asked at every beat: who is at the table changes without a notice (a person's page
        coming back), so each beat reads the seats and notes this page's presence. ``heard``:
        the broker heard the game move: the whole row is read once, in ``service.run``; a page
        with an id (``page``) reads the small row first, since the move may be its own person's,
        whose answer the page has (mogel.play.echo)."""
        if self.over:
            return self._after_game()
        if heard is not None and self.page is None:
            seats = service.seats_of(self.table)
            self._touch(seats, play.wall_ms())
            return self._run(TABLE, seats=seats)
        wall = play.wall_ms()
        row = rows.first(PracticeGame, {"pk": self.table.game_id}, (*POLL_FIELDS, *echo.fields(self.page)))
        if row is None:
            return Update(self.channel, 0, done=True)
        mine = row.publics.get(play.mark(self.seat), 0)
        self._answered(row, mine)
        if row.over and mine == self.sent and row.hold == self.held:
            # The last table is on the page already (its own move's answer): nothing to draw,
            # but from now on the stream waits for the rematch (before, it went on reading a
            # finished game until somebody's grace ran out, and followed "Play again" that late).
            self.over = True
            return self._after_game()
        seats = service.seats_of(self.table)
        self._touch(seats, wall)
        if (mine == self.sent and row.hold == self.held
                and not _due(row, wall) and not any(service.gone(s, wall) for s in seats)):
            return Update(self.channel, row.version, self._seats(seats, wall),
                          wake_s=_wake_s(row, seats, self.seat_pk, wall))
        return self._run(TABLE, seats=seats)

    def _answered(self, row: PracticeGame, version: int) -> None:
        """The page's own request answered it with the seat's table as the row stands (its
        version, held or not): it is on the page already, and so nothing to send."""
        if echo.answered(row, self.page, play.mark(self.seat), version):
            self.sent, self.held = version, row.hold

    def _touch(self, seats: list[Seat], wall: int) -> None:
        """An open stream is its person's contact: the seat stays theirs while the page is open."""
        mine = next((s for s in seats if s.pk == self.seat_pk), None)
        if mine is not None:
            service.touch(mine, wall, self.language)

    def _run(self, name: str, redraw: bool = False, seats: list[Seat] | None = None) -> Update:
        """``seats``: as this step read them already; the change, its table and the panel use
        them (``turn.seats``) instead of reading them again. The stream sends the seat every
        table its version moved to, so the save stamps the seat's events as sent (``sends``)."""
        with translation.override(self.language):
            turn, _refusal = service.run(self.table, self.seat, seats=seats, sends=True)
            row, message = turn.row, None
            version = turn.public_version()
            self._answered(row, version)
            went_on = self.held and not row.hold and version == self.sent
            if redraw or version != self.sent or went_on:
                # The whole table, or a patch of the regions that changed (mogel.table.regions).
                data, sent_as = self.render(turn, self.sent, GO_ON if went_on else name)
                message = event(data, sent_as, id=version)
                self.sent = version
            self.held = row.hold
        if turn.game.over:
            # The last table; from now on only the rematch (or somebody's presence) is news.
            self.over = True
            return self._after_game(message, force=redraw)
        seats, wall = turn.seats, play.wall_ms()
        # While someone is away, each table pushed brings the panel too: its count of the seconds
        # left before a bot plays for them is the server's again (the page ticks it meanwhile).
        resync = message is not None and any(state == "away" for _n, state in self.present or ())
        return Update(self.channel, row.version, _joined(message, self._seats(seats, wall, force=redraw or resync)),
                      wake_s=_wake_s(row, seats, self.seat_pk, wall))

    def _seats(self, seats: list[Seat], wall: int, force: bool = False) -> str | None:
        """The panel, when the presence it shows changed since it was last sent (or ``force``)."""
        present = _presence(seats, wall)
        if not force and present == self.present:
            return None
        self.present = present
        with translation.override(self.language):
            return event(self.panel(self.table, seats).strip(), SEATS)

    def _after_game(self, message: str | None = None, force: bool = False) -> Update:
        """A finished game's page: cheap while idle (the table's rematch and its seats are read,
        nothing rendered) until somebody asks "Play again": then what moves the page there."""
        channel, heard = room_channel(self.table), play.wall_ms()
        rematch = Table.objects.filter(pk=self.table.pk).values_list("rematch__code", flat=True).first()
        if rematch is not None:
            return Update(channel, heard, _joined(message, go(rematch, self.language)), done=True)
        seats = list(self.table.seats.all())
        self._touch(seats, heard)
        return Update(channel, heard, _joined(message, self._seats(seats, heard, force=force)),
                      wake_s=_wake_s(None, seats, self.seat_pk, heard))


def _joined(*messages: str | None) -> str | None:
    return "".join(m for m in messages if m) or None


def _presence(seats: list[Seat], wall: int) -> tuple:
    """What the panel (and the presence on each seat) shows: a new one is news for every page."""
    return tuple((number, shown["state"]) for number, shown in sorted(service.on_seats(seats, wall).items()))


def _due(row: PracticeGame, wall: int) -> bool:
    return row.wake_ms is not None and play.clock_at(row, wall) >= row.wake_ms


def _wake_s(row: PracticeGame | None, seats: list[Seat], mine: int | None, wall: int) -> float | None:
    """Seconds until something falls due, server-side only: a bot's move, a window closing, or
    another person's presence changing by itself (away, then gone: a bot plays for them). A
    moment already past is no wake: a gone person's seat is played at each tick, not in a spin."""
    times = []
    if row is not None and row.wake_ms is not None:
        times.append(max(0, row.wake_ms - play.clock_at(row, wall)))
    for seat in seats:
        if not seat.bot and seat.pk != mine:
            times += [at - wall for at in service.presence_changes(seat) if at > wall]
    return min(times) / 1000 if times else None


class RoomSource:
    """One page's stream of a waiting room: the seats as ``render(table)`` draws them for the
    page's person, sent when they changed; at the start the page goes to the game (``go``)."""

    def __init__(self, table: Table, seat_pk: int | None, render: Callable[[Table], str]):
        self.table_pk, self.seat_pk, self.render = table.pk, seat_pk, render
        self.channel = room_channel(table)
        self.shown = None
        self.language = translation.get_language()

    def first(self) -> Update:
        return self._step(force=True)

    def later(self, heard: int | None = None, sure: bool = False) -> Update:
        return self._step(force=False)

    def _step(self, force: bool) -> Update:
        heard = play.wall_ms()
        table = Table.objects.filter(pk=self.table_pk).first()
        if table is None:
            return Update(self.channel, heard, done=True)
        if table.started:
            return Update(self.channel, heard, go(table.code, self.language), done=True)
        mine = table.seats.filter(pk=self.seat_pk).first() if self.seat_pk else None
        if mine is not None:
            service.touch(mine, heard, self.language)
        with translation.override(self.language):
            html = self.render(table).strip()
        message, seen = None, CSRF.sub("", html)
        # Before, the host's page was sent its room at every beat (the token differed each time),
        # and its forms were swapped under the host's finger: a press could land on a new button.
        if force or seen != self.shown:
            message, self.shown = event(html, ROOM), seen
        return Update(self.channel, heard, message)
