import pytest

from games.mogel_motte.engine import Game


def position(hands, discard, draw=(), guard=0, turn=None, **extra):
    """A game at an exact position: hands per seat, discard and draw piles with the top last."""
    scenario = {"players": len(hands), "hands": [list(h) for h in hands], "discard": list(discard),
                "draw": list(draw), "guard": guard, "turn": guard if turn is None else turn, **extra}
    return Game.from_scenario(scenario, seed=extra.pop("seed", 0) if "seed" in extra else 0)


@pytest.fixture
def make():
    return position
