"""The public moves in a batch of Mogelei events, for the page to animate (``mogelei/motion.js``).

A move is ``{"kind", "seat", ...}`` with the seat that acts:

* ``lay``: a card flies face down from the seat to its stack (never with the card, not even
  the viewer's own: the stack shows it once it lands);
* ``reveal``: the seat's top card flips face up (``card``);
* ``accuse``: the accuser points at ``target``, whose top card flips (``card``, ``right``);
* ``turn_up``: the last pass's hidden cards flip (``cards``: seat → card);
* ``reward``: the reward card flies from the stack in the middle to the seat (the fattest egg);
* ``collect``: every stack of the round flies to the seat that collects it (face down);
* ``turn``: another seat is on turn (a highlight).

``sound`` names the cue a move plays when sound is on: ``caught`` (caught bluffing),
``celebrate`` (the fattest egg), ``round`` (the round's end); "your turn" is the shared one.
Every event is filtered with :func:`mogel.core.eventlog.seen_by` again, so a caller passing raw
log entries still never sends a card the viewer may not see.
"""

from __future__ import annotations

from mogel.core.eventlog import seen_by as visible

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
        # The round's last move, and its sound: a round's end is at most four moves long
        # (accuse, turn_up, reward, collect), all of which the shared queue keeps.
        return {"kind": "collect", "seat": seat, "count": event.get("count"), "sound": "round"}
    if code == "on_turn" and seat != me:
        # The player's own turn is seen and heard by the shared "your turn" (table/motion.js).
        return {"kind": "turn", "seat": seat}
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
