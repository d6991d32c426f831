"""The practice game of every kind: lobby, table page, poll, action and abandon (plain function
views, htmx fragments). Each takes the game kind (``mogel.games``) from its URL."""

from __future__ import annotations

import re
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import get_urlconf
from django.utils.translation import gettext as _, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from mogel import games, push
from mogel.core.errors import IllegalAction
from mogel.pages.caching import shows_a_hand

from mogel.push import broker, connections
from mogel.push.stream import checked, last_event_id, serve
from mogel.table import regions
from mogel.table.memo import per_language

from . import echo, limits, posted, service
from . import tempo as tempos
from .models import PracticeGame
from .names import seat_names
from .shell import LOG_LINES, log_lines, news as shell_news
from .stream import TableSource

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{16,32}$")
TABLE = "play/table.html#table"
SUMMARY = "play/summary.html"
# The live region says at most this many lines of one table's news: every event of a move and
# of the bots' answers to it (a round's end comes with several), yet no flood after a long absence.
MAX_ANNOUNCE = 8


def with_kind(view):
    """Pass the view the registered kind the URL names (``mogel.games.of_url``: its slug, or none
    for the top-level kind); one without a practice game is a 404."""
    @wraps(view)
    @connections.given_back
    def wrapped(request, *args, kind=None, **kwargs):
        return view(request, _kind(kind), *args, **kwargs)
    return wrapped


def _kind(slug):
    found = games.of_url(slug)
    if found is None or not found.engine_path:
        raise Http404
    return found


def _poll_ms(streamed: bool = True) -> int:
    """Ms between polls: today's 400 without push; with push a slower fallback (the page polls
    only while its stream is down), still within the pause's grace (service.PAUSE_GRACE_MS)."""
    if streamed and push.enabled():
        return int(getattr(settings, "MOGEL_FALLBACK_POLL_MS", 1000))
    return int(getattr(settings, "MOGEL_POLL_MS", 400))


def _owner(request) -> str | None:
    # The session key from the cookie: no session read is needed to check ownership.
    return request.session.session_key


def _no_such_game() -> str:
    return _("There is no such game here. It may belong to another browser, or the link is wrong.")


def _not_found(request, kind):
    response = render(request, "play/missing.html", {
        "kind": kind, "lobby_url": kind.play_url("lobby"),
        "message": _no_such_game()},
        status=404)
    return response


def _unfinished(request) -> list[dict]:
    """The session's unfinished games of every kind, each with its kind's name and URLs."""
    found = []
    for row in limits.unfinished(request.session.session_key):
        if service.registered(row.kind):
            kind = games.get(row.kind)
            found.append({"pk": row.pk, "created": row.created, "kind_name": kind.name,
                          "url": kind.play_url("game", row.pk), "abandon_url": kind.play_url("abandon", row.pk),
                          "replay_url": kind.play_url("replay", row.pk) if kind.replayer else None})
    return found


def _lobby(request, kind, form, status=200, message=None):
    return render(request, "play/lobby.html", {
        "kind": kind, "form": form, "message": message, "lobby_url": kind.play_url("lobby"),
        "several_kinds": len(games.all_kinds()) > 1,
        "unfinished": _unfinished(request),
    }, status=status)


def _choices_key(kind) -> str:
    """Where the session remembers the lobby's choices: per kind (``GameKind.scoped``)."""
    return kind.scoped("play_choices")


def too_hurried(request, address: str, now: int, page):
    """The answer to one post too many in a minute (``page(message)`` with a 429), or None."""
    wait = limits.wait_ms(request.session.session_key, address, now)
    if not wait:
        return None
    response = page(_("You have started a lot of games in the last minute. Wait a moment, then try again."))
    response["Retry-After"] = str(-(-wait // 1000))
    return response


@require_http_methods(["GET", "POST"])
@with_kind
def lobby(request, kind):
    # Reading the session loads it, and loading drops a key the server no longer knows (an
    # expired session with the lobby still open): session_key is then None, never a dead key.
    name = request.session.get("play_name", "")
    form_class = kind.form
    if request.method == "GET":
        # The choices of the last game started here; a link may preset some (?level=easy …).
        initial = form_class.preset(request.session.get(_choices_key(kind)) or {}, request.GET)
        return _lobby(request, kind, form_class(initial={"name": name, **initial}))
    form = form_class(request.POST)
    address, now = limits.client_address(request), service.wall_ms()
    hurried = too_hurried(request, address, now, lambda message: _lobby(request, kind, form, 429, message))
    if hurried:
        return hurried
    if form.is_valid():
        request.session["play_name"] = form.cleaned_data["name"]
        request.session[_choices_key(kind)] = {key: form.cleaned_data[key] for key in form.remembered()}
        if request.session.session_key is None:
            request.session.save()
    limits.note_post(request.session.session_key, address, now)
    if not form.is_valid():
        return _lobby(request, kind, form, status=400)
    cap = limits.unfinished_per_session()
    if limits.unfinished(request.session.session_key).count() >= cap:
        return _lobby(request, kind, form, status=409, message=ngettext(
            "You already have %(count)s unfinished game. Continue it, or abandon it to start a new one.",
            "You already have %(count)s unfinished games. Continue one, or abandon one to start a new one.",
            cap) % {"count": cap})
    if limits.address_full(address):
        return _lobby(request, kind, form, status=429, message=_(
            "Many unfinished games have been started from your network. Finish or abandon one of yours, "
            "or try again later."))
    data = form.cleaned_data
    row = service.start(kind, request.session.session_key, players=data["players"], level=data["level"],
                        pace=data["pace"], player_name=data["name"], choices=form.choices(), address=address,
                        tempo=data["tempo"])
    return redirect(kind.play_url("game", row.pk))


@require_POST
@with_kind
def abandon(request, kind, game_id):
    """Delete one of this browser's games, so that it may start another.

    The lobby's button only asks: a page that says what is lost, whose own form (``confirm``)
    deletes. Two plain form posts, so it works without scripts too.
    """
    mine = PracticeGame.objects.filter(pk=game_id, owner=_owner(request) or "", kind=kind.key)
    if request.POST.get("confirm") != "yes":
        row = mine.only("id", "created").first()
        if row is None:
            return _not_found(request, kind)
        return render(request, "play/abandon.html", {
            "kind": kind, "created": row.created, "abandon_url": kind.play_url("abandon", row.pk),
            "game_url": kind.play_url("game", row.pk)})
    deleted, _kinds = mine.delete()
    if not deleted:
        return _not_found(request, kind)
    broker.forget([service.channel(game_id)])
    return redirect(kind.play_url("lobby"))


def _wake_in(turn) -> int | None:
    """Ms until the next thing the player may know of is due (a window closing, a bot's next
    play); the page asks for it then.

    Waiting for the regular poll would show a bot's move that opens a window up to a poll
    interval late, and the player would start every reflex behind the bots. A bot's reflex
    or secret move is not announced ahead: the regular poll shows it.
    """
    wake = service.page_wake(turn)
    if wake is None:
        return None
    # During a count-in the game's clock stands still until it ends.
    return max(50, wake - service.game_now(turn.row, turn.game)) + service.count_in_left(turn.row)


def _again(kind, turn, summary: dict) -> None:
    """"Play again" posts the game's choices to the lobby: the next game starts at once, the same way."""
    row = turn.row
    common = {"players": turn.game.players, "level": row.level, "pace": row.pace, "tempo": row.tempo}
    summary["again"] = {"name": row.player_name, **common, **row.choices}
    summary["change_url"] = kind.play_url("lobby") + "?" + urlencode({**common, **row.choices})
    if kind.replayer:
        summary["replay_url"] = kind.play_url("replay", row.pk)


@per_language(maxsize=1024)
def _urls(key: str, slug: str, game_id: str, streamed: bool, urlconf) -> dict:
    """Where a game's table posts, polls and streams: the same for all its life, so reversed once
    per game and language (``slug`` and ``urlconf`` only tell registrations apart in tests)."""
    kind = games.get(key)
    return {"action_url": kind.play_url("act", game_id), "poll_url": kind.play_url("poll", game_id),
            "away_url": kind.play_url("away", game_id), "lobby_url": kind.play_url("lobby"),
            "stream_url": kind.play_url("stream", game_id) if streamed else None}


def _context(request, turn, *, client_version=None, message=None, message_url=None, message_kind="refusal",
             log_tail=None):
    row, kind = turn.row, turn.kind
    names = seat_names(row.player_name, turn.game.players, row.language or None)
    urls = _urls(kind.key, kind.slug, row.pk, push.enabled(), get_urlconf())
    return seat_context(turn, names, urls, client_version=client_version, message=message,
                        message_url=message_url, message_kind=message_kind, log_tail=log_tail)


def seat_context(turn, names, urls, *, client_version=None, message=None, message_url=None,
                 message_kind="refusal", again=None, log_tail=None):
    """The table as the request's seat (``turn.seat``; None: a spectator) sees it: the kind's
    ``table`` context from that seat's view, legal moves and log. ``urls``: where its buttons post
    and its page polls (and its stream, if it has one); ``again``: how "Play again" is set up at the end (default: the practice lobby's);
    ``log_tail``: an open stream's :class:`service.LogTail` (the log's end it read before)."""
    row, game, kind, seat = turn.row, turn.game, turn.kind, turn.seat
    view = game.view(seat) if seat is not None else kind.onlooker_view(game)
    # While the scores are on screen nothing is owed until the player goes on.
    legal = [] if row.hold or seat is None else game.legal_actions(seat)
    if row.held_taps:
        legal = [a for a in legal if a not in service.held_by(turn, seat)]
    version = turn.public_version()
    # The game keeps only the end of its log: the table's last lines and the news since the
    # page's version come from the event table, in one read of its last lines.
    news = client_version is not None and client_version < version
    recent = service.recent_log(turn, LOG_LINES, log_tail) if news or view["log_start"] else []
    seen = [e for _round, public, e in recent if public > client_version] if news else []
    summary = kind.summary(turn, names) if row.hold or game.over else None
    if summary and game.over:
        (again or _again)(kind, turn, summary)
    if row.hold and summary and service.ready(turn, seat):
        # At a table of several people: this person has read the scores, the others not all yet.
        summary["reading"] = [names[s] for s in service.still_reading(turn)]
    if row.hold and summary:
        # The next round is already dealt, but the player is still reading the last one:
        # its log, not the new hands (the table hides seats, piles and hand).
        view = {**view, "log": service.last_round_log(turn), "log_start": 0}
    elif view["log_start"]:
        lines = [e for round_no, _public, e in recent if round_no == game.round]
        view = {**view, "log": lines, "log_start": view["log_start"] + len(view["log"]) - len(lines)}
    shell = {
        "action_url": urls["action_url"],
        "version": version,
        "client_version": client_version,
        "announce": seen[-MAX_ANNOUNCE:],
        "moved": seen,
        "page": {
            "kind": kind,
            "body_template": kind.templates.get("body"),
            "sounds": kind.sounds,
            "poll_url": urls["poll_url"],
            "poll_ms": _poll_ms(bool(urls.get("stream_url"))),
            "stream_url": urls.get("stream_url"),
            "wake_in_ms": _wake_in(turn),
            "away_url": urls.get("away_url"),
            "count_in_ms": service.count_in_left(row),
            "message": message,
            "message_url": message_url,
            "message_kind": message_kind,
            "after_centre": SUMMARY if summary else None,
            "summary": summary,
            "summary_template": kind.templates.get("summary"),
            "go_on": kind.go_on,
            "hold": row.hold,
            "lobby_url": urls["lobby_url"],
            "table_label": _("Card table"),
            "tempo_label": tempos.line(row.tempo),
            "shortcuts": seat is not None,
        },
    }
    context = kind.table(turn, view, legal, names, summary=summary, shell=shell)
    if seat is None:
        context = _as_onlooker(kind, context, view, names, seen[-MAX_ANNOUNCE:])
    publics = [public for _round, public, _e in recent if public > client_version][-MAX_ANNOUNCE:] if news else []
    context["news"] = shell_news(context.get("announce") or [], seen[-MAX_ANNOUNCE:], publics, version,
                                 lambda event: kind.urgent(event, seat))
    return context


def _as_onlooker(kind, context: dict, view: dict, names, announce: list) -> dict:
    """A spectator's table is drawn from the first seat's place (the presenters draw around a
    seat); nothing on it may speak to them as that seat: no "you", no prompt, no turn of theirs."""
    context.update(log_lines(view, names, None, kind.describe))
    context["announce"] = [kind.describe(e, names, None) for e in announce]
    context.update(prompt="", my_turn=False, my_name="")
    for seat in context.get("seats") or ():
        if isinstance(seat, dict):
            seat["is_me"] = False
    return context


def _sent(request, turn, **kwargs) -> dict:
    """The table's context for an answer about to be sent."""
    context = _context(request, turn, **kwargs)
    # When the page got each window: a fast action is credited from there (service.dated).
    service.note_sent(turn, shown=kwargs.get("client_version"))
    return context


def _respond(request, turn, status=200, **kwargs):
    context = _sent(request, turn, **kwargs)
    if request.htmx:
        return render(request, TABLE, context, status=status)
    return render(request, "play/game.html", {**context, "game_id": turn.row.pk, "kind": turn.kind,
                                              "templates": turn.kind.templates}, status=status)


@require_POST
@with_kind
def away(request, kind, game_id):
    """The page is hidden, closed or left (navigator.sendBeacon): the game's clock stops now."""
    showing = posted.showing(request.POST.get("showing")) or ""
    if not GAME_ID.match(game_id) or not service.leave(game_id, _owner(request) or "", kind.key, showing):
        return _not_found(request, kind)
    return HttpResponse(status=204)


@require_GET
@with_kind
@shows_a_hand
def game(request, kind, game_id):
    if not GAME_ID.match(game_id):
        return _not_found(request, kind)
    turn, _refusal = service.run(game_id, _owner(request) or "", kind=kind.key,
                                 showing=posted.showing(request.headers.get("X-Table-Showing")),
                                 page=echo.of_request(request))
    if turn is None:
        return _not_found(request, kind)
    return _respond(request, turn)


def _owns(game_id: str, owner: str, kind: str) -> bool:
    return PracticeGame.objects.filter(pk=game_id, owner=owner, kind=kind).exists()


@require_GET
@shows_a_hand
async def stream(request, kind=None, game_id=""):
    """The table pushed as it changes (mogel.push): one server-sent event stream per page. Its
    first event redraws the whole table; later ones carry the table whenever the player's
    version moved, exactly as the poll would have answered."""
    found = _kind(kind)
    owner = _owner(request) or ""
    if not GAME_ID.match(game_id) or not await checked(request, _owns, game_id, owner, found.key):
        return HttpResponse(_no_such_game(), status=404, content_type="text/plain; charset=utf-8")
    known = posted.version(last_event_id(request) or request.GET.get("version"))
    tail = service.LogTail()   # this connection's own: only the events saved since are read
    painter = regions.Painter(found, lambda turn, client: _sent(request, turn, client_version=client, log_tail=tail),
                              lambda context: render_to_string(TABLE, context, request=request))
    source = TableSource(found, game_id, owner, known, painter, page=echo.page_of(request.GET.get("page")))
    return await serve(request, source)


@require_GET
@with_kind
@shows_a_hand
def poll(request, kind, game_id):
    if not GAME_ID.match(game_id):
        return _not_found(request, kind)
    client = posted.version(request.GET.get("version"))
    if client is None:
        return HttpResponse(_("That request is not one this page sends."), status=400)
    owner = _owner(request)
    # The common case, nothing new: one small row read (and the contact noted), no state
    # parsed, no session read. Polls come several times a second from every open table.
    row = service.read_small(game_id, owner or "", kind.key)
    if row is None:
        return _not_found(request, kind)
    # wake_ms is the server's own: it includes the bots' secret moves, which the next
    # request must catch up with, but the answer depends only on the public version.
    wall = service.wall_ms()
    if (client == row.public_version and service.touch(row, wall)
            and (row.wake_ms is None or service.clock_at(row, wall) < row.wake_ms)):
        return HttpResponse(status=204)
    turn, _refusal = service.run(game_id, owner, kind=kind.key,
                                 showing=posted.showing(request.headers.get("X-Table-Showing")),
                                 page=echo.of_request(request))
    if turn is None:
        return _not_found(request, kind)
    # A count-in that starts now is news: the page shows "3, 2, 1" on the same table.
    if client == turn.row.public_version and not turn.counting_in:
        return HttpResponse(status=204)
    response = _respond(request, turn, client_version=client)
    if turn.game.over:
        response.status_code = 286  # htmx stops polling
    return response


def _refused(kind, turn, action, refusal, client):
    """The rules' refusal, or for a fast action on a table that moved on since, why it came too late."""
    verb = action.split()[0]
    if verb in kind.fast_actions and client < turn.row.public_version:
        since = service.visible_since(turn, client, last=service.SENT_SPAN)
        late = kind.explain_late(verb, refusal.code, since, seat_names(turn.row.player_name, turn.game.players))
        if late is not None:
            return late
    return kind.explain(refusal.code, refusal.params)


@require_POST
@with_kind
@shows_a_hand
def act(request, kind, game_id):
    if not GAME_ID.match(game_id):
        return _not_found(request, kind)
    owner, page = _owner(request), echo.of_request(request)
    client = posted.version(request.POST.get("version"))
    action = kind.posted_action(request.POST)
    if client is None or not action:
        turn, _refusal = service.run(game_id, owner or "", kind=kind.key, page=page)
        if turn is None:
            return _not_found(request, kind)
        message, slug = kind.explain("bad_post", {})
        return _respond(request, turn, status=400, message=message, message_url=kind.rule_link(slug))
    turn, refusal = service.run(game_id, owner or "", action=action, posted_version=client,
                                reaction_ms=posted.reaction(request.POST.get("reaction_ms")), kind=kind.key,
                                page=page)
    if turn is None:
        return _not_found(request, kind)
    if refusal is None:
        return _respond(request, turn, client_version=client)
    if isinstance(refusal, service.Stale):
        message, _slug = kind.explain("stale", {})
        return _respond(request, turn, status=409, message=message, message_kind="notice", client_version=client)
    if isinstance(refusal, service.CountingIn):
        message, _slug = kind.explain("counting_in", {})
        return _respond(request, turn, status=409, message=message, message_kind="notice", client_version=client)
    if isinstance(refusal, service.BadPost):
        message, _slug = kind.explain("bad_post", {})
        return _respond(request, turn, status=400, message=message)
    assert isinstance(refusal, IllegalAction)
    message, slug = _refused(kind, turn, action, refusal, client)
    status = 409 if refusal.code in ("time_backwards", "game_over") else 400
    return _respond(request, turn, status=status, message=message, message_url=kind.rule_link(slug))
