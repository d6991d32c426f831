"""A hand that shrinks with nothing in the public log to explain it: someone cheated.

At a real table a watchful player sees a neighbour's hand get smaller while nobody
played. Bots (as guards) and the web table (for the human) both notice cheats this
way, from what one seat's ``view`` shows: hand sizes and the public log.
"""

from __future__ import annotations

# How each public event changes the hand sizes everyone can see.
_MINUS_ONE = ("played", "raced", "cheated")   # "cheated" is in the log only for the cheater itself
_PLUS_ONE = ("drew", "ant_took", "ant_drew")
_MOVES = ("spider_gave", "handed", "penalty")


def expected_sizes(sizes: list[int], events: list[dict]) -> list[int]:
    """The hand sizes after ``events`` if nobody cheated, starting from ``sizes``."""
    expected = list(sizes)
    for e in events:
        code = e["code"]
        if code in _MINUS_ONE:
            expected[e["seat"]] -= 1
        elif code in _PLUS_ONE:
            expected[e["seat"]] += 1
        elif code in _MOVES:
            expected[e["seat"]] -= 1
            expected[e["to"]] += 1
        elif code == "caught":
            expected[e["accused"]] += 1   # the cheated card is back in the hand
    return expected


def shrunk(sizes: list[int], expected: list[int], me: int) -> list[int]:
    """The other seats whose hand is smaller than the log explains."""
    return [seat for seat, (have, want) in enumerate(zip(sizes, expected)) if seat != me and have < want]


def log_read(view: dict, memory: dict) -> tuple[list[dict], int]:
    """The events of the view's log after position ``memory["log_n"]``, and the position after the last.

    Positions count this round's events as the seat sees them, from the round's start,
    so they hold when the game keeps only the end of its log (``view["log_start"]``).
    """
    start = view.get("log_start", 0)
    return view["log"][max(0, memory["log_n"] - start):], start + len(view["log"])
