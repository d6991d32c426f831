"""A practice game watched again, step by step, from its stored events: for every game kind.

The row keeps the game as dealt (``start_state``) and every event (``PracticeEvent``); the
kind's ``replayer`` (the engine's ``step``) plays them again one move at a time
(``mogel.core.replay.moves``), checking each against the stored one. A step is the game
after one move; step 0 is the game as dealt.

Who sees what: while the game is unfinished only someone playing it may watch, from their
own seat (the practice game's owner from HUMAN, a friends' table's person from theirs, a
spectator from no seat: public events only), and the steps are only the moves that seat saw
(a bot's secret move is no step, so even the count of steps says nothing the seat could not
see). Once it is over every move is a step, every event is told in full and every hand is
shown, to the players and to anyone holding the replay's token.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from mogel import games
from mogel.core.replay import moves

from . import service
from .models import PracticeGame

HUMAN = service.HUMAN


class NoReplay(Exception):
    """The stored events do not replay (a row older than replays whose start is lost, a changed engine)."""


@dataclass
class Replay:
    """One step of a game's replay: ``game`` is the engine's game after that step's move."""
    row: PracticeGame
    kind: games.GameKind
    everyone: bool
    step: int
    last: int
    game: object
    # The events of this step's move (as logged, private parts included), and the log's length after it.
    events: list = field(default_factory=list)
    end: int = 0
    # (round number, its first step) for the round list.
    rounds: list = field(default_factory=list)
    # Whether a round or game ended in this step's move (the kind's hold_after), or the game is over.
    scores: bool = False
    # Watched through the shared link (not the owner's page).
    shared: bool = False
    # The seat whose table is drawn and whose events count (None: a spectator's, public only).
    seat: int | None = HUMAN


def start_of(row: PracticeGame, kind: games.GameKind):
    """The game as dealt: the row's own copy, or for a row older than replays, dealt again from
    the seed the game keeps, its players and the lobby's choices."""
    if row.start_state:
        return kind.from_json(row.start_state)
    now = kind.from_json(row.state)
    seed = getattr(now, "seed", None)
    if seed is None:
        raise NoReplay
    return service.new_game(kind, now.players, seed, row.choices, row.tempo)


def _counts(kind, events: list[dict], everyone: bool, seat: int | None) -> bool:
    """Whether a move's events make a step: every move once the game is over, else only what the seat saw."""
    return everyone or any(kind.visible(e, seat) is not None for e in events)


def at_step(row: PracticeGame, kind: games.GameKind, step: int, everyone: bool,
            seat: int | None = HUMAN) -> Replay | None:
    """The replay at ``step`` from ``seat`` (None: a spectator), None when it has no such step.
    Raises :class:`NoReplay`."""
    events = row.stored_log()
    try:
        game = start_of(row, kind)
        done = game.log_length
        found = Replay(row, kind, everyone, step, 0, kind.from_json(game.to_json()), events[:done], done, seat=seat)
        found.rounds = _rounds(events[:done], 0)
        count = 0
        for game in moves(game, events, kind.replayer):
            move = events[done:game.log_length]
            done = game.log_length
            if not _counts(kind, move, everyone, seat):
                continue
            count += 1
            found.rounds += _rounds(move, count)
            if count == step:
                found.game, found.events, found.end = kind.from_json(game.to_json()), move, done
    except ValueError as error:
        raise NoReplay from error
    if step > count:
        return None
    found.last = count
    found.scores = found.game.over or any(e["code"] in kind.hold_after for e in found.events)
    return found


def _rounds(events: list[dict], step: int) -> list[tuple[int, int]]:
    return [(e["round"], step) for e in events if e["code"] == "round_start"]


def shown_events(replay: Replay) -> list[dict]:
    """The step's events as the viewer may know them: in full once the game is over, else as their seat saw them."""
    if replay.everyone:
        return list(replay.events)
    return [e for e in (replay.kind.visible(e, replay.seat) for e in replay.events) if e is not None]


def view_of(replay: Replay) -> dict:
    """The seat's view of the game at the step; a spectator's has no hand at all."""
    if replay.seat is None:
        return replay.kind.onlooker_view(replay.game)
    return replay.game.view(replay.seat)


def token_of(row: PracticeGame) -> str:
    """The finished game's replay token, made the first time it is asked for (once: the first writer wins)."""
    if not row.replay_token:
        PracticeGame.objects.filter(pk=row.pk, replay_token__isnull=True).update(
            replay_token=secrets.token_urlsafe(16))
        row.replay_token = PracticeGame.objects.values_list("replay_token", flat=True).get(pk=row.pk)
    return row.replay_token


def frozen_turn(replay: Replay) -> service.Turn:
    """A ``Turn`` for the kind's ``table`` hook at the step: a copy of the row whose clock stands
    still at the step's game time (the page left at that moment), nothing held, no memories."""
    row, game = replay.row, replay.game
    still = PracticeGame(pk=row.pk, kind=row.kind, owner="", level=row.level, pace=row.pace, tempo=row.tempo,
                         player_name=row.player_name, language=row.language, choices=row.choices,
                         started_ms=0, paused_ms=0, seen_ms=game.clock, away=True, hold=False, over=game.over)
    return service.Turn(still, game, {}, stored=game.log_length, stored_public=0, stored_round=game.round,
                        old_hold=False, kind=replay.kind, seat=replay.seat)
