"""The practice game: lobby, table page, poll and action (plain function views, htmx fragments)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.conf import settings
from django.db import connection
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from mogel.engine import IllegalAction
from mogel.table.present import LOG_LINES, present
from mogel.table import tells as table_tells
from mogel.table.refusals import explain, rule_link

from mogel.table import bots
from mogel.table.lobby import LobbyForm

from . import limits, service
CHOICES = LobbyForm.remembered()
from .models import PracticeGame
from .names import seat_names

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{16,32}$")
TABLE = "table/table.html#table"
SUMMARY = "play/summary.html"
MAX_ANNOUNCE = 4


def _poll_ms() -> int:
    return int(getattr(settings, "MOGEL_POLL_MS", 400))


def _owner(request) -> str | None:
    # The session key from the cookie: no session read is needed to check ownership.
    return request.session.session_key


def _not_found(request):
    response = render(request, "play/missing.html", {"message": _("There is no such game here. It may belong to another browser, or the link is wrong.")}, status=404)
    return response


def _lobby(request, form, status=200, message=None):
    return render(request, "play/lobby.html", {
        "form": form, "message": message,
        "unfinished": list(limits.unfinished(request.session.session_key)),
    }, status=status)


@require_http_methods(["GET", "POST"])
def lobby(request):
    # Reading the session loads it, and loading drops a key the server no longer knows (an
    # expired session with the lobby still open): session_key is then None, never a dead key.
    name = request.session.get("play_name", "")
    if request.method == "GET":
        # The choices of the last game started here; a link may preset some (?level=easy …).
        initial = LobbyForm.preset(request.session.get("play_choices") or {}, request.GET)
        return _lobby(request, LobbyForm(initial={"name": name, **initial}))
    form = LobbyForm(request.POST)
    address, now = limits.client_address(request), service.wall_ms()
    wait = limits.wait_ms(request.session.session_key, address, now)
    if wait:
        response = _lobby(request, form, status=429, message=_(
            "You have started a lot of games in the last minute. Wait a moment, then try again."))
        response["Retry-After"] = str(-(-wait // 1000))
        return response
    if form.is_valid():
        request.session["play_name"] = form.cleaned_data["name"]
        request.session["play_choices"] = {key: form.cleaned_data[key] for key in CHOICES}
        if request.session.session_key is None:
            request.session.save()
    limits.note_post(request.session.session_key, address, now)
    if not form.is_valid():
        return _lobby(request, form, status=400)
    cap = limits.unfinished_per_session()
    if limits.unfinished(request.session.session_key).count() >= cap:
        return _lobby(request, form, status=409, message=ngettext(
            "You already have %(count)s unfinished game. Continue it, or abandon it to start a new one.",
            "You already have %(count)s unfinished games. Continue one, or abandon one to start a new one.",
            cap) % {"count": cap})
    row = service.create(request.session.session_key, form.cleaned_data["players"], form.cleaned_data["level"],
                         form.cleaned_data["ant_pile"], form.cleaned_data["rounds"], form.cleaned_data["name"],
                         form.cleaned_data["first_guard"], form.cleaned_data["pace"])
    return redirect("play:game", game_id=row.pk)


@require_POST
def abandon(request, game_id):
    """Delete one of this browser's games, so that it may start another."""
    deleted, _kinds = PracticeGame.objects.filter(pk=game_id, owner=_owner(request) or "").delete()
    if not deleted:
        return _not_found(request)
    return redirect("play:lobby")


def _wake_in(turn) -> int | None:
    """Ms until the next thing the player may know of is due (a window closing, a bot's next
    play); the page asks for it then.

    Waiting for the regular poll would show a bot's mosquito up to a poll interval late,
    and the player would start every slap and race behind the bots. A bot's race, slap,
    cheat or Caught! is not announced ahead: the regular poll shows it.
    """
    wake = service.page_wake(turn)
    if wake is None:
        return None
    return max(50, wake - service.game_now(turn.row, turn.game))


def _context(request, turn, *, client_version=None, message=None, message_url=None, message_kind="refusal"):
    row, game = turn.row, turn.game
    names = seat_names(row.player_name, game.players)
    view = game.view(service.HUMAN)
    legal = game.legal_actions(service.HUMAN)
    if row.hold:
        # The round's scores are on screen: nothing is owed until the player goes on.
        legal = [a for a in legal if False]
    # The game keeps only the end of its log: the table's last lines and the news since the
    # page's version come from the event table, in one read of its last lines.
    news = client_version is not None and client_version < row.public_version
    recent = service.recent_log(turn, LOG_LINES) if news or view["log_start"] else []
    seen = [e for _round, public, e in recent if public > client_version] if news else []
    announce = seen[-MAX_ANNOUNCE:]
    summary = None
    if game.history and (row.hold or game.over):
        last = game.history[-1]
        summary = {
            "round": last["round"],
            "rows": [{"name": names[s], "is_me": s == service.HUMAN, "cards": len(last["hands"][s]),
                      "minus": last["minus"][s], "total": last["totals"][s]} for s in range(game.players)],
            "next_guard": names[game.guard] if not game.over else None,
            "next_guard_is_me": game.guard == service.HUMAN,
            "out": names[last["out"]] if last["out"] is not None else None,
        }
        if game.over:
            places = []
            for place, seats in enumerate(game.ranking(), start=1):
                for s in seats:
                    places.append({"place": place, "name": names[s], "is_me": s == service.HUMAN,
                                   "score": game.scores[s]})
            summary["ranking"] = places
            summary["rounds"] = [{"round": h["round"], "minus": [h["minus"][s] for s in range(game.players)]}
                                 for h in game.history]
            summary["names"] = names
            summary["won"] = service.HUMAN in game.ranking()[0]
            # "Play again" posts these to the lobby: the next game starts at once, the same way.
            summary["again"] = {"name": row.player_name, "players": game.players, "level": row.level,
                                "pace": row.pace, "first_guard": row.first_guard,
                                "rounds": game.options["rounds"], "ant_pile": game.options["ant_pile"]}
            summary["change_url"] = reverse("play:lobby") + "?" + urlencode(
                {key: summary["again"][key] for key in CHOICES})
    if row.hold and summary:
        # The next round is already dealt, but the player is still reading the last one:
        # its number and its log, not the new hands (the table hides seats, piles and hand).
        view = {**view, "round": summary["round"], "log": service.last_round_log(turn), "log_start": 0}
    elif view["log_start"]:
        lines = [e for round_no, _public, e in recent if round_no == game.round]
        view = {**view, "log": lines, "log_start": view["log_start"] + len(view["log"]) - len(lines)}
    # Tells: hands that shrank with no logged reason, as the player's own view showed it;
    # the ones seen since the version this page last showed are new (animated, announced).
    tells = table_tells.active(turn.memories.get(service.HUMAN, {}), game.clock, shown=client_version,
                               tell_ms=bots.tell_ms(row.level))
    context = present(
        view, legal, names,
        tells=tells,
        action_url=reverse("play:act", args=[row.pk]),
        version=row.public_version,
        announce=announce,
        moved=seen,
        extra={
            "poll_url": reverse("play:poll", args=[row.pk]),
            "poll_ms": _poll_ms(),
            "wake_in_ms": _wake_in(turn),
            "message": message,
            "message_url": message_url,
            "message_kind": message_kind,
            "after_centre": SUMMARY if summary else None,
            "summary": summary,
            "hold": row.hold,
            "lobby_url": reverse("play:lobby"),
            "table_label": _("Card table"),
            "shortcuts": True,
            "act_s": game.options["act_ms"] // 1000 if game.options["act_ms"] % 1000 == 0 else game.options["act_ms"] / 1000,
        },
    )
    if row.hold:
        context["prompt"] = _("Round %(round)s is over. Read the scores, then start the next round.") % {"round": summary["round"]}
        context["my_turn"] = False
    return context


def _respond(request, turn, status=200, **kwargs):
    context = _context(request, turn, **kwargs)
    # When the page got each window and tell: a fast action is credited from there (service.dated).
    service.note_sent(turn, shown=kwargs.get("client_version"))
    if request.htmx:
        return render(request, TABLE, context, status=status)
    return render(request, "play/game.html", {**context, "game_id": turn.row.pk}, status=status)


@require_GET
def game(request, game_id):
    if not GAME_ID.match(game_id):
        return _not_found(request)
    turn, _refusal = service.run(game_id, _owner(request) or "")
    if turn is None:
        return _not_found(request)
    return _respond(request, turn)


def _version(value) -> int | None:
    try:
        version = int(value)
    except (TypeError, ValueError):
        return None
    return version if version >= 0 else None


def _reaction(value) -> int | None:
    """The page's measured reaction (ms from the window on screen to the tap); None if unreadable."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


_POLL_SQL = (f"SELECT public_version, wake_ms, started_ms FROM {PracticeGame._meta.db_table} "
             "WHERE id = %s AND owner = %s")


@require_GET
def poll(request, game_id):
    if not GAME_ID.match(game_id):
        return _not_found(request)
    client = _version(request.GET.get("version"))
    if client is None:
        return HttpResponse(_("That request is not one this page sends."), status=400)
    owner = _owner(request)
    # The common case, nothing new: one small row read, no state parsed, no session read.
    # Polls come several times a second from every open table, so this read skips the ORM.
    with connection.cursor() as cursor:
        cursor.execute(_POLL_SQL, [game_id, owner or ""])
        row = cursor.fetchone()
    if row is None:
        return _not_found(request)
    # wake_ms is the server's own: it includes the bots' secret moves, which the next
    # request must catch up with, but the answer depends only on the public version.
    version, wake_ms, started_ms = row
    if client == version and (wake_ms is None or service.wall_ms() - started_ms < wake_ms):
        return HttpResponse(status=204)
    turn, _refusal = service.run(game_id, owner)
    if turn is None:
        return _not_found(request)
    if client == turn.row.public_version:
        return HttpResponse(status=204)
    response = _respond(request, turn, client_version=client)
    if turn.game.over:
        response.status_code = 286  # htmx stops polling
    return response


@require_POST
def act(request, game_id):
    if not GAME_ID.match(game_id):
        return _not_found(request)
    owner = _owner(request)
    client = _version(request.POST.get("version"))
    action = " ".join(request.POST.get("action", "").split())[:40]
    to = request.POST.get("to", "").strip()
    if action.startswith("give ") and len(action.split()) == 2 and to:
        action = f"{action} {to[:2]}"
    if client is None or not action:
        turn, _refusal = service.run(game_id, owner or "")
        if turn is None:
            return _not_found(request)
        message, slug = explain("bad_post", {})
        return _respond(request, turn, status=400, message=message, message_url=rule_link(slug))
    turn, refusal = service.run(game_id, owner or "", action=action, posted_version=client,
                                reaction_ms=_reaction(request.POST.get("reaction_ms")))
    if turn is None:
        return _not_found(request)
    if refusal is None:
        return _respond(request, turn, client_version=client)
    if isinstance(refusal, service.Stale):
        message, slug = explain("stale", {})
        return _respond(request, turn, status=409, message=message, message_kind="notice", client_version=client)
    if isinstance(refusal, service.BadPost):
        message, slug = explain("bad_post", {})
        return _respond(request, turn, status=400, message=message)
    assert isinstance(refusal, IllegalAction)
    message, slug = explain(refusal.code, refusal.params)
    status = 409 if refusal.code in ("time_backwards", "game_over") else 400
    return _respond(request, turn, status=status, message=message, message_url=rule_link(slug))
