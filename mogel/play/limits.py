"""How much one browser may start: a few unfinished games per session, a few lobby posts a minute;
and one address: a larger budget of each, shared by every browser behind it.

Both are counted in the database, never in process memory: several app servers share one
database, and a client's next post may reach any of them.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from .models import LobbyPost, PracticeGame

WINDOW_MS = 60_000
# A class or a family behind one router shares one address: the address may post this many
# times what one session may, so thirty pupils can start their games in the same minute.
SHARED_ADDRESS = 6
# A client that throws its cookie away gets a fresh session, and a fresh per-session budget,
# every time: its address caps its unfinished games. Only games touched in the last day count,
# so the games a class left unfinished yesterday do not lock it out today (prunegames deletes
# them after two idle days).
ADDRESS_DAY = timedelta(days=1)


def posts_per_minute() -> int:
    return int(settings.MOGEL_LOBBY_POSTS_PER_MINUTE)


def unfinished_per_session() -> int:
    return int(settings.MOGEL_UNFINISHED_GAMES_PER_SESSION)


def unfinished_per_address() -> int:
    return int(settings.MOGEL_UNFINISHED_GAMES_PER_ADDRESS)


def client_address(request) -> str:
    """The client's address: REMOTE_ADDR, or behind our own proxy the address it saw.

    A site that trusts its proxy's X-Forwarded-Host (USE_X_FORWARDED_HOST) sits behind one
    proxy that appends the address it saw to X-Forwarded-For, so the last entry is the
    client's; entries before it are whatever the client sent. Without a proxy the header is
    the client's own word and is ignored.
    """
    if getattr(settings, "USE_X_FORWARDED_HOST", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").rpartition(",")[2].strip()
        if forwarded:
            return forwarded[:64]
    return request.META.get("REMOTE_ADDR", "")[:64]


def wait_ms(session: str | None, address: str, now: int) -> int:
    """0 if this client may post to the lobby at ``now``; else how long until it may."""
    near = Q(address=address) | Q(session=session) if session else Q(address=address)
    rows = LobbyPost.objects.filter(near, at_ms__gt=now - WINDOW_MS).values_list("session", "address", "at_ms")
    rows = list(rows)
    wait = 0
    for times, limit in (([at for s, _a, at in rows if session and s == session], posts_per_minute()),
                         ([at for _s, a, at in rows if a == address], posts_per_minute() * SHARED_ADDRESS)):
        if len(times) >= limit:
            # Free again once all but limit - 1 of these posts have left the window.
            wait = max(wait, sorted(times)[len(times) - limit] + WINDOW_MS - now)
    return wait


def note_post(session: str | None, address: str, now: int) -> None:
    LobbyPost.objects.filter(at_ms__lte=now - WINDOW_MS).delete()
    LobbyPost.objects.create(session=session or "", address=address, at_ms=now)


def unfinished(owner: str | None):
    """The session's games still being played, of every kind, newest first."""
    return PracticeGame.objects.filter(owner=owner or "", over=False).only("id", "kind", "created")


def address_full(address: str) -> bool:
    """True if the games started from ``address`` and touched today reach the address's cap."""
    recent = PracticeGame.objects.filter(address=address, over=False, updated__gte=timezone.now() - ADDRESS_DAY)
    return recent.count() >= unfinished_per_address()
