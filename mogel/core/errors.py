"""Why an engine refuses an action: a stable code for the web layer to translate, plus parameters.

Each game registers its own codes (code -> the anchor of the rules section that explains it)
with :func:`register`, which gives the game its own :class:`IllegalAction` subclass: it accepts
only that game's codes, so a misspelt code fails where it is raised. The platform catches
:class:`IllegalAction` without knowing any game; a game's table translates its own codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# Refusals of the platform itself, the same for every game: a game registers them with an
# anchor of its own rules (a stale tab, a forged post, a game that is over).
PLATFORM_CODES = ("malformed", "bad_seat", "time_backwards", "game_over")

_REGISTRY: dict[str, type[IllegalAction]] = {}


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game is left unchanged.

    ``code`` is one of the raising game's registered codes (:func:`register`); the web layer
    translates it (never this message, which is for developers and logs).
    """

    game: str = ""
    codes: Mapping[str, str] = MappingProxyType({})

    def __init__(self, code: str, message: str, **params: object) -> None:
        if code not in self.codes:
            raise LookupError(f"{code!r} is no refusal code of the game {self.game!r}")
        super().__init__(message)
        self.code = code
        self.params = params


def register(game: str, codes: Mapping[str, str]) -> type[IllegalAction]:
    """The game's own ``IllegalAction``, accepting ``codes`` (code -> rules anchor).

    ``codes`` must cover :data:`PLATFORM_CODES`. Registering a game again replaces its codes.
    """
    missing = set(PLATFORM_CODES) - set(codes)
    if missing:
        raise ValueError(f"{game}: the platform's refusals need an anchor: {sorted(missing)}")
    error = type("IllegalAction", (IllegalAction,), {
        "game": game, "codes": MappingProxyType(dict(codes)), "__module__": IllegalAction.__module__,
        "__qualname__": f"IllegalAction[{game}]"})
    _REGISTRY[game] = error
    return error


def codes(game: str) -> Mapping[str, str]:
    """The refusal codes ``game`` registered (code -> rules anchor); LookupError if none."""
    try:
        return _REGISTRY[game].codes
    except KeyError:
        raise LookupError(f"no refusal codes registered for {game!r}") from None
