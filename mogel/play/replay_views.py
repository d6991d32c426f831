"""The replay pages of every game kind: the owner's (``<id>/replay/<step>/``) and the shared one
(``replay/<token>/<step>/``, finished games only). Plain views; a step is a URL, and an htmx
request gets the replay's fragment (``play/replay.html#replay``) instead of the page.

:func:`show` is the replay page of any game row, wherever it lives: a friends' table serves
its own with its seats' names, its addresses and the asking person's seat (:class:`Place`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from mogel.pages.caching import shows_a_hand

from . import replay as replays
from . import tempo as tempos
from .models import PracticeGame
from .names import seat_names
from .views import GAME_ID, _as_onlooker, _not_found, _owner, with_kind

PAGE = "play/replay.html"
FRAGMENT = "play/replay.html#replay"


@dataclass
class Place:
    """Where a replay is watched from: the seat (None: a spectator), the seats' names, a step's
    address, the shared link's (None: none offered here) and the way back."""
    seat: int | None
    names: list[str]
    step_url: Callable[[int], str]
    share_url: Callable[[], str] | None
    back_url: str | None
    lobby_url: str
    shared: bool = False


def _practice(kind, row, shared: bool) -> Place:
    """The practice game's replay: the owner's from HUMAN, or anyone's through the shared link."""
    def step_url(step):
        if shared:
            return kind.url("play", "replay-shared", token=row.replay_token, step=step)
        return kind.url("play", "replay-step", game_id=row.pk, step=step)
    names = seat_names(row.player_name, kind.from_json(row.state).players, row.language or None)
    share = None if shared else (lambda: kind.url("play", "replay-shared-start", token=replays.token_of(row)))
    # Through the shared link nobody watches from a seat: no seat says "(you)".
    return Place(None if shared else replays.HUMAN, names, step_url, share,
                 None if shared or row.over else kind.play_url("game", row.pk),
                 kind.play_url("lobby"), shared)


def _nav(replay, place: Place) -> dict:
    """First, previous, next and last (None where the step has none) and the rounds' first steps."""
    step, last = replay.step, replay.last
    url = place.step_url
    return {
        "first": url(0) if step > 0 else None, "previous": url(step - 1) if step > 0 else None,
        "next": url(step + 1) if step < last else None, "last": url(last) if step < last else None,
        "rounds": [{"round": r, "url": url(s), "current": s <= step < _next_round(replay.rounds, i, last + 1)}
                   for i, (r, s) in enumerate(replay.rounds)],
    }


def _next_round(rounds, i: int, end: int) -> int:
    return rounds[i + 1][1] if i + 1 < len(rounds) else end


def _hands(kind, replay, names) -> list[dict]:
    """Every seat's hand at the step (a finished game's replay only)."""
    game = replay.game
    return [{"name": names[seat], "cards": [kind.rules_card(card) or card for card in game.view(seat)["hand"]]}
            for seat in range(game.players)]


def _table(kind, replay, names) -> dict:
    """The kind's own table at the step, read-only: no legal moves, no poll, nothing to post."""
    turn = replays.frozen_turn(replay)
    summary = kind.summary(turn, names) if replay.scores else None
    shell = {"action_url": "", "version": 0, "client_version": None, "announce": [], "moved": [],
             "page": {"kind": kind, "body_template": kind.templates.get("body"), "sounds": {}, "poll_url": None,
                      "poll_ms": None, "wake_in_ms": None, "away_url": None, "count_in_ms": 0, "message": None,
                      "message_url": None, "message_kind": None,
                      "after_centre": "play/summary.html" if summary else None, "summary": summary,
                      "summary_template": kind.templates.get("summary"), "go_on": kind.go_on, "hold": False,
                      "lobby_url": kind.play_url("lobby"), "table_label": _("Card table"), "shortcuts": False,
                      "tempo_label": tempos.line(replay.row.tempo),
                      "replay": True}}
    view = replays.view_of(replay)
    context = kind.table(turn, view, [], names, summary=summary, shell=shell)
    return context if replay.seat is not None else _as_onlooker(kind, context, view, names, [])


def _render(request, kind, replay, place: Place, status=200):
    row, names = replay.row, place.names
    events = replays.shown_events(replay)
    context = {
        **_table(kind, replay, names),
        "kind": kind, "templates": kind.templates, "step": replay.step, "last_step": replay.last,
        "nav": _nav(replay, place), "everyone": replay.everyone, "shared": replay.shared,
        "player_name": names[place.seat or 0], "spectating": place.seat is None,
        "step_lines": [line for line in (kind.describe(e, names, place.seat) for e in events) if line],
        "hands": _hands(kind, replay, names) if replay.everyone else None,
        "game_url": place.back_url, "lobby_url": place.lobby_url,
        "share_url": request.build_absolute_uri(place.share_url()) if row.over and place.share_url else None,
    }
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, FRAGMENT, {**context, "fragment": True}, status=status)
    return render(request, PAGE, context, status=status)


def _no_step(request, kind, last: int, first_url: str):
    return render(request, "play/missing.html", {
        "kind": kind, "lobby_url": first_url, "back_label": _("To the start of the replay"),
        "heading": _("No such step"),
        "message": _("This replay has no such step: its steps go from 0 to %(last)s.") % {"last": last}},
        status=404)


def show(request, kind, row, step: int, place: Place):
    """The replay of ``row`` at ``step`` as ``place`` may watch it (every hand once it is over)."""
    try:
        replay = replays.at_step(row, kind, step, everyone=row.over, seat=place.seat)
    except replays.NoReplay:
        return render(request, "play/missing.html", {
            "kind": kind, "lobby_url": place.lobby_url,
            "message": _("This game cannot be replayed: it was started before the site kept replays.")}, status=404)
    if replay is None:
        last = replays.at_step(row, kind, 0, everyone=row.over, seat=place.seat).last
        return _no_step(request, kind, last, place.step_url(0))
    replay.shared = place.shared
    return _render(request, kind, replay, place)


@require_GET
@with_kind
@shows_a_hand
def owner_replay(request, kind, game_id, step=0):
    """The owner's replay: of the past of an unfinished game from the player's seat, of a finished one in full."""
    if not GAME_ID.match(game_id) or kind.replayer is None:
        return _not_found(request, kind)
    row = PracticeGame.objects.filter(pk=game_id, owner=_owner(request) or "", kind=kind.key).first()
    if row is None:
        return _not_found(request, kind)
    return show(request, kind, row, step, _practice(kind, row, shared=False))


@require_GET
@with_kind
@shows_a_hand
def shared_replay(request, kind, token, step=0):
    """Anyone with the link: the finished game's replay in full. Watching never gives the right to act."""
    row = None
    if GAME_ID.match(token) and kind.replayer is not None:
        row = PracticeGame.objects.filter(replay_token=token, kind=kind.key, over=True).first()
    if row is not None and row.publics:
        row = None   # a table of several people: its replay has its own address, with its own names
    if row is None:
        return render(request, "play/missing.html", {
            "kind": kind, "lobby_url": kind.play_url("lobby"),
            "message": _("There is no such replay here. The link may be wrong or the game deleted.")}, status=404)
    return show(request, kind, row, step, _practice(kind, row, shared=True))

