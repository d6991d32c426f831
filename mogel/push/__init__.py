"""Live push for every page that shows a changing game: server-sent events over a broker the
deployment already runs (docs/push.md). It names no game: an app gives it a channel per game
(``broker.notify`` after each committed change) and a source that renders what one seat may see
(``stream.respond``)."""

from django.conf import settings


def enabled() -> bool:
    """The tables are pushed; MOGEL_PUSH = False: the polling pages of before (a benchmark's baseline)."""
    return bool(getattr(settings, "MOGEL_PUSH", True))
