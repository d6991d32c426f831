"""Loading, advancing and saving a practice game: no process memory, no background worker.

Every request for a game runs :func:`run`: load the row, let the bots and the windows catch
up with server time, maybe apply the player's action, and write the row back only if its
version is still the one read (optimistic locking), retrying otherwise. Any worker process
can serve any request, and a restarted server resumes each game exactly where it was.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction

from mogel.engine import Game, IllegalAction
from mogel.engine.game import DEFAULT_OPTIONS
from mogel.table import tells
from mogel.table.events import visible

from . import bots
from .models import PracticeGame

HUMAN = 0
MAX_STEPS = 400


def wall_ms() -> int:
    return int(time.time() * 1000)


def window_options() -> dict:
    return {
        "mosquito_ms": int(getattr(settings, "MOGEL_MOSQUITO_MS", DEFAULT_OPTIONS["mosquito_ms"])),
        "cockroach_ms": int(getattr(settings, "MOGEL_COCKROACH_MS", DEFAULT_OPTIONS["cockroach_ms"])),
        "act_ms": int(getattr(settings, "MOGEL_ACT_MS", DEFAULT_OPTIONS["act_ms"])),
    }


class Stale(Exception):
    """The player acted on a table that has changed since."""


class BadPost(Exception):
    """A post the page never sends (missing or impossible version)."""


@dataclass
class Turn:
    """One request's work on one game."""
    row: PracticeGame
    game: Game
    memories: dict
    old_version: int
    old_hold: bool
    changed: bool = False
    events: list = field(default_factory=list)


def _new_game(players: int, seed: int, ant_pile: str, rounds: str) -> Game:
    """A dealt game; or, for tests only, the position in ``settings.MOGEL_PLAY_SCENARIO``.

    The scenario is a ``Game.from_scenario`` dict (its player count wins over the lobby's);
    the window lengths still come from the settings. Browser tests use it to start from a
    known hand, who is guard, and so on; production never sets it.
    """
    scenario = getattr(settings, "MOGEL_PLAY_SCENARIO", None)
    if scenario:
        options = {"ant_pile": ant_pile, "rounds": rounds, **window_options(), **scenario.get("options", {})}
        return Game.from_scenario({**scenario, "options": options}, seed=seed)
    return Game.new(players, seed, ant_pile=ant_pile, rounds=rounds, **window_options())


def watch(game: Game, memories: dict) -> None:
    """The human's eyes: note hands that shrank without a logged reason (see mogel.table.tells).

    Kept in ``memories[HUMAN]`` (the bots' memories are keyed by their own seats).
    """
    tells.watch(game.view(HUMAN), memories.setdefault(HUMAN, {}), len(game.log))


def create(owner: str, players: int, level: str, ant_pile: str, rounds: str, player_name: str) -> PracticeGame:
    seed = getattr(settings, "MOGEL_PLAY_SEED", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 62)
    game = _new_game(players, int(seed), ant_pile, rounds)
    row = PracticeGame(owner=owner, state=game.to_json(), version=len(game.log), started_ms=wall_ms(),
                       level=level, player_name=player_name)
    memories: dict = {}
    bots.observe(game, level, memories)
    watch(game, memories)
    row.memories = json.dumps(memories)
    row.wake_ms = _wake(row, game, memories)
    row.save(force_insert=True)
    return row


def load(row: PracticeGame) -> Turn:
    game = Game.from_json(row.state)
    memories = {int(k): v for k, v in json.loads(row.memories or "{}").items()}
    return Turn(row, game, memories, row.version, row.hold)


def game_now(row: PracticeGame, game: Game) -> int:
    """The game's millisecond clock from server time; it never runs backwards."""
    return max(wall_ms() - row.started_ms, game.clock)


def _after(turn: Turn, events: list) -> None:
    turn.changed = True
    turn.events.extend(events)
    bots.observe(turn.game, turn.row.level, turn.memories)
    watch(turn.game, turn.memories)
    if any(e["code"] == "round_end" for e in events) and not turn.game.over:
        turn.row.hold = True
    if turn.game.over:
        turn.row.over = True
        turn.row.hold = False


def catch_up(turn: Turn, now: int) -> None:
    """Close the windows and make the bot moves that were due by ``now``, in time order.

    At most one deliberate bot move (play, draw, gift, hand-over) per request, so that a
    returning player never sees several moves jump at once; reflexes (slaps, races,
    Caught!) and closing windows are not limited.
    """
    game, row = turn.game, turn.row
    deliberate = False
    for _ in range(MAX_STEPS):
        if game.over or row.hold:
            break
        move = bots.plan(game, row.level, turn.memories, row.resume_ms)
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now and (move is None or deadline <= move.at):
            _after(turn, game.advance(deadline))
            continue
        if move is not None and move.at <= now:
            reflex = bots.is_reflex(game, move.action)
            if not reflex and deliberate:
                return
            _after(turn, game.apply(move.seat, move.action, move.at))
            deliberate = deliberate or not reflex
            continue
        break
    if not game.over and game.clock < now:
        game.advance(now)


def visible_since(game: Game, version: int, seat: int = HUMAN) -> list[dict]:
    """The events after ``version`` as ``seat`` sees them."""
    return [e for e in (visible(e, seat) for e in game.log[version:]) if e]


def last_round_log(game: Game, seat: int = HUMAN) -> list[dict]:
    """The previous round's events as ``seat`` sees them (the current round's are in ``view``)."""
    end = game.round_log_start
    start = next((i for i in range(end - 1, -1, -1) if game.log[i]["code"] == "round_start"), 0)
    return [e for e in (visible(e, seat) for e in game.log[start:end]) if e]


def _window_opened_at(game: Game) -> int | None:
    """Log index of the event that opened the current window."""
    if game.window is None:
        return None
    code = game.window["kind"] + "_open"
    for i in range(len(game.log) - 1, -1, -1):
        if game.log[i]["code"] == code:
            return i
    return None


def act(turn: Turn, action: str, posted_version: int, now: int) -> None:
    """The player's action at server time ``now``, if it was made on the current table.

    Raises :class:`Stale` when something the player can see happened since ``posted_version``
    (a double click, a second tab), :class:`BadPost` for an impossible version, and
    :class:`IllegalAction` for a move the rules refuse; the game is then unchanged.
    """
    game = turn.game
    if posted_version < 0 or posted_version > turn.old_version:
        raise BadPost
    catch_up(turn, now)
    since = posted_version
    verb = action.split()[0] if action.split() else ""
    if verb in ("slap", "race"):
        # Everything after the window opened belongs to the race: others slapping does
        # not make a slap stale, as long as the player saw the window open.
        opened = _window_opened_at(game)
        if opened is not None and posted_version > opened:
            since = len(game.log)
    if visible_since(game, since):
        raise Stale
    if verb == "continue":
        if turn.row.hold:
            turn.row.hold = False
            turn.row.resume_ms = now
            turn.changed = True
        return
    events = game.apply(HUMAN, action, max(now, game.clock))
    if turn.row.hold:
        turn.row.hold = False
        turn.row.resume_ms = now
    _after(turn, events)


def _wake(row: PracticeGame, game: Game, memories: dict) -> int | None:
    if game.over:
        return None
    times = []
    deadline = game.next_deadline()
    if deadline is not None:
        times.append(deadline)
    if not row.hold:
        move = bots.plan(game, row.level, memories, row.resume_ms)
        if move is not None:
            times.append(move.at)
    return min(times) if times else None


def save(turn: Turn) -> bool:
    """Write the game back if nobody else did meanwhile; False means: reload and try again."""
    if not turn.changed:
        return True
    row, game = turn.row, turn.game
    row.version = len(game.log)
    row.state = game.to_json()
    tells.prune(turn.memories.get(HUMAN, {}), game.clock)
    row.memories = json.dumps(turn.memories, separators=(",", ":"))
    row.wake_ms = _wake(row, game, turn.memories)
    with transaction.atomic():
        updated = PracticeGame.objects.filter(pk=row.pk, version=turn.old_version, hold=turn.old_hold).update(
            state=row.state, version=row.version, memories=row.memories, wake_ms=row.wake_ms,
            hold=row.hold, resume_ms=row.resume_ms, over=row.over)
    return updated == 1


def run(game_id: str, owner: str, action: str | None = None, posted_version: int | None = None,
        attempts: int = 8) -> tuple[Turn | None, Exception | None]:
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
                act(turn, action, posted_version, now)
            except (Stale, BadPost, IllegalAction) as error:
                refusal = error
        if save(turn):
            return turn, refusal
    raise RuntimeError("too many concurrent writes")
