"""The public moves in a batch of Mogelei events, for the page to animate (``mogelei/motion.js``).

A move is ``{"kind", "seat", ...}`` with the seat that acts:

* ``lay``: a card flies face down from the seat to its stack (never with the card, not even
  the viewer's own: the stack shows it once it lands);
* ``reveal``: the seat's top card flips face up (``card``);
* ``accuse``: the accuser points at ``target``, whose top card flips (``card``, ``right``);
* ``turn_up``: the last pass's hidden cards flip (``cards``: seat → card);
* ``reward``: the reward card flies from the stack in the middle to the seat (the fattest egg);
* ``collect``: every stack of the round flies to the seat that collects it (face down);
* ``turn``: the seat is on turn (a highlight); ``round_end``.

``sound`` names the cue a move plays when sound is on (``turn``, ``caught``, ``celebrate`` for the fattest egg,
``round``). Every event is filtered with :func:`mogel.table.events.visible` again, so a
caller passing raw log entries still never sends a card the viewer may not see.
"""

from __future__ import annotations

from mogel.table.events import visible

MAX_MOVES = 12


def _move(event: dict, me: int | None) -> dict | None:
    code, seat = event.get("code"), event.get("seat")
    if code == "laid":
        return {"kind": "lay", "seat": seat}
    if code == "revealed":
        return {"kind": "reveal", "seat": seat, "card": event.get("card")}
    if code == "accused":
        move = {"kind": "accuse", "seat": seat, "target": event.get("target"), "card": event.get("card"),
                "right": bool(event.get("right"))}
        if move["right"]:
            move["sound"] = "caught"
        return move
    if code == "turned_up":
        return {"kind": "turn_up", "cards": {str(s): c for s, c in (event.get("cards") or {}).items()}}
    if code == "fattest_egg":
        return {"kind": "reward", "seat": seat, "card": event.get("card"), "sound": "celebrate"}
    if code == "collected":
        return {"kind": "collect", "seat": seat, "count": event.get("count")}
    if code == "on_turn":
        return {"kind": "turn", "seat": seat, **({"sound": "turn"} if seat == me else {})}
    if code == "round_start" and event.get("caller") == me:
        return {"kind": "turn", "seat": me, "sound": "turn"}
    if code == "round_end":
        return {"kind": "round_end", "seat": event.get("collector"), "sound": "round"}
    return None


def moves(events, me: int | None, limit: int = MAX_MOVES) -> list[dict]:
    """The moves in ``events`` (oldest first) as ``me`` may see them; the last ``limit`` only."""
    out = []
    for raw in events:
        event = visible(raw, me)
        move = _move(event, me) if event is not None else None
        if move is not None:
            out.append(move)
    return out[-limit:] if limit else out
