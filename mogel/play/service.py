"""Loading, advancing and saving a practice game: no process memory, no background worker.

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

from mogel.engine import Game, IllegalAction
from mogel.table import tells
from mogel.table.events import noticed, visible
# Mogel Motte's windows and first guard, read here by the lessons and older callers.
from mogel.table.kind import first_guard_seat, window_options  # noqa: F401
from mogel.table.kind import _window_opened_at

from mogel.table import bots
from .models import PracticeEvent, PracticeGame

HUMAN = 0
MAX_STEPS = 400

# Fast actions (slap, race, Caught!) are judged by the rules at the time they were made, never
# refused because something else happened since the page was drawn. The same one again since
# the page was drawn is a double tap (a second Caught! would cost a second card): that is refused.
REFLEXES = ("slap", "race", "catch")
_OWN_AGAIN = {"slap": ("slapped",), "race": ("raced",), "catch": ("caught", "wrong_accusation")}
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


class Stale(Exception):
    """The player acted on a table that has changed since."""


class BadPost(Exception):
    """A post the page never sends (missing or impossible version)."""


@dataclass
class Turn:
    """One request's work on one game.

    ``stored``, ``stored_public`` and ``stored_round``: the row's version and public
    version and the round of its last event as in the database; the events after
    ``stored`` are only in ``game.log`` until :func:`save` writes them.
    """
    row: PracticeGame
    game: Game
    memories: dict
    stored: int
    stored_public: int
    stored_round: int
    old_hold: bool
    changed: bool = False
    events: list = field(default_factory=list)

    def fresh(self) -> list[dict]:
        """The events logged since the row was read (or last saved)."""
        return self.game.log[self.stored - self.game.log_base:]

    def public_version(self) -> int:
        """The player's version now: the events the player's seat can notice, counted."""
        return self.stored_public + sum(1 for e in self.fresh() if noticed(e, HUMAN))


def _new_game(players: int, seed: int, ant_pile: str, rounds: str, first_guard: str = "me") -> Game:
    """A dealt game; or, for tests only, the position in ``settings.MOGEL_PLAY_SCENARIO``.

    The scenario is a ``Game.from_scenario`` dict (its player count wins over the lobby's);
    the window lengths still come from the settings. Browser tests use it to start from a
    known hand, who is guard, and so on; production never sets it.
    """
    scenario = getattr(settings, "MOGEL_PLAY_SCENARIO", None)
    if scenario:
        options = {"ant_pile": ant_pile, "rounds": rounds, **window_options(), **scenario.get("options", {})}
        return Game.from_scenario({**scenario, "options": options}, seed=seed)
    return Game.new(players, seed, ant_pile=ant_pile, rounds=rounds,
                    first_guard=first_guard_seat(first_guard, players, seed), **window_options())


def watch(turn: Turn) -> None:
    """The human's eyes: note hands that shrank without a logged reason (see mogel.table.tells).

    Kept in ``memories[HUMAN]`` (the bots' memories are keyed by their own seats).
    """
    tells.watch(turn.game.view(HUMAN), turn.memories.setdefault(HUMAN, {}), turn.public_version())


def create(owner: str, players: int, level: str, ant_pile: str, rounds: str, player_name: str,
           first_guard: str = "me", pace: str = "normal") -> PracticeGame:
    seed = getattr(settings, "MOGEL_PLAY_SEED", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 62)
    game = _new_game(players, int(seed), ant_pile, rounds, first_guard)
    row = PracticeGame(owner=owner, started_ms=wall_ms(), level=level, player_name=player_name,
                       pace=pace, first_guard=first_guard)
    turn = Turn(row, game, {}, stored=0, stored_public=0, stored_round=game.round, old_hold=False, changed=True)
    bots.observe(game, level, turn.memories, row.pace)
    watch(turn)
    records = _prepare(turn)
    with transaction.atomic():
        row.save(force_insert=True)
        PracticeEvent.objects.bulk_create(records)
    return row


def load(row: PracticeGame) -> Turn:
    game = Game.from_json(row.state)
    memories = {int(k): v for k, v in json.loads(row.memories or "{}").items()}
    return Turn(row, game, memories, row.version, row.public_version, game.round, row.hold)


def game_now(row: PracticeGame, game: Game) -> int:
    """The game's millisecond clock from server time; it never runs backwards."""
    return max(wall_ms() - row.started_ms, game.clock)


def _after(turn: Turn, events: list) -> None:
    turn.changed = True
    turn.events.extend(events)
    bots.observe(turn.game, turn.row.level, turn.memories, turn.row.pace)
    watch(turn)
    if any(e["code"] == "round_end" for e in events) and not turn.game.over:
        turn.row.hold = True
    if turn.game.over:
        turn.row.over = True
        turn.row.hold = False


def catch_up(turn: Turn, now: int, deliberate: bool = False) -> bool:
    """Close the windows and make the bot moves that were due by ``now``, in time order.

    At most one deliberate bot move (play, draw, gift, hand-over) per request, so that a
    returning player never sees several moves jump at once; reflexes (slaps, races,
    Caught!) and closing windows are not limited. ``deliberate``: one was made already in
    this request. Returns whether one has been made.
    """
    game, row = turn.game, turn.row
    for _ in range(MAX_STEPS):
        if game.over or row.hold:
            break
        move = bots.plan(game, row.level, turn.memories, row.resume_ms, pace=row.pace)
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now and (move is None or deadline <= move.at):
            _after(turn, game.advance(deadline))
            continue
        if move is not None and move.at <= now:
            reflex = bots.is_reflex(game, move.action)
            if not reflex and deliberate:
                return deliberate
            _after(turn, game.apply(move.seat, move.action, move.at))
            deliberate = deliberate or not reflex
            continue
        break
    if not game.over and game.clock < now:
        game.advance(now)
    return deliberate


def _shown(texts) -> list[dict]:
    return [visible(json.loads(text), HUMAN) for text in texts]


def visible_since(turn: Turn, public: int, last: int | None = None) -> list[dict]:
    """The events in the player's log after the player's version ``public``, oldest first
    (only the ``last`` ones if given). The stored ones come from the event table."""
    fresh = [e for e in (visible(e, HUMAN) for e in turn.fresh()) if e]
    wanted = None if last is None else last - len(fresh)
    stored = []
    if public < turn.stored_public and (wanted is None or wanted > 0):
        query = (PracticeEvent.objects.filter(game_id=turn.row.pk, shown=True, public__gt=public,
                                              index__lt=turn.stored)
                 .order_by("-index").values_list("event", flat=True))
        stored = _shown(reversed(query[:wanted] if wanted else query))
    found = stored + fresh
    return found[-last:] if last else found


def recent_log(turn: Turn, last: int) -> list[tuple[int, int, dict]]:
    """The last ``last`` saved events of the player's log: (round, the player's version after it, event)."""
    query = (PracticeEvent.objects.filter(game_id=turn.row.pk, shown=True).order_by("-index")
             .values_list("round", "public", "event"))[:last]
    return [(round_no, public, visible(json.loads(text), HUMAN)) for round_no, public, text in reversed(query)]


def last_round_log(turn: Turn) -> list[dict]:
    """The previous round's events as the player sees them (the current round's are in ``view``)."""
    if not turn.game.history:
        return []
    query = (PracticeEvent.objects.filter(game_id=turn.row.pk, round=turn.game.history[-1]["round"], shown=True)
             .order_by("index").values_list("event", flat=True))
    return _shown(query)


def _public_after(turn: Turn, index: int) -> int:
    """The player's version right after the event at log index ``index`` (one the game still holds)."""
    game = turn.game
    return turn.public_version() - sum(1 for e in game.log[index + 1 - game.log_base:] if noticed(e, HUMAN))


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
    return (PracticeEvent.objects.filter(game_id=turn.row.pk, public__gte=public).order_by("public")
            .values_list("sent_ms", flat=True).first())


def note_sent(turn: Turn, shown: int | None = None) -> None:
    """Stamp the events the page is sent now with the game time, unless an earlier answer had them.

    ``shown``: the version the page showed before (its events were sent already). Kept in the
    event table, not in a process: any worker may answer the page, and another the tap.
    """
    row = turn.row
    low = max(shown or 0, row.public_version - SENT_SPAN)
    if row.public_version > low:
        PracticeEvent.objects.filter(game_id=row.pk, public__gt=low, public__lte=row.public_version,
                                     sent_ms__isnull=True).update(sent_ms=game_now(row, turn.game))


def _answered(turn: Turn, verb: str, action: str) -> tuple[int, int] | None:
    """What a fast action answers, as (game time it began, the player's version that first showed
    it): the open mosquito or cockroach window, or for Caught! the tell on the accused seat."""
    game = turn.game
    if verb in ("slap", "race"):
        index = _window_opened_at(game)
        if index is None or game.window["kind"] != ("mosquito" if verb == "slap" else "cockroach"):
            return None
        return game.log[index - game.log_base]["t"], _public_after(turn, index)
    seat = action.split()[1:2]
    tell = (turn.memories.get(HUMAN, {}).get("tells") or {}).get(seat[0] if seat else "")
    if tell is None:
        return None
    return tell["since"], tell["n"]


def dated(turn: Turn, verb: str, action: str, now: int, reaction_ms: int | None) -> int:
    """The game time a fast action counts as made: its arrival ``now`` less the credit, never
    before the thing it answers began, never after it arrived."""
    answered = _answered(turn, verb, action)
    if answered is None or reaction_ms is None:
        return now
    began, public = answered
    credit = credit_ms(now, first_sent(turn, public), reaction_ms)
    return min(now, max(began, now - credit))


def act(turn: Turn, action: str, posted_version: int, now: int, reaction_ms: int | None = None) -> None:
    """The player's action at server time ``now``, if it was made on the current table.

    ``posted_version`` is the page's (public) version. Raises :class:`Stale` when something
    in the player's log happened since (a double click, a second tab), :class:`BadPost` for
    an impossible version, and :class:`IllegalAction` for a move the rules refuse; the game
    is then unchanged.

    A fast action (slap, race, Caught!) is never stale because of others' moves: it is judged
    by the rules at the time it was made (:func:`dated`, from ``reaction_ms``), on the table as
    it stood then if no request has moved the game past that time, else as it stands. It is
    stale only when the player made the same fast action since the page was drawn.
    """
    game = turn.game
    if posted_version < 0 or posted_version > turn.stored_public:
        raise BadPost
    verb = action.split()[0] if action.split() else ""
    if verb in REFLEXES:
        again = _OWN_AGAIN[verb]
        # A double tap is a few events back at most: the last ones since the page's version will do.
        recent = visible_since(turn, posted_version, last=SENT_SPAN)
        if any(e["code"] in again and e.get("seat") == HUMAN for e in recent):
            raise Stale
        at = dated(turn, verb, action, now, reaction_ms)
        deliberate = catch_up(turn, at)
        # A slap may be dated before what others did meanwhile (the engine places it among
        # the slaps by its time); anything else happens no earlier than the game's clock.
        events = game.apply(HUMAN, action, at if verb == "slap" else max(at, game.clock))
        _resume(turn, now)
        _after(turn, events)
        catch_up(turn, now, deliberate)
        return
    catch_up(turn, now)
    if visible_since(turn, posted_version, last=1):
        raise Stale
    if verb == "continue":
        if turn.row.hold:
            _resume(turn, now)
            turn.changed = True
        return
    events = game.apply(HUMAN, action, max(now, game.clock))
    _resume(turn, now)
    _after(turn, events)


def _resume(turn: Turn, now: int) -> None:
    """The player acted: a finished round's scores have been read, the bots go on."""
    if turn.row.hold:
        turn.row.hold = False
        turn.row.resume_ms = now


def _wake(row: PracticeGame, game: Game, memories: dict) -> int | None:
    if game.over:
        return None
    times = []
    deadline = game.next_deadline()
    if deadline is not None:
        times.append(deadline)
    if not row.hold:
        move = bots.plan(game, row.level, memories, row.resume_ms, pace=row.pace)
        if move is not None:
            times.append(move.at)
    return min(times) if times else None


def page_wake(turn: Turn) -> int | None:
    """Game time at which the page should ask again, from what the player may know is due:
    a window closing, the player's own cheat getting away, a bot's next play, draw, gift or
    hand-over at its pace. Never a bot's race, slap, cheat or Caught!, nor its cheat getting
    away: the page learns those when they happen, like everyone at the table."""
    row, game = turn.row, turn.game
    if game.over or row.hold:
        return None
    times = []
    if game.settling is None:
        if game.window is not None:
            times.append(game.window["closes"])
        if HUMAN in game.acts:
            times.append(game.acts[HUMAN]["until"])
    move = bots.plan(game, row.level, turn.memories, row.resume_ms, deliberate_only=True, pace=row.pace)
    if move is not None:
        times.append(move.at)
    return min(times) if times else None


def _prepare(turn: Turn) -> list[PracticeEvent]:
    """Fill the row from the game and trim the game's log; returns the events to append."""
    row, game = turn.row, turn.game
    public, rnd, records = turn.stored_public, turn.stored_round, []
    for index, event in enumerate(turn.fresh(), start=turn.stored):
        if event["code"] == "round_start":
            rnd = event["round"]
        seen = noticed(event, HUMAN)
        public += seen
        records.append(PracticeEvent(game_id=row.pk, index=index, round=rnd, public=public if seen else None,
                                     shown=visible(event, HUMAN) is not None,
                                     event=json.dumps(event, separators=(",", ":"))))
    row.version, row.public_version = game.log_length, public
    tells.prune(turn.memories.get(HUMAN, {}), game.clock)
    row.memories = json.dumps(turn.memories, separators=(",", ":"))
    row.wake_ms = _wake(row, game, turn.memories)
    game.trim_log()
    row.state = game.to_json()
    turn.stored, turn.stored_public, turn.stored_round = row.version, public, rnd
    return records


def save(turn: Turn) -> bool:
    """Write the game back if nobody else did meanwhile; False means: reload and try again."""
    if not turn.changed:
        return True
    row, version = turn.row, turn.stored
    records = _prepare(turn)
    with transaction.atomic():
        updated = PracticeGame.objects.filter(pk=row.pk, version=version, hold=turn.old_hold).update(
            state=row.state, version=row.version, public_version=row.public_version, memories=row.memories,
            wake_ms=row.wake_ms, hold=row.hold, resume_ms=row.resume_ms, over=row.over,
            # update() skips auto_now; the prune command reads `updated` as the last time played.
            updated=timezone.now())
        if updated == 1:
            PracticeEvent.objects.bulk_create(records)
    return updated == 1


def run(game_id: str, owner: str, action: str | None = None, posted_version: int | None = None,
        attempts: int = 8, reaction_ms: int | None = None) -> tuple[Turn | None, Exception | None]:
    """Load, catch up, maybe act, save; retried on a concurrent write.

    Returns ``(turn, refusal)``: turn None means no such game for this owner; a refusal
    (:class:`Stale`, :class:`BadPost`, :class:`IllegalAction`) leaves the player's move
    undone, while what the bots and the clock did meanwhile is still saved.
    """
    for _ in range(attempts):
        row = PracticeGame.objects.filter(pk=game_id, owner=owner).first()
        if row is None:
            return None, None
        turn = load(row)
        now = game_now(row, turn.game)
        refusal = None
        if action is None:
            catch_up(turn, now)
        else:
            try:
                act(turn, action, posted_version, now, reaction_ms)
            except (Stale, BadPost, IllegalAction) as error:
                refusal = error
        if save(turn):
            return turn, refusal
    raise RuntimeError("too many concurrent writes")
