"""Random legal play: the driver of the property tests and the benchmark."""

from __future__ import annotations

import random

from .game import Game


def random_step(game: Game, rng: random.Random, max_gap_ms: int = 1500) -> tuple[int, str] | None:
    """One seat the game waits for takes one of its legal actions at random, a random
    moment later; returns ``(seat, action)``, or None once the match is over."""
    if game.over:
        return None
    seat = rng.choice(game.expected())
    action = rng.choice(game.legal_actions(seat))
    game.apply(seat, action, game.clock + rng.randint(0, max_gap_ms))
    return seat, action


def random_game(players: int, seed: int, **options) -> tuple[Game, list[tuple[int, str, int]]]:
    """Play one whole match at random; returns it and its moves as ``(seat, action, at)``."""
    game = Game.new(players, seed, **options)
    rng = random.Random(seed)
    moves = []
    while (move := random_step(game, rng)) is not None:
        moves.append((*move, game.clock))
    return game, moves
