"""Tells: a hand that got smaller with no play, gift, hand-over or race in the log.

At a real table a watchful player sees a neighbour's hand shrink while nobody played:
someone is cheating. The digital table shows the same thing, and only from what the
watching seat's own ``view`` shows: the hand sizes and the public log. It never reads
another seat's private ``cheated`` event or anyone's hidden state.

Usage (whoever drives a game, after every ``apply``/``advance``)::

    from games.mogel_motte.table import tells
    tells.watch(game.view(seat), memory, version)   # memory: a JSON-ready dict kept with the game
    present(..., tells=tells.active(memory, now, shown=version_on_the_page))  # what the seats show now

A tell is noted for ``act_ms`` (the "in the act" window) from the moment the hand shrank; a
Caught! on that seat ends it. How long a page shows it is :func:`active`'s ``tell_ms``: in
the practice game a short movement, so a player who looks away misses it, as at the table.
"""

from __future__ import annotations

from games.mogel_motte.engine.game import window_ms
from games.mogel_motte.engine.tells import expected_sizes, log_read, shrunk


def watch(view: dict, memory: dict, version: int | None = None) -> list[dict]:
    """Read what changed since the last look; returns the tells that started now.

    ``memory`` keeps ``round``, ``log_n`` (how far the log was read), ``sizes`` (the hand
    sizes counted) and ``tells`` ({seat: {"since", "until", "n"}}, ``n`` being the length
    of the game's log when the tell was seen: pass the version the page shows (the web game:
    what the seat can notice, see ``mogel.play.service``) so it can tell which tells are new).
    """
    sizes, me = view["hand_sizes"], view["seat"]
    end = view.get("log_start", 0) + len(view["log"])
    if memory.get("round") != view["round"] or memory.get("log_n", 0) > end:
        memory.update(round=view["round"], log_n=end, sizes=list(sizes), tells={})
        return []
    new, end = log_read(view, memory)
    expected = expected_sizes(memory["sizes"], new)
    tells = memory.setdefault("tells", {})
    for e in new:
        if e["code"] == "caught":
            tells.pop(str(e["accused"]), None)
    started = []
    now = view["changed_at"]
    act_ms = window_ms(view["options"], "act_ms")   # the act's length at the game's tempo
    for seat in shrunk(sizes, expected, me):
        tell = {"since": now, "until": now + act_ms, "n": end if version is None else version}
        tells[str(seat)] = tell
        started.append({"seat": seat, **tell})
    memory.update(sizes=list(sizes), log_n=end)
    return started


def active(memory: dict, now: int, shown: int | None = None, tell_ms: int | None = None) -> list[dict]:
    """The tells a page may show at game time ``now``, by seat:
    [{"seat", "since", "until", "n", "new", "visible", "ms"}].

    ``shown``: the log length of the table the page last showed (its ``version``); a tell seen
    after it is ``new``, and the table announces it.

    ``tell_ms``: how long the tell shows, a short movement (the practice game: by bot level);
    None: for as long as the cheat is in the act (the lessons, where a learner must find it).
    With a length, a page sees the tell when it first learns of it (``new``), for ``ms`` from
    then: a glance away at the wrong moment misses it. The tell is still listed while the
    cheat is in the act (``visible`` False), so that a page that showed it just before keeps
    it moving to the end (``games/mogel_motte/static/mogel_motte/tells.js``); a page that opens afresh
    sees only what is still moving.
    """
    out = []
    for seat, tell in sorted((memory.get("tells") or {}).items(), key=lambda kv: int(kv[0])):
        if tell["until"] <= now:
            continue
        new = shown is not None and tell["n"] > shown
        # Never past the end of the cheat: a tell shows only while the cheat can still be caught.
        left = tell["until"] - now
        if tell_ms is None:
            visible, ms = True, left
        elif new:
            visible, ms = True, min(tell_ms, left)
        else:
            ms = min(tell["since"] + tell_ms - now, left) if shown is None else min(tell_ms, left)
            visible = shown is None and ms > 0
            if shown is None and not visible:
                continue
        out.append({"seat": int(seat), **tell, "new": new, "visible": visible, "ms": ms})
    return out


def prune(memory: dict, now: int) -> None:
    """Forget the tells that are over (keeps the stored memory small)."""
    tells = memory.get("tells") or {}
    for seat in [s for s, t in tells.items() if t["until"] <= now]:
        del tells[seat]
