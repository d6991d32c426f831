"""The table's shell, shared by every game kind: the log's ticker, the live region's lines and
the moves motion.js animates, built from the kind's hooks (``describe``, ``moves``, ``card_art``).

``templates/play/table.html`` renders it around the kind's body (``GameKind.templates["body"]``).
A kind's ``table`` hook returns ``context(kind, view, names, shell)`` plus its body's values;
A game with a presenter of its own (shared by its lessons) uses :func:`log_lines` and
:func:`motion` itself.
"""

from __future__ import annotations

import json
from typing import Callable

from mogel.table.memo import per_language

# The table shows the latest lines only: a long round would otherwise be described and
# rendered again, line by line, on every move and poll.
LOG_LINES = 30


def log_lines(view: dict, names, me, describe: Callable) -> dict:
    """The latest lines of the seat's log (``log``) and how many there are in all (``log_total``)."""
    names = tuple(names)
    return {"log": [{"code": e["code"], "text": _line(describe, json.dumps(e, sort_keys=True), names, me)}
                    for e in view["log"][-LOG_LINES:]],
            "log_total": view.get("log_start", 0) + len(view["log"])}


@per_language(maxsize=16384)
def _line(describe: Callable, event: str, names: tuple, me) -> str:
    """One event's sentence in the log. An event never changes, and each stays in the table's
    last lines for up to LOG_LINES changes: described once per language, names and seat, not
    again at every change (``event`` is its JSON, the memo's key)."""
    return describe(json.loads(event), names, me)


def motion(moves: list[dict], face: Callable[[str], str]) -> dict:
    """The public moves to animate (``moves_json``, read by motion.js from ``data-moves``) and the
    faces of the cards they show (``face(card)``: its SVG)."""
    cards = list(dict.fromkeys(m["card"] for m in moves if m.get("card")))
    return {"moves": moves, "moves_json": json.dumps(moves, separators=(",", ":")),
            "move_faces": [{"card": c, "svg": face(c)} for c in cards]}


def context(kind, view: dict, names, shell: dict) -> dict:
    """What the shell template needs, for a kind without a presenter of its own to build it."""
    me = view["seat"]
    return {
        "me": me,
        "names": list(names),
        "action_url": shell["action_url"],
        "version": shell["version"],
        "phase": view.get("phase"),
        "over": view.get("phase") == "over",
        **log_lines(view, names, me, kind.describe),
        "announce": [kind.describe(e, names, me) for e in shell["announce"]],
        **motion(kind.moves(shell["moved"], me), lambda card: kind.card_art(card, "md")),
        **shell["page"],
    }


def news(lines: list[str], events: list[dict], publics: list[int], version: int, urgent: Callable) -> list[dict]:
    """The live region's lines, each with the public version it is news of, so that a page says
    each once whether the table came as an answer, a push or a patch (table/announce.js), and
    whether it needs the person first (``urgent(event)``). ``lines[i]`` tells ``events[i]``; a
    kind may add lines after them (what the table shows now), news of the table's own version."""
    out = []
    for i, text in enumerate(lines):
        event = events[i] if i < len(events) else None
        out.append({"text": text, "v": publics[i] if event is not None else version,
                    "urgent": bool(event is not None and urgent(event))})
    return out


def place_presence(context: dict, presence: dict) -> dict:
    """Put each seat's presence (``{seat number: {"state", "label"}}``, from a table of several
    people) on the kind's seats, where its seat template places ``play/_seat_presence.html``.
    The games only place it: what it says is the platform's."""
    for seat in context.get("seats") or ():
        if isinstance(seat, dict) and seat.get("seat") in presence:
            seat["presence"] = presence[seat["seat"]]
    return context
