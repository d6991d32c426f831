"""Log helpers for production: which game a failed request concerned."""

import logging


class GameFilter(logging.Filter):
    """Adds ``game`` to every record: `` game=<id>`` when the request's URL names a game.

    django.request and django.security put the request on their records; the URL
    resolver's keyword arguments hold the game id. Only the id, never the request's
    body or the game's state: a log line must not show anybody's hand.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        match = getattr(getattr(record, "request", None), "resolver_match", None)
        game_id = match.kwargs.get("game_id") if match else None
        record.game = f" game={game_id}" if game_id else ""
        return True


class OneLine(logging.Filter):
    """A refused request that is the client's fault (a bad Host header) as one warning line.

    Scanners send other hosts all day; Django logs each as an error with a traceback, which
    buries the lines that matter. The record keeps its message (which names the host, with
    anything unprintable replaced, so a host cannot forge a second line), loses the traceback.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        record.msg = "".join(ch if ch.isprintable() else "?" for ch in message)
        record.args = None
        record.exc_info = record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
