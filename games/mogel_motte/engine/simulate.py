"""Random legal play at random times: the driver of the property tests and the benchmark."""

from __future__ import annotations

import random

from .bots import next_move, observe
from .game import Game

SIDE_VERBS = ("cheat", "catch")


def random_step(game: Game, rng: random.Random, side_rate: float = 0.05, max_gap_ms: int = 1500) -> bool:
    """Apply one random legal action at a random later time; False once the game is over.

    Cheats and Caught! calls are always allowed to someone, so they are picked only now
    and then (``side_rate``); otherwise one of the seats the game waits for acts. When
    nobody is owed an action (an open window nobody can use), time jumps to its close.
    """
    if game.over:
        return False
    now = game.clock + rng.randint(0, max_gap_ms)
    game.advance(now)
    if game.over:
        return False
    if rng.random() < side_rate:
        side = [(s, a) for s in range(game.players) for a in game.legal_actions(s) if a.startswith(SIDE_VERBS)]
        if side:
            seat, action = rng.choice(side)
            game.apply(seat, action, now)
            return not game.over
    waiting = game.expected()
    if not waiting:
        deadline = game.next_deadline()
        assert deadline is not None, "nobody can act and no window will close"
        game.advance(max(deadline, now))
        return not game.over
    seat = rng.choice(waiting)
    game.apply(seat, rng.choice(game.owed_actions(seat)), now)
    return not game.over


def random_game(players: int, seed: int, max_steps: int = 100_000, **options) -> tuple[Game, int]:
    """Play one whole game at random; returns the game and the number of actions and advances."""
    game = Game.new(players, seed, **options)
    rng = random.Random(seed)
    steps = 0
    while steps < max_steps and random_step(game, rng):
        steps += 1
    return game, steps


def window_with_person(game: Game, bots: dict, memories: dict, seed: int, action: str, at: int | None,
                       seat: int = 0) -> None:
    """Play the open window out: the bots as they choose, and the scripted person at ``seat`` doing
    ``action`` ("slap", "race 3") at game time ``at`` (None: not at all), unless the window has
    closed or been won before. The measure of the bots' reflexes against a person's speed
    (tests/games/mogel_motte/engine/test_bot_levels.py, bench/tempo.py)."""
    while game.window is not None:
        move = next_move(game, bots, memories, seed)
        if at is not None and at < game.window["closes"] and (move is None or move.at > at):
            game.apply(seat, action, at)
            at = None
        elif move is not None:
            game.apply(move.seat, move.action, move.at)
        else:
            game.advance(game.next_deadline())
        observe(game, bots, memories, seed)
