"""The public moves in a batch of events, for the browser to animate (``table/motion.js``).

A move is ``{"kind", "from", "to", "card"}``: ``from``/``to`` are a seat number, ``"draw"``
or ``"discard"`` (the piles), or None; ``card`` is there only when the viewer may see it
(played and raced cards, what the ant takes from the discard pile, a card the viewer drew or
was given). Each event is filtered with :func:`games.mogel_motte.table.events.visible` here again, so a
caller that passes the engine's raw log still never sends another seat's private card, nor
anything of a cheat the viewer cannot see.

Kinds that move a card: play, race (seat → discard), draw (draw pile → seat), ant (discard →
seat), gift (spider), hand (mosquito hand-over), penalty (the guard's card), reshuffle
(discard → draw). Kinds that move no card but are seen (and heard): guard (the Guard Bug
flies to its new owner), mosquito, cockroach, slap, slowest, caught, wrong, keep, round_end.

The played card that opens a mosquito or cockroach window carries ``land``: the ms its flight
takes until it is on the pile (the engine's ``land_ms``, :data:`LAND_MS` in the practice game).
The window counts from that landing, for the bots as for the player: the page starts the
window's countdown and times the player's reaction from it (``mogel_motte/reflex.js``).
"""

from __future__ import annotations

from .events import visible

MAX_MOVES = 8
# How long a played card flies onto the pile at the table (motion.js: the seat lights up, then
# the card flies; its LEAD and FLY). A window counts from the landing (the engine's land_ms).
LAND_MS = 600

# event code -> (kind, where the card comes from, where it goes); "seat"/"to" name the event's fields.
_CARDS = {
    "played": ("play", "seat", "discard"),
    "raced": ("race", "seat", "discard"),
    "drew": ("draw", "draw", "seat"),
    "ant_drew": ("draw", "draw", "seat"),
    "ant_took": ("ant", "discard", "seat"),
    "spider_gave": ("gift", "seat", "to"),
    "handed": ("hand", "seat", "to"),
    "penalty": ("penalty", "seat", "to"),
    "reshuffled": ("reshuffle", "discard", "draw"),
}
# event code -> kind, for what is seen at a seat without a card moving.
_SIGNS = {
    "mosquito_open": "mosquito", "cockroach_open": "cockroach", "slapped": "slap",
    "mosquito_slowest": "slowest", "spider_kept": "keep", "round_end": "round_end",
}


def _place(event: dict, where: str):
    return event.get(where) if where in ("seat", "to") else where


def moves(events, me: int | None, limit: int = MAX_MOVES) -> list[dict]:
    """The moves in ``events`` (oldest first) as ``me`` may see them; the last ``limit`` only.

    A page that fell behind (a tab in the background) gets the latest moves, not a long replay.
    """
    out: list[dict] = []
    guard = None  # who held the Guard Bug: the seat that caught, then handed the penalty card
    for raw in events:
        event = visible(raw, me)
        if event is None:
            continue
        code = event.get("code")
        move = None
        if code in _CARDS:
            kind, source, target = _CARDS[code]
            move = {"kind": kind, "from": _place(event, source), "to": _place(event, target)}
            if event.get("card") and code != "reshuffled":
                move["card"] = event["card"]
        elif code in _SIGNS:
            move = {"kind": _SIGNS[code], "from": event.get("seat"), "to": None}
            if "landed" in event and out and out[-1]["kind"] == "play":
                out[-1]["land"] = event["landed"] - event["t"]
            if code == "round_end":
                move["from"] = event.get("out")
        elif code == "caught":
            guard = event.get("seat")
            move = {"kind": "caught", "from": guard, "to": event.get("accused")}
        elif code == "wrong_accusation":
            move = {"kind": "wrong", "from": event.get("seat"), "to": event.get("accused")}
        elif code == "guard_moved":
            move = {"kind": "guard", "from": guard, "to": event.get("seat")}
        if code == "penalty":
            guard = event.get("seat")
        if move is not None:
            out.append(move)
    return out[-limit:] if limit else out
