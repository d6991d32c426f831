"""At most a few open streams per browser and per client address (docs/push.md, "Caps and
time-outs"). A new stream closes the oldest beyond the cap, so a reload or a new tab always
works; the count is the table ``push_openstream``, shared by every server on the database.

A closed stream learns it at its next beat through the broker (a notice on its own channel
``shut-<id>``, which the process's listener hears anyway): no extra read while it is open. The
page it served reconnects as after any end; while its browser's (or address's) streams are
still at the cap, that reconnect is refused instead of closing another page's stream in turn,
and the page polls until a place is free (two tabs never take each other's place in a loop).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.db import DatabaseError, transaction

from mogel.play.echo import page_of
from mogel.play.limits import client_address

from . import broker
from .models import OpenStream

SHUT = "shut-"   # + the stream's id: the channel on which it is told it was closed


@dataclass(frozen=True)
class Opener:
    """Whose stream it is: the browser (a hash of its session key, "" without one), the client
    address and the page's own id ("" without one)."""
    browser: str
    address: str
    page: str


def opener(request) -> Opener:
    key = request.session.session_key or ""
    browser = hashlib.sha256(key.encode()).hexdigest()[:32] if key else ""
    return Opener(browser, client_address(request), page_of(request.GET.get("page")) or "")


def shut_channel(stream_id: int) -> str:
    return f"{SHUT}{stream_id}"


def _caps() -> tuple[int, int]:
    return int(settings.MOGEL_STREAMS_PER_BROWSER), int(settings.MOGEL_STREAMS_PER_ADDRESS)


def _stale_ms() -> int:
    """Older rows are left by a server that stopped: no stream lives that long."""
    return int((settings.MOGEL_PUSH_LIFETIME_S + settings.MOGEL_PUSH_WRITE_TIMEOUT_S + 60) * 1000)


def opened(who: Opener, now_ms: int) -> int | None:
    """Counts a new stream in; returns its id, or None: refused (its page was pushed out and its
    browser's or address's streams are still at the cap). Never fails the stream: should the
    count's transaction fail (two openings racing on PostgreSQL), the stream opens uncounted."""
    _forget_stale(now_ms)
    try:
        with transaction.atomic():
            return _opened(who, now_ms)
    except DatabaseError:
        return OpenStream.objects.create(browser=who.browser, address=who.address, page=who.page,
                                         opened_ms=now_ms).pk


def _opened(who: Opener, now_ms: int) -> int | None:
    pushed_out = False
    if who.page:
        # The same page again (its stream dropped, or a reconnect): one stream per page.
        before = OpenStream.objects.filter(browser=who.browser, address=who.address, page=who.page)
        earlier = list(before.values_list("pk", "pushed_out"))
        pushed_out = any(out for _pk, out in earlier)
        _shut([pk for pk, out in earlier if not out])
        before.delete()
    if pushed_out and _at_cap(who):
        # Still no place: the page polls, and its mark stays for its next try.
        OpenStream.objects.create(browser=who.browser, address=who.address, page=who.page,
                                  opened_ms=now_ms, pushed_out=True)
        return None
    row = OpenStream.objects.create(browser=who.browser, address=who.address, page=who.page, opened_ms=now_ms)
    per_browser, per_address = _caps()
    if who.browser:
        _push_out(OpenStream.objects.filter(browser=who.browser), per_browser)
    _push_out(OpenStream.objects.filter(address=who.address), per_address)
    return row.pk


def _at_cap(who: Opener) -> bool:
    per_browser, per_address = _caps()
    live = OpenStream.objects.filter(pushed_out=False)
    return ((bool(who.browser) and live.filter(browser=who.browser).count() >= per_browser)
            or live.filter(address=who.address).count() >= per_address)


def _push_out(streams, cap: int) -> None:
    """The oldest open streams beyond ``cap`` are closed: the newest page always gets its stream."""
    oldest = list(streams.filter(pushed_out=False).order_by("-opened_ms", "-pk").values_list("pk", flat=True)[cap:])
    if oldest:
        OpenStream.objects.filter(pk__in=oldest).update(pushed_out=True)
        _shut(oldest)


def _shut(stream_ids: list[int]) -> None:
    for stream_id in stream_ids:
        broker.notify(shut_channel(stream_id), 1)


def pushed_out(stream_id: int) -> bool:
    """Whether a newer stream closed this one (for a waiter that did not listen yet)."""
    return OpenStream.objects.filter(pk=stream_id, pushed_out=True).exists()


def ended(stream_id: int) -> None:
    """The stream ended. A pushed-out one leaves its row: its page's reconnect is then refused
    while the cap is full, instead of pushing out another page."""
    OpenStream.objects.filter(pk=stream_id, pushed_out=False).delete()
    _forget([stream_id])


def _forget_stale(now_ms: int) -> None:
    stale = list(OpenStream.objects.filter(opened_ms__lt=now_ms - _stale_ms()).values_list("pk", flat=True))
    if stale:
        OpenStream.objects.filter(pk__in=stale).delete()
        _forget(stale)


def _forget(stream_ids: list[int]) -> None:
    """The shut channels' rows (SQLite's broker keeps a row per channel; PostgreSQL none)."""
    if not broker.postgres():
        broker.forget([shut_channel(pk) for pk in stream_ids])
