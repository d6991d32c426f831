import random

import pytest

from games.mogelei.engine import Game, IllegalAction
from games.mogelei.engine.simulate import random_step


def position(hands, caller=0, colour=None, **extra):
    """A game at an exact position: a hand per seat, the round's caller, maybe its colour called."""
    scenario = {"players": len(hands), "hands": [list(h) for h in hands], "caller": caller, "colour": colour, **extra}
    return Game.from_scenario(scenario)


def play(game, *moves):
    """Apply ``(seat, action)`` moves one millisecond apart; returns every event they logged."""
    mark = game.log_length
    for seat, action in moves:
        game.apply(seat, action, game.clock + 1)
    return game.log[mark - game.log_base:]


def lay_all(game, cards):
    """Every seat lays its card of ``cards`` (one per seat, in seat order)."""
    return play(game, *((seat, f"lay {card}") for seat, card in enumerate(cards)))


def codes(events):
    return [e["code"] for e in events]


def refused(game, seat, action):
    """Assert the engine refuses ``action`` and leaves the game untouched; return the refusal code."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as error:
        game.apply(seat, action, game.clock + 1)
    assert game.to_json() == before, "a refused action changes nothing"
    return error.value.code


def random_position(players, seed, steps):
    """A one-game match after up to ``steps`` random legal actions."""
    game = Game.new(players, seed, games=1)
    rng = random.Random(seed)
    for _ in range(steps):
        if random_step(game, rng) is None:
            break
    return game
