"""Loading, advancing and saving a practice game: no process memory, no background worker.

Written once for every game kind (``mogel.games``): what differs (engine, bots, what a seat
sees, fast actions, the player's eyes) is a hook of the row's kind.

Every request for a game runs :func:`run`: load the row, let the bots and the windows catch
up with server time, maybe apply the player's action, and write the row back only if its
version is still the one read (optimistic locking), retrying otherwise. Any worker process
can serve any request, and a restarted server resumes each game exactly where it was.

The row holds only the end of the game's log that the game still reads; every event goes
to :class:`~mogel.play.models.PracticeEvent` once, when the move that logged it is saved.
The page is told only what the player may know: its version counts the events the
player's seat can notice (``public_version``) and its wake-up time is a public deadline
(:func:`page_wake`), never a bot's secret plan.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language

from mogel import games
from mogel.core.errors import IllegalAction
from mogel.push import broker

from . import echo, rows
from .models import PracticeEvent, PracticeGame, SeatEvent

HUMAN = 0
MAX_STEPS = 400

# A kind's fast actions (GameKind.fast_actions: the reflexes it names) are judged by the rules
# at the time they were made, never refused because something else happened since the page
# was drawn. The same one again since the page was drawn is a double tap (a second accusation
# could cost a second card): that is refused.
# Fair reflexes: the page says how long the player took from seeing the window to the tap; the
# server credits the rest of the time since it sent the window (the network, the page drawing
# it), at most this much, as Lichess caps its lag compensation.
CREDIT_CAP_MS = 1000
# A claimed reaction faster than this is no human's (sprint starts count < 100 ms as false):
# it gains nothing, as if none was sent.
MIN_REACTION_MS = 100
# How many of the player's noticeable events one answer stamps as sent (note_sent), and how far
# back a fast action looks for the same one from the same page (a double tap).
SENT_SPAN = 64


def wall_ms() -> int:
    return int(time.time() * 1000)


def registered(key: str) -> bool:
    try:
        games.get(key)
    except LookupError:
        return False
    return True


class Stale(Exception):
    """The player acted on a table that has changed since."""


class BadPost(Exception):
    """A post the page never sends (missing or impossible version)."""


class CountingIn(Exception):
    """The player acted during the count-in, while the game still stands still."""


@dataclass
class Turn:
    """One request's work on one game.

    ``stored``, ``stored_public`` and ``stored_round``: the row's version and public
    version and the round of its last event as in the database; the events after
    ``stored`` are only in ``game.log`` until :func:`save` writes them.
    """
    row: PracticeGame
    game: object
    memories: dict
    stored: int
    stored_public: int
    stored_round: int
    old_hold: bool
    kind: games.GameKind
    changed: bool = False
    events: list = field(default_factory=list)
    # This request ended a pause with a count-in (:func:`contact`): the page must be told.
    counting_in: bool = False
    # The seat this request is for (None: a spectator). The practice game's is always HUMAN.
    seat: int | None = HUMAN
    # A table of several people (mogel.friends): every seat with a page of its own, its
    # version and its eyes kept per seat (``row.publics``, ``row.eyes``, :class:`SeatEvent`);
    # None: the practice game, one player at HUMAN whose marks are PracticeEvent's own columns.
    people: tuple | None = None
    # The seats the bots play now (None: every seat but HUMAN, the kind's default).
    bots: frozenset | None = None
    # People whose pages have been silent a while (a friends' table's "away"): nothing of theirs
    # is on its way, so no bot move or closing window waits for them (:func:`_people`).
    away: frozenset = frozenset()
    # The people's marks on the events logged since the last save (:func:`_seat_records`).
    seat_records: list = field(default_factory=list)
    # ``row.ready`` as read: saved only over the same (two people pressing "go on" at once).
    old_ready: int = 0
    # A friends' table's seats as this request read them (mogel.friends.service.run), or None.
    seats: list | None = None
    # The request answers its seat with the table after saving (every practice request does):
    # its save stamps the seat's events it writes as sent (:func:`note_sent`), in the same INSERT.
    sends: bool = False
    # Set by such a save: the seat's version before it (the events after it are stamped).
    stamped: int | None = None
    # The bots' plans asked of the game as it stands (:meth:`plan`): catch-up, the row's wake
    # time and the page's wake time all ask for it, once per state of this request's game.
    plans: dict = field(default_factory=dict)
    # The page this request answers with its seat's table (mogel.play.echo), or None: the
    # save marks it in ``row.answered``, so that page's stream does not send the table again.
    page: str | None = None

    def fresh(self) -> list[dict]:
        """The events logged since the row was read (or last saved)."""
        return self.game.log[self.stored - self.game.log_base:]

    def stored_public_of(self, seat: int | None) -> int:
        if self.people is None:
            return self.stored_public
        return self.row.publics.get(mark(seat), 0)

    def public_version(self, seat: int | None | str = "turn") -> int:
        """A seat's version now (the request's seat by default): the events it can notice, counted."""
        seat = self.seat if seat == "turn" else seat
        return self.stored_public_of(seat) + sum(1 for e in self.fresh() if self.kind.noticed(e, seat))

    def public_after(self, index: int) -> int:
        """The seat's version right after the event at log index ``index`` (one the game still holds)."""
        game = self.game
        return self.public_version() - sum(1 for e in game.log[index + 1 - game.log_base:]
                                           if self.kind.noticed(e, self.seat))

    def eye(self, seat: int | None) -> dict:
        """What a person at ``seat`` has noticed so far (a kind's ``watch``): the practice game keeps
        its player's in the bots' memories at HUMAN, a friends' table each person's in ``row.eyes``."""
        if seat is None:
            return {}
        if self.people is None:
            return self.memories.setdefault(seat, {})
        return self.row.eyes.setdefault(mark(seat), {})

    def plan(self, deliberate_only: bool = False):
        """The bots' next move (only the seats in ``bots`` at a friends' table).

        A pure function of the game, the bots' memories and the row's pace: asked once per state
        and kept for this request only. The game changes only by a move or a window (its log
        grows, and the memories take it in: :meth:`observe`) or by its clock moving on."""
        row, kind = self.row, self.kind
        deliberate_only = deliberate_only and not kind.every_move_deliberate
        key = (deliberate_only, self.game.log_length, self.game.clock, row.resume_ms, self.bots)
        if key not in self.plans:
            extra = {} if self.bots is None else {"seats": self.bots}
            self.plans[key] = kind.plan(self.game, row.level, self.memories, row.resume_ms, pace=row.pace,
                                        deliberate_only=deliberate_only, **extra)
        return self.plans[key]

    def observe(self) -> None:
        """Every bot's memory takes in the change; at a friends' table every seat's, so a bot can
        take over a seat whose person left with what that seat has seen."""
        extra = {} if self.people is None else {"seats": frozenset(range(self.game.players))}
        self.plans.clear()   # the memories the plans were made from change
        self.kind.observe(self.game, self.row.level, self.memories, self.row.pace, **extra)

    def watch(self) -> None:
        if self.people is None:
            self.kind.watch(self)
            return
        for seat in self.people:
            if seat is not None:
                self.kind.watch(self, seat)


def mark(seat: int | None) -> str:
    """A seat's key in ``row.publics`` and ``row.eyes`` (JSON keys are strings; a spectator is "-1")."""
    return "-1" if seat is None else str(seat)


def new_game(kind: games.GameKind, players: int, seed: int, choices: dict, tempo: int = 1):
    """A dealt game; or, for tests only, the kind's fixed position (``GameKind.scenario``):
    browser tests start from a known hand that way; production never sets one. The game gets the
    table's ``tempo`` with the kind's choices (``choices["tempo"]``, docs/platform.md "Tempo")."""
    choices = {**choices, "tempo": tempo}
    scenario = kind.scenario()
    if scenario:
        return kind.from_scenario(scenario, seed, choices)
    return kind.new_game(players, seed, choices)


def start(kind: games.GameKind, owner: str, *, players: int, level: str, pace: str, player_name: str,
          choices: dict, address: str = "", people: tuple | None = None, bots=None, tempo: int = 1) -> PracticeGame:
    """A new game of ``kind`` for the session ``owner``, saved; ``choices``: the kind's own lobby choices.

    The bots' names come from the language active now, for the whole game. ``people`` and
    ``bots``: a table of several people (:class:`Turn`), its seats with pages and its bots' seats."""
    seed = getattr(settings, "MOGEL_PLAY_SEED", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 62)
    game = new_game(kind, players, int(seed), choices, tempo)
    started = wall_ms()
    row = PracticeGame(owner=owner, kind=kind.key, started_ms=started, seen_ms=started, level=level,
                       player_name=player_name, pace=pace, tempo=tempo, choices=choices, address=address,
                       language=(get_language() or "")[:8], start_state=game.to_json())
    turn = Turn(row, game, {}, stored=0, stored_public=0, stored_round=game.round, old_hold=False, kind=kind,
                changed=True, people=people, bots=None if bots is None else frozenset(bots))
    if people is not None:
        row.seen_ms = None   # a table of several people never pauses the whole game
    turn.observe()
    turn.watch()
    records = _prepare(turn)
    with transaction.atomic():
        row.save(force_insert=True)
        PracticeEvent.objects.bulk_create(records)
        SeatEvent.objects.bulk_create(turn.seat_records)
        broker.notify(channel(row.pk), row.version)
    return row


def load_for(row: PracticeGame, seat: int | None, people: tuple | None = None, bots=None) -> Turn:
    """The row's game for one seat of a table of several people (``people``: the seats with pages)."""
    turn = load(row)
    turn.seat, turn.people, turn.bots = seat, people, (None if bots is None else frozenset(bots))
    return turn


def channel(game_id: str) -> str:
    """The game's push channel (mogel.push): every committed change of the row is notified on it."""
    return f"play-{game_id}"


def load(row: PracticeGame) -> Turn:
    kind = games.get(row.kind)
    game = kind.from_json(row.state)
    memories = {int(k): v for k, v in json.loads(row.memories or "{}").items()}
    turn = Turn(row, game, memories, row.version, row.public_version, game.round, row.hold, kind)
    turn.old_ready = row.ready
    return turn


# -- a game that waits for its player ------------------------------------------------------------
# Game time runs only while the player is at the table: for a short grace after each contact of
# the page (a poll, a post, the page itself), and not at all once the page said it left (hidden,
# closed, navigated away: ``away``). Everything lives in the row (seen_ms, paused_ms, away), so
# any worker process may answer any tab; the clock is server time less the time stood still.

# Polls come every MOGEL_POLL_MS (400 ms): a page that missed this much is gone (connection
# lost, tab closed without a word). Five polls, or one very slow round trip on a phone: a page
# that is there never stutters; a page that left without a word (no beacon) costs this much.
PAUSE_GRACE_MS = 2000
# Coming back to a table where a window or a bot's move is pending: "3, 2, 1" before time runs.
COUNT_IN_MS = 3000
# A shorter pause (a glance at another tab) resumes at once.
COUNT_IN_AFTER_MS = 2000


def _grace_ms() -> int:
    return int(getattr(settings, "MOGEL_PAUSE_GRACE_MS", PAUSE_GRACE_MS))


def _count_in_ms() -> int:
    return int(getattr(settings, "MOGEL_COUNT_IN_MS", COUNT_IN_MS))


def _runs_until(seen: int, away: bool) -> int:
    """Server time at which the game's clock stops without a further contact."""
    return seen if away else seen + _grace_ms()


def clock_at(row: PracticeGame, wall: int) -> int:
    """Game time at server time ``wall`` by the row's presence: it stands still beyond the grace
    after the last contact (at once when the page left), and during a count-in (``seen_ms`` ahead)."""
    if row.seen_ms is None:
        return wall - row.started_ms - row.paused_ms
    moment = row.seen_ms if wall <= row.seen_ms else min(wall, _runs_until(row.seen_ms, row.away))
    return moment - row.started_ms - row.paused_ms


def game_now(row: PracticeGame, game) -> int:
    """The game's millisecond clock from server time, paused time left out; it never runs backwards."""
    return max(clock_at(row, wall_ms()), game.clock)


def count_in_left(row: PracticeGame, wall: int | None = None) -> int:
    """Ms of the count-in still to run (0: none): the game resumes when it ends."""
    if row.seen_ms is None:
        return 0
    return max(0, row.seen_ms - (wall_ms() if wall is None else wall))


def settled(seen: int | None, paused: int, away: bool, wall: int) -> tuple[int, int]:
    """The presence ``(seen_ms, paused_ms)`` after a contact at ``wall``: the time the game stood
    still since the last contact moves into ``paused_ms``, so the game's clock goes on from where it stopped."""
    if seen is None:
        return wall, paused
    stops = _runs_until(seen, away)
    if wall > stops:
        return wall, paused + wall - stops
    return max(seen, wall), paused


def _store_presence(row: PracticeGame, seen: int, paused: int, away: bool, showing: str = "") -> bool:
    """Write the presence if nobody changed it since the row was read (another tab, another
    worker); False: reload. Apart from the game's own version, so a poll never races a move."""
    updated = rows.update(PracticeGame, {"seen_ms": seen, "paused_ms": paused, "away": away, "left_showing": showing},
                          {"pk": row.pk, "seen_ms": row.seen_ms, "paused_ms": row.paused_ms, "away": row.away})
    if updated:
        row.seen_ms, row.paused_ms, row.away, row.left_showing = seen, paused, away, showing
    return updated == 1


def still_away(row: PracticeGame, showing: str | None, streaming: bool = False) -> bool:
    """A request that does not end the page's pause: its stream (only the page itself, shown
    again, does), or the showing of the page that said it left (a poll sent just before Back,
    served after the beacon). A request that names no showing (a page loaded afresh) ends it."""
    return row.away and (streaming or bool(showing) and showing == row.left_showing)


def contact(turn: Turn, wall: int) -> bool:
    """The page is at the table at ``wall``: end a pause, with a count-in when the player was gone
    a while and a window or a bot's move is pending (a public deadline or a bot's deliberate move:
    never a bot's secret plan). False: the presence changed meanwhile, reload the row."""
    row = turn.row
    seen, paused = settled(row.seen_ms, row.paused_ms, row.away, wall)
    if paused - row.paused_ms >= COUNT_IN_AFTER_MS and page_wake(turn) is not None:
        seen, paused = wall + _count_in_ms(), paused + _count_in_ms()
        turn.counting_in = True
    if paused == row.paused_ms and not row.away and row.seen_ms is not None and seen - row.seen_ms < _grace_ms() // 4:
        return True   # nothing stood still, and the last contact is recent enough (see touch)
    return _store_presence(row, seen, paused, False)


def leave(game_id: str, owner: str, kind: str, showing: str = "", attempts: int = 8) -> bool:
    """The page said it left (hidden, closed, navigated away) in its showing ``showing``: the
    game's clock stops now. False: no such game for this owner."""
    for _ in range(attempts):
        row = PracticeGame.objects.filter(pk=game_id, owner=owner, kind=kind).only(
            "pk", "seen_ms", "paused_ms", "away", "left_showing").first()
        if row is None:
            return False
        if row.away and row.left_showing == showing:
            return True
        seen, paused = settled(row.seen_ms, row.paused_ms, row.away, wall_ms())
        if _store_presence(row, seen, paused, True, showing):
            return True
    return True


def touch(row: PracticeGame, wall: int) -> bool:
    """A poll's contact on the common path (no pause to end, no count-in to start): True if noted.
    False: let the whole request (:func:`run`) decide."""
    if row.away or row.seen_ms is None or wall > _runs_until(row.seen_ms, row.away):
        return False
    # A contact a moment after the last one need not be written: the clock then stops that
    # much sooner if the page goes silent (a quarter of the grace at most), and most polls write nothing.
    if wall - row.seen_ms < _grace_ms() // 4:
        return True
    return _store_presence(row, wall, row.paused_ms, False)


def _after(turn: Turn, events: list) -> None:
    kind = turn.kind
    turn.changed = True
    turn.events.extend(events)
    turn.observe()
    turn.watch()
    if any(e["code"] in kind.hold_after for e in events) and not turn.game.over:
        turn.row.hold = True
    if turn.game.over:
        turn.row.over = True
        turn.row.hold = False


def due(turn: Turn, move) -> int:
    """When the server makes a planned bot move: at its time, or later while the kind holds it
    back (``GameKind.held_ms``: a bot's reflex a person could still beat with a tap on its way;
    at a table of several people, any person the bots do not play for)."""
    return move.at + turn.kind.held_ms(turn.game, move, seats=_people(turn))


def _people(turn: Turn) -> tuple:
    """The seats people play now (the practice game's one player, or at a friends' table every
    person the bots do not play for)."""
    if turn.people is None:
        return (HUMAN,)
    return tuple(s for s in turn.people if s is not None and s not in (turn.bots or ()) and s not in turn.away)


def deadline_due(turn: Turn, deadline: int) -> int:
    """When the server applies the game's next deadline (a window or an act running out): at its
    time, or up to the credit cap later while a person could still have answered it in time with
    a tap on its way (``GameKind.held_deadline_ms``). A tap made before the deadline reaches the
    server up to the cap later than it counts (:func:`dated`); closed by another page's request
    meanwhile, the window would refuse it ("Too late") though it was in time on its screen."""
    return deadline + turn.kind.held_deadline_ms(turn.game, _people(turn))


def _first_held(turn: Turn) -> dict | None:
    """The earliest dated of the people's held taps (:func:`hold`), or None."""
    taps = turn.row.held_taps
    return min(taps, key=lambda t: (t["at"], t["arrived"])) if taps else None


def _waiting(turn: Turn, tapped: set) -> tuple:
    """The people who could still answer what the ``tapped`` seats answered with a tap of their own."""
    return tuple(s for s in _people(turn) if s not in tapped)


def held_due(turn: Turn, tap: dict) -> int:
    """When a held tap is applied: a credit cap after the time it counts, by which any tap dated
    earlier has arrived (:func:`dated` credits at most the cap), or at once when nobody who has
    not tapped yet could still answer the same thing (``GameKind.held_tap_ms``)."""
    waiting = _waiting(turn, {t["seat"] for t in turn.row.held_taps})
    return tap["at"] + turn.kind.held_tap_ms(turn.game, tap["action"], waiting)


def hold(turn: Turn, seat: int, action: str, at: int, now: int) -> bool:
    """Hold a person's fast action made at ``at`` (arrived ``now``) instead of applying it, while
    another person could still answer the same thing with a tap dated earlier, on its way (a
    race between two people: the first takes the card, and the nearer one's tap arrives first).
    Refused at once, by the rules, if it could not be made at ``at``. False: not held."""
    game = turn.game
    if not turn.kind.held_tap_ms(game, action, _waiting(turn, {seat})):
        return False
    # The rules' own refusal, on a copy: the held tap changes nothing yet. Its own time, not
    # the game's clock (which may have passed it), orders it among the held taps.
    turn.kind.from_json(game.to_json()).apply(seat, action, turn.kind.fast_time(game, action.split()[0], at))
    turn.row.held_taps = [*turn.row.held_taps, {"seat": seat, "action": action, "at": at, "arrived": now}]
    turn.changed = True
    return True


def held_by(turn: Turn, seat: int | None) -> list[str]:
    """The fast actions of ``seat`` held now (:func:`hold`): its page offers them no more."""
    return [t["action"] for t in turn.row.held_taps if t["seat"] == seat]


def _release(turn: Turn, tap: dict) -> None:
    """A held tap's time has come (:func:`held_due`): applied at its time, judged by the rules as
    the game stands; one beaten by a tap dated earlier (the card is gone) is dropped, and its
    person reads in the log who was faster."""
    turn.row.held_taps = [t for t in turn.row.held_taps if t is not tap]
    turn.changed = True
    game = turn.game
    try:
        events = game.apply(tap["seat"], tap["action"], turn.kind.fast_time(game, tap["action"].split()[0], tap["at"]))
    except IllegalAction:
        return
    _after(turn, events)


def catch_up(turn: Turn, now: int, deliberate: bool = False, tap: bool = False) -> bool:
    """Close the windows and make the bot moves that were due by ``now``, in time order.

    At most one deliberate bot move (a play, a draw, …) per request, so that a returning
    player never sees several moves jump at once; reflexes (``GameKind.is_reflex``) and closing
    windows are not limited. ``deliberate``: one was made already in
    this request. Returns whether one has been made. ``tap``: ``now`` is the time of the
    player's own action (a fast one's as :func:`dated` counts it), so the bot moves due
    before it are made without being held back (:func:`due`).
    """
    game, row, kind = turn.game, turn.row, turn.kind
    if row.ready and not still_reading(turn):
        _resume(turn, now)   # the last one reading the scores left the table: a bot plays for them
        turn.changed = True
    for _ in range(MAX_STEPS):
        if game.over or row.hold:
            break
        move = turn.plan()
        held = _first_held(turn)
        first = min((t for t in (move and move.at, held and held["at"]) if t is not None), default=None)
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now and (first is None or deadline <= first):
            if tap or deadline_due(turn, deadline) <= now:
                _after(turn, game.advance(deadline))
                continue
            # Held: the game's clock stays before it, or the engine would apply it now.
            now = deadline - 1
            break
        if held is not None and held["at"] == first:
            if (held["at"] if tap else held_due(turn, held)) <= now:
                _release(turn, held)
                continue
            # Held: the game's clock must not pass it, or a tap dated before it could not be judged.
            now = min(now, held["at"])
            break
        if move is not None and (move.at if tap else due(turn, move)) <= now:
            reflex = kind.is_reflex(game, move.action)
            if not reflex and deliberate:
                return deliberate
            _after(turn, game.apply(move.seat, move.action, move.at))
            deliberate = deliberate or not reflex
            continue
        if move is not None and move.at < now:
            # A held move: the game's clock must not pass it, or it could no longer be made.
            now = move.at
        break
    if not game.over and game.clock < now:
        game.advance(now)
    return deliberate


def _shown(turn: Turn, texts) -> list[dict]:
    return [turn.kind.visible(json.loads(text), turn.seat) for text in texts]


def _marked(turn: Turn) -> tuple[type, dict]:
    """The model and the equalities that pick the request's seat's marks (as :func:`_marks`)."""
    if turn.people is None:
        return PracticeEvent, {"game": turn.row.pk}
    return SeatEvent, {"game": turn.row.pk, "seat": int(mark(turn.seat))}


def _marks(turn: Turn):
    """The request's seat's marks on the events (``index``, ``round``, ``public``, ``shown``,
    ``sent_ms``, ``event``): PracticeEvent's own columns in the practice game, a seat's
    :class:`SeatEvent` rows at a table of several people."""
    if turn.people is None:
        return PracticeEvent.objects.filter(game_id=turn.row.pk)
    return SeatEvent.objects.filter(game_id=turn.row.pk, seat=int(mark(turn.seat)))


def visible_since(turn: Turn, public: int, last: int | None = None) -> list[dict]:
    """The events in the player's log after the player's version ``public``, oldest first
    (only the ``last`` ones if given). The stored ones come from the event table."""
    fresh = [e for e in (turn.kind.visible(e, turn.seat) for e in turn.fresh()) if e]
    wanted = None if last is None else last - len(fresh)
    stored = []
    if public < turn.stored_public_of(turn.seat) and (wanted is None or wanted > 0):
        query = (_marks(turn).filter(shown=True, public__gt=public, index__lt=turn.stored)
                 .order_by("-index").values_list("event", flat=True))
        stored = _shown(turn, reversed(query[:wanted] if wanted else query))
    found = stored + fresh
    return found[-last:] if last else found


def recent_log(turn: Turn, last: int, tail: LogTail | None = None) -> list[tuple[int, int, dict]]:
    """The last ``last`` saved events of the player's log: (round, the player's version after it, event).
    ``tail``: what this connection read before, so only the events saved since are read."""
    return (tail if tail is not None else LogTail()).read(turn, last)


@dataclass
class LogTail:
    """The end of one seat's log as one open stream last read it: (index, round, public, event).

    A stream pushes a table at every change; each wants the log's last lines, and all but the
    newest were read for the table before. Saved events never change, so the stream keeps them
    for its own connection (one game, one seat) and reads only the events saved since. Nothing
    is shared between connections: a new one (a reconnect, another worker) starts empty."""
    lines: list = field(default_factory=list)

    def read(self, turn: Turn, last: int) -> list[tuple[int, int, dict]]:
        model, where = _marked(turn)
        after = [self.lines[-1][0]] if self.lines else []
        sql = rows.text(("log_tail", model, tuple(where), bool(after)), lambda: _tail_sql(model, where, after))
        found = rows.execute(sql, [*where.values(), True, *after, last])
        new = [(index, round_no, public, turn.kind.visible(json.loads(text), turn.seat))
               for index, round_no, public, text in reversed(found)]
        self.lines = (self.lines + new)[-last:]
        # Copies: a table's presenter may not change what the next table reads.
        return [(round_no, public, dict(event)) for _index, round_no, public, event in self.lines]


def _tail_sql(model, where: dict, after: list) -> str:
    """The newest shown events of a seat's log (after a known index), newest first."""
    index = rows.column(model, "index")
    return (f"SELECT {index}, {rows.column(model, 'round')}, {rows.column(model, 'public')}, "
            f"{rows.column(model, 'event')} FROM {rows.table(model)} WHERE {rows.equal(model, where)} "
            f"AND {rows.column(model, 'shown')} = %s" + (f" AND {index} > %s" if after else "")
            + f" ORDER BY {index} DESC LIMIT %s")


def last_round_log(turn: Turn) -> list[dict]:
    """The previous round's events as the player sees them (the current round's are in ``view``)."""
    if not turn.game.history:
        return []
    query = (_marks(turn).filter(round=turn.game.history[-1]["round"], shown=True)
             .order_by("index").values_list("event", flat=True))
    return _shown(turn, query)


def credit_ms(arrival: int, sent: int | None, reaction: int | None) -> int:
    """The time the server credits a fast action: what passed between sending the window to
    the page (``sent``) and the tap's ``arrival`` that the player did not spend reacting.

    The server vouches for ``arrival - sent`` only: the page cannot have seen the window
    earlier. Within it, the page's ``reaction`` (ms from the window on screen to the tap) is
    the player's; the rest was the network and the page drawing it. A lie can only shorten
    the reaction, so the credit is capped; a reaction that is absent, negative, faster than a
    human's or longer than the whole time since sending gains nothing.
    """
    if sent is None or reaction is None or reaction < MIN_REACTION_MS:
        return 0
    return max(0, min(CREDIT_CAP_MS, arrival - sent - reaction))


def first_sent(turn: Turn, public: int) -> int | None:
    """Game time at which a page was first sent the table of the player's version ``public``
    (or of a later one): when the window that version opened could first be on its screen."""
    return (_marks(turn).filter(public__gte=public).order_by("public")
            .values_list("sent_ms", flat=True).first())


def note_sent(turn: Turn, shown: int | None = None) -> None:
    """Stamp the events the page is sent now with the game time, unless an earlier answer had them.

    ``shown``: the version the page showed before (its events were sent already). Kept in the
    event table, not in a process: any worker may answer the page, and another the tap.
    """
    row = turn.row
    version = turn.stored_public_of(turn.seat)
    low = max(shown or 0, version - SENT_SPAN)
    # The events this request's own save wrote were stamped by it (:func:`_stamp`).
    high = version if turn.stamped is None else min(version, turn.stamped)
    if high > low:
        model, where = _marked(turn)
        sql = rows.text(("note_sent", model, tuple(where)), lambda: (
            f"UPDATE {rows.table(model)} SET {rows.column(model, 'sent_ms')} = %s WHERE {rows.equal(model, where)} "
            f"AND {rows.column(model, 'public')} > %s AND {rows.column(model, 'public')} <= %s "
            f"AND {rows.column(model, 'sent_ms')} IS NULL"))
        rows.execute(sql, [game_now(row, turn.game), *where.values(), low, high])


def dated(turn: Turn, verb: str, action: str, now: int, reaction_ms: int | None) -> int:
    """The game time a fast action counts as made: its arrival ``now`` less the credit, never
    before the thing it answers began, never after it arrived.

    The kind says what the action answers (``GameKind.answered``): since when, the version that
    showed it, and optionally how long the page takes after receiving it to really show it (a
    card's flight onto the pile, which the server itself asks for). The page times the reaction
    from that moment, so the credit starts there: the flight is neither the player's reaction
    nor part of the capped credit for the network.
    """
    answered = turn.kind.answered(turn, verb, action)
    if answered is None or reaction_ms is None:
        return now
    began, public, *lead = answered
    sent = first_sent(turn, public)
    if sent is not None and lead:
        sent += lead[0]
    credit = credit_ms(now, sent, reaction_ms)
    return min(now, max(began, now - credit))


def act(turn: Turn, action: str, posted_version: int, now: int, reaction_ms: int | None = None) -> None:
    """The player's action at server time ``now``, if it was made on the current table.

    ``posted_version`` is the page's (public) version. Raises :class:`Stale` when something
    in the player's log happened since (a double click, a second tab), :class:`BadPost` for
    an impossible version, and :class:`IllegalAction` for a move the rules refuse; the game
    is then unchanged.

    A fast action (``GameKind.fast_actions``) is never stale because of others' moves: it is judged
    by the rules at the time it was made (:func:`dated`, from ``reaction_ms``), on the table as
    it stood then if no request has moved the game past that time, else as it stands. It is
    stale only when the player made the same fast action since the page was drawn.
    """
    game = turn.game
    seat = turn.seat
    if seat is None:
        raise BadPost   # a spectator has no seat to act for
    if posted_version < 0 or posted_version > turn.stored_public_of(seat):
        raise BadPost
    verb = action.split()[0] if action.split() else ""
    again = turn.kind.fast_actions.get(verb)
    if again is not None:
        # A double tap is a few events back at most: the last ones since the page's version will do.
        recent = visible_since(turn, posted_version, last=SENT_SPAN)
        if any(e["code"] in again and e.get("seat") == seat for e in recent) or any(
                t["seat"] == seat and t["action"].split()[0] == verb for t in turn.row.held_taps):
            raise Stale
        at = dated(turn, verb, action, now, reaction_ms)
        deliberate = catch_up(turn, at, tap=True)
        if not hold(turn, seat, action, at, now):
            events = game.apply(seat, action, turn.kind.fast_time(game, verb, at))
            _resume(turn, now)
            _after(turn, events)
        catch_up(turn, now, deliberate)
        return
    # The player's move comes after every bot reflex due before it: none is held back any longer.
    catch_up(turn, now, tap=True)
    if visible_since(turn, posted_version, last=1):
        raise Stale
    if action == turn.kind.go_on and (turn.row.hold or action not in game.legal_actions(seat)):
        # The summary's "go on" (or a second click on it): the bots go on once every person
        # has read the scores; never an engine move.
        if turn.row.hold:
            turn.row.ready |= 1 << seat
            turn.changed = True
            if not still_reading(turn):
                _resume(turn, now)
        return
    events = game.apply(seat, action, max(now, game.clock))
    _resume(turn, now)
    _after(turn, events)


def _resume(turn: Turn, now: int) -> None:
    """The player acted: a finished round's scores have been read, the bots go on."""
    if turn.row.hold:
        turn.row.hold = False
        turn.row.resume_ms = now
        turn.row.ready = 0


def still_reading(turn: Turn) -> list[int]:
    """At a table of several people, while a round's scores are held: the people who have not
    pressed "go on" yet, but for those the bots play for (one who left holds nobody up)."""
    if turn.people is None or not turn.row.hold:
        return []
    return [s for s in turn.people if s is not None and s not in (turn.bots or ())
            and not turn.row.ready >> s & 1]


def ready(turn: Turn, seat: int | None) -> bool:
    """Whether ``seat`` pressed "go on" at the scores now held."""
    return seat is not None and turn.row.hold and bool(turn.row.ready >> seat & 1)


def _wake(turn: Turn) -> int | None:
    """Game time at which something may next happen by itself (the row's ``wake_ms``)."""
    row, game = turn.row, turn.game
    if game.over:
        return None
    times = []
    deadline = game.next_deadline()
    if deadline is not None:
        times.append(deadline_due(turn, deadline))
    held = _first_held(turn)
    if held is not None:
        times.append(held_due(turn, held))
    if not row.hold:
        move = turn.plan()
        if move is not None:
            times.append(due(turn, move))
    return min(times) if times else None


def page_wake(turn: Turn) -> int | None:
    """Game time at which the page should ask again, from what the player may know is due:
    the kind's public deadlines (``GameKind.page_deadlines``: a window closing, …) and a bot's
    next deliberate move at its pace. Never a move nobody at the table could see coming (a
    bot's reflex or secret move): the page learns those when they happen."""
    row, game, kind = turn.row, turn.game, turn.kind
    if game.over or row.hold:
        return None
    times = list(kind.page_deadlines(game, turn.seat)) if turn.seat is not None else []
    move = turn.plan(deliberate_only=True)
    if move is not None:
        times.append(move.at)
    return min(times) if times else None


def _prepare(turn: Turn) -> list[PracticeEvent]:
    """Fill the row from the game and trim the game's log; returns the events to append."""
    row, game, kind = turn.row, turn.game, turn.kind
    public, rnd, records = turn.stored_public, turn.stored_round, []
    for index, event in enumerate(turn.fresh(), start=turn.stored):
        if event["code"] == "round_start":
            rnd = event["round"]
        seen = kind.noticed(event, HUMAN)
        public += seen
        records.append(PracticeEvent(game_id=row.pk, index=index, round=rnd, public=public if seen else None,
                                     shown=kind.visible(event, HUMAN) is not None,
                                     event=json.dumps(event, separators=(",", ":"))))
    if turn.people is None:
        _stamp(turn, records, turn.stored_public, public)
    row.version, row.public_version = game.log_length, public
    if turn.people is not None:
        turn.seat_records = _seat_records(turn)
        for memory in row.eyes.values():
            kind.forget(memory, game.clock)
    elif HUMAN in turn.memories:
        # The player's own memory (what the page shows as noticed): no bot plans from it, so
        # the plans kept on the turn (Turn.plan) still hold.
        kind.forget(turn.memories[HUMAN], game.clock)
    # The wake time first: planning the bots' next move may keep an expert's searched decision
    # in its memory, which the request that makes the move when it falls due then reads back.
    row.wake_ms = _wake(turn)
    row.memories = json.dumps(turn.memories, separators=(",", ":"))
    game.trim_log()
    row.state = game.to_json()
    turn.stored, turn.stored_public, turn.stored_round = row.version, public, rnd
    return records


def _seat_records(turn: Turn) -> list[SeatEvent]:
    """Every person's (and the spectators') marks on the fresh events, as their own page
    counts and shows them; their versions move on in ``row.publics``."""
    row, kind, records = turn.row, turn.kind, []
    for seat in turn.people:
        public, rnd = turn.stored_public_of(seat), turn.stored_round
        for index, event in enumerate(turn.fresh(), start=turn.stored):
            if event["code"] == "round_start":
                rnd = event["round"]
            noticed, seen = kind.noticed(event, seat), kind.visible(event, seat)
            public += noticed
            if noticed or seen is not None:
                records.append(SeatEvent(game_id=row.pk, seat=int(mark(seat)), index=index, round=rnd,
                                         public=public if noticed else None, shown=seen is not None,
                                         event=json.dumps(seen, separators=(",", ":")) if seen else ""))
        if seat == turn.seat:
            _stamp(turn, [r for r in records if r.seat == int(mark(seat))], turn.stored_public_of(seat), public)
        row.publics[mark(seat)] = public
    return records


def _stamp(turn: Turn, records: list, before: int, version: int) -> None:
    """A request that sends its seat the table right after this save: the seat's events it saves
    are stamped as sent now, as :func:`note_sent` would stamp them after rendering (the same
    ones: within the last SENT_SPAN), so that it need not write them again."""
    if not turn.sends:
        return
    now = game_now(turn.row, turn.game)
    for record in records:
        if record.public is not None and record.public > version - SENT_SPAN:
            record.sent_ms = now
    turn.stamped = before


def save(turn: Turn) -> bool:
    """Write the game back if nobody else did meanwhile; False means: reload and try again."""
    if not turn.changed:
        return True
    row, version = turn.row, turn.stored
    records = _prepare(turn)
    if turn.page is not None:
        row.answered = echo.mark(turn.page, mark(turn.seat), turn.public_version(), row.hold)
    with transaction.atomic():
        updated = rows.update(PracticeGame, {
            "state": row.state, "version": row.version, "public_version": row.public_version,
            "memories": row.memories, "wake_ms": row.wake_ms, "hold": row.hold, "resume_ms": row.resume_ms,
            "over": row.over, "ready": row.ready, "publics": row.publics, "eyes": row.eyes,
            "answered": row.answered, "held_taps": row.held_taps,
            # auto_now is the ORM's save(); the prune command reads `updated` as the last time played.
            "updated": timezone.now()},
            {"pk": row.pk, "version": version, "hold": turn.old_hold, "ready": turn.old_ready})
        if updated == 1:
            rows.insert(PracticeEvent, EVENT_FIELDS, records)
            if turn.people is not None:
                rows.insert(SeatEvent, ("seat", *EVENT_FIELDS), turn.seat_records)
            broker.notify(channel(row.pk), row.version)
    return updated == 1


# The columns an event's INSERT writes (a SeatEvent's, its seat too): all but the id.
EVENT_FIELDS = ("game", "index", "round", "public", "shown", "event", "sent_ms")
# The small row the poll and the stream read to tell "nothing new" (:func:`touch`, :func:`clock_at`).
SMALL_FIELDS = ("pk", "version", "public_version", "wake_ms", "started_ms", "seen_ms", "paused_ms", "away", "hold")


def read_row(game_id: str, owner: str | None = None) -> PracticeGame | None:
    """The whole row of ``game_id`` (of ``owner`` if given), or None: the ORM's
    ``filter(...).first()`` as one statement's text (:mod:`mogel.play.rows`)."""
    return rows.first(PracticeGame, {"pk": game_id} if owner is None else {"pk": game_id, "owner": owner})


def read_small(game_id: str, owner: str, kind: str, fields: tuple = SMALL_FIELDS) -> PracticeGame | None:
    """The small row a poll or a stream reads to tell "nothing new" (version, wake time,
    presence), the other fields deferred; None: no such game of ``kind`` for ``owner``."""
    return rows.first(PracticeGame, {"pk": game_id, "owner": owner, "kind": kind}, fields)


def run(game_id: str, owner: str, action: str | None = None, posted_version: int | None = None,
        attempts: int = 8, reaction_ms: int | None = None,
        kind: str | None = None, streaming: bool = False,
        showing: str | None = None, sends: bool = True,
        page: str | None = None) -> tuple[Turn | None, Exception | None]:
    """Load, catch up, maybe act, save; retried on a concurrent write.

    Returns ``(turn, refusal)``: turn None means no such game for this owner (of this ``kind``
    if given, or of a kind no longer registered); a refusal
    (:class:`Stale`, :class:`BadPost`, :class:`IllegalAction`, :class:`CountingIn`) leaves the
    player's move undone, while what the bots and the clock did meanwhile is still saved.
    ``streaming``: asked by the page's open stream, which counts as contact only while the page
    is shown: it never ends a pause the page asked for (``away``: only the page itself does).
    ``showing``: the page's token of its current showing (see :func:`still_away`).
    ``sends``: the caller answers with the player's table whenever the player's version moved
    (the game page, its poll, its moves, its stream all do), so the save stamps the events it
    writes as sent (:attr:`Turn.sends`). ``page``: the page the caller answers with the table
    (:attr:`Turn.page`).
    """
    for _ in range(attempts):
        row = read_row(game_id, owner)
        if row is None or (kind is not None and row.kind != kind) or not registered(row.kind):
            return None, None
        turn = load(row)
        turn.sends, turn.page = sends, page
        if not still_away(row, showing, streaming) and not contact(turn, wall_ms()):
            continue
        now = game_now(row, turn.game)
        refusal = None
        if action is None:
            catch_up(turn, now)
        else:
            try:
                if count_in_left(row):
                    raise CountingIn
                act(turn, action, posted_version, now, reaction_ms)
            except (Stale, BadPost, IllegalAction, CountingIn) as error:
                refusal = error
        if save(turn):
            return turn, refusal
    raise RuntimeError("too many concurrent writes")
