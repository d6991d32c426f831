"""Numbering a final ranking as a family counts places."""

from __future__ import annotations

from collections.abc import Iterator


def placed(ranking: list[list[int]]) -> Iterator[tuple[int, int]]:
    """``(place, seat)`` for an engine's ``ranking()`` (seats grouped by place, ties together).

    Seats that tie share a place and the next seat's place counts everyone ahead of it:
    [[0], [1, 2, 3, 4], [5]] gives places 1, 2, 2, 2, 2, 6 – not 1, 2, 2, 2, 2, 3.
    """
    ahead = 0
    for seats in ranking:
        for seat in seats:
            yield ahead + 1, seat
        ahead += len(seats)
