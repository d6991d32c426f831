"""The event log every engine keeps: events, private parts, trimming.

An event is a dict with a ``code``, its time ``t`` and parameters. Private parts are
marked on the event itself: ``only`` lists the seats that see the event at all, ``see``
the seats that see its ``card``. :func:`seen_by` applies the marks for one seat, the way
every view, bot and web page reads the log.

``log`` holds the events from absolute index ``log_base`` on; a keeper that stores the
older ones elsewhere (the web game's event table) may drop them with
:meth:`EventLog.trim_log`, so the state it saves stays small however long the game runs.
Indices into the log (``round_log_start``, a caller's version) stay absolute.
"""

from __future__ import annotations


def seen_by(event: dict, seat: int | None, copy: bool = False) -> dict | None:
    """The event as ``seat`` sees it (``None``: as everyone sees it): private cards removed,
    or None when ``seat`` does not see the event at all."""
    if "only" not in event and "see" not in event:
        return dict(event) if copy else event
    only = event.get("only")
    if only is not None and seat not in only:
        return None
    shown = dict(event)
    shown.pop("only", None)
    see = shown.pop("see", None)
    if see is not None and seat not in see:
        shown.pop("card", None)
    return shown


def public(events: list[dict]) -> list[dict]:
    """The events as everyone sees them (the list itself when none is private)."""
    for e in events:
        if "only" in e or "see" in e:
            break
    else:
        return events
    return [e for e in (seen_by(e, None) for e in events) if e]


class EventLog:
    """The log part of a game: needs ``players``, ``log``, ``log_base``, ``log_dropped``
    (per seat, and optionally one more for an onlooker: this round's events it saw that
    were trimmed) and ``round_log_start``."""

    log: list[dict]
    log_base: int
    log_dropped: list[int]
    round_log_start: int
    players: int

    @property
    def log_length(self) -> int:
        """How many events the game has logged since it began, trimmed ones included."""
        return self.log_base + len(self.log)

    def _last_public(self) -> int:
        """Index in ``log`` of the last event every seat sees (its time paces the bots)."""
        log = self.log
        i = len(log) - 1
        while i > 0 and "only" in log[i]:
            i -= 1
        return max(i, 0)

    def log_needed_from(self) -> int:
        """Absolute index of the oldest event the game, its views and its bots still read."""
        return self.log_base + self._last_public()

    def trim_log(self, before: int | None = None) -> list[dict]:
        """Drop the events before absolute index ``before`` (default: all the game no longer reads); returns them.

        Each seat's view keeps counting this round's events from where they began
        (``view["log_start"]``), so whoever reads the view by position is not misled.
        """
        before = self.log_needed_from() if before is None else min(before, self.log_needed_from())
        cut = before - self.log_base
        if cut <= 0:
            return []
        dropped = self.log[:cut]
        # One count per seat, and in a game that keeps one more, for an onlooker (seat None).
        viewers = [*range(self.players), None][:len(self.log_dropped)]
        for e in dropped[max(0, self.round_log_start - self.log_base):]:
            for i, viewer in enumerate(viewers):
                if seen_by(e, viewer) is not None:
                    self.log_dropped[i] += 1
        del self.log[:cut]
        self.log_base = before
        return dropped

    def round_log(self, seat: int | None) -> list[dict]:
        """This round's events (those still held) as ``seat`` sees them, copied."""
        start = max(0, self.round_log_start - self.log_base)
        return [e for e in (seen_by(e, seat, copy=True) for e in self.log[start:]) if e]
