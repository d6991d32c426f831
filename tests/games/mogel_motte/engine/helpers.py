import pytest

from games.mogel_motte.engine import IllegalAction


def refused(game, seat, action, at):
    """Assert the engine refuses ``action`` and leaves the game untouched; return the refusal code."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as error:
        game.apply(seat, action, at)
    assert game.to_json() == before, "a refused action changes nothing"
    return error.value.code
