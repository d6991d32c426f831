"""A friends' table's pages: create, join by link or code, the waiting room with the host's
powers, then the game for each seat, pushed (one stream per page, mogel/friends/stream.py) with a
slow poll while the stream is down (plain function views, htmx fragments).

What a seat's page shows is made from :func:`_seat`'s context alone: the poll and the answers
render it whole (:func:`table_html`), the stream whole or as a patch of it. Every refusal is a translated message and an unchanged table."""

from __future__ import annotations

import io
import re
from functools import wraps

import segno
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from mogel import games, push
from mogel.core.errors import IllegalAction
from mogel.pages.caching import shows_a_hand
from mogel.play import echo, limits, posted
from mogel.play import replay as replays
from mogel.play import service as play
from mogel.play import tempo as tempos
from mogel.play.models import PracticeGame
from mogel.play.shell import place_presence
from mogel.play.views import TABLE, seat_context, too_hurried
from mogel.push import connections
from mogel.push.stream import checked, last_event_id, serve
from mogel.table import regions

from . import guesses, invite, service
from .forms import CodeForm, SitForm, table_form
from .messages import MESSAGES, NAME_MESSAGES, STATUS
from .models import CODE_LENGTH, Table
from .stream import GameSource, RoomSource, room_changed

CODE = re.compile(rf"^[A-Za-z0-9]{{{CODE_LENGTH}}}$")
SESSION = "friends"
ROOM_POLL_MS = 2000
# The waiting room's poll while its stream is down (pushed pages): slow, as the table's fallback.
ROOM_FALLBACK_POLL_MS = 3000
# Who is at the table: pushed on the game's stream, polled this often only while it is down.
SEATS_POLL_MS = 3000


def url(name: str, table: Table) -> str:
    return reverse(f"friends:{name}", kwargs={"code": table.code})


def with_table(view):
    """Pass the view the table the address names; an unknown code is the page that says so."""
    @wraps(view)
    @connections.given_back
    def wrapped(request, code, *args, **kwargs):
        table, refusal = table_of(request, code)
        if refusal:
            return refuse(request, None, refusal)
        return view(request, table, *args, **kwargs)
    return wrapped


def table_of(request, code: str):
    """The table ``code`` names and None, or None and the refusal's code: ``wrong_code`` (a miss,
    counted for the client's address) or ``too_many_guesses`` (its address missed too often:
    refused, hit or miss, unless its browser has a seat there). ``guesses`` says why."""
    code = (code or "").strip().upper()
    table = Table.objects.filter(code=code).first() if CODE.match(code) else None
    if table is not None and not play.registered(table.kind):
        table = None
    if table is not None and table.pk in (request.session.get(SESSION) or {}):
        return table, None   # a seat of its own here: no count to read
    if guesses.blocked(request) and (table is None or secret(request, table) is None):
        return None, "too_many_guesses"
    if table is None:
        guesses.missed(request)
        return None, "wrong_code"
    return table, None


def refuse(request, table, code: str, **extra):
    """A refusal's page (or its fragment, for htmx): the message and a way on; the table unchanged."""
    context = {"message": MESSAGES[code], "table": table, "join_url": reverse("friends:join"),
               "table_url": url("table", table) if table else None, **extra}
    template = "friends/refused.html#refusal" if request.htmx else "friends/refused.html"
    return _retry_after(render(request, template, context, status=STATUS[code]), code)


def _retry_after(response, code: str):
    """A refusal for too many wrong codes says when the count starts again."""
    if code == "too_many_guesses":
        response["Retry-After"] = str(guesses.retry_after_s())
    return response


# -- who is asking --------------------------------------------------------------------------------

def secret(request, table: Table) -> str | None:
    """The session's secret for this table, or for the table it is the rematch of (the people
    keep their seats, and their secrets, from one game to the next)."""
    mine = request.session.get(SESSION) or {}
    for _step in range(20):
        if table is None:
            return None
        if table.pk in mine:
            return mine[table.pk]
        table = Table.objects.filter(rematch=table).first()
    return None


def remember(request, table: Table, value: str) -> None:
    mine = dict(request.session.get(SESSION) or {})
    mine[table.pk] = value
    # A family plays a few tables an evening; the session keeps the last ones only.
    request.session[SESSION] = dict(list(mine.items())[-20:])


# -- create and join -----------------------------------------------------------------------------

@require_http_methods(["GET", "POST"])
def new(request, key):
    try:
        kind = games.get(key)
    except LookupError:
        raise Http404 from None
    if not kind.engine_path:
        raise Http404
    form_class = table_form(kind)
    if request.method == "GET":
        initial = form_class.preset(request.session.get(kind.scoped("play_choices")) or {}, request.GET)
        form = form_class(initial={"name": request.session.get("play_name", ""), **initial})
        return _new(request, kind, form)
    form = form_class(request.POST)
    address, now = limits.client_address(request), play.wall_ms()
    hurried = too_hurried(request, address, now, lambda message: _new(request, kind, form, 429, message))
    if hurried:
        return hurried
    if request.session.session_key is None:
        request.session.save()
    limits.note_post(request.session.session_key, address, now)
    if not form.is_valid():
        return _new(request, kind, form, status=400)
    if service.address_full(address):
        return _new(request, kind, form, 429, MESSAGES["too_many_tables"])
    data = form.cleaned_data
    request.session["play_name"] = data["name"]
    table, value = service.create(kind, name=data["name"], players=data["players"], level=data["level"],
                                  pace=data["pace"], choices=form.choices(), spectators=data["spectators"],
                                  language=get_language() or "", address=address,
                                  open_to_link=not data["ask_first"], tempo=data["tempo"])
    remember(request, table, value)
    return redirect(url("table", table))


def _new(request, kind, form, status=200, message=None):
    return render(request, "friends/new.html", {"kind": kind, "form": form, "message": message,
                                                "new_url": reverse("friends:new", kwargs={"key": kind.key})},
                  status=status)


@require_http_methods(["GET", "POST"])
def join(request):
    """Where a code read out over the phone is typed."""
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        table, refusal = table_of(request, form.cleaned_data["code"].replace(" ", "").replace("-", ""))
        if refusal:
            return _retry_after(render(request, "friends/join.html", {"form": form, "message": MESSAGES[refusal]},
                                       status=STATUS[refusal]), refusal)
        return redirect(url("table", table))
    status = 400 if request.method == "POST" else 200
    return render(request, "friends/join.html", {"form": form}, status=status)


# -- the waiting room ----------------------------------------------------------------------------

def room_context(request, table: Table, mine, message=None) -> dict:
    seats = {s.number: s for s in table.seats.all()}
    value = secret(request, table) if mine is None else None
    wall = play.wall_ms()
    link = invite.link(request, table)
    rows = []
    for number in range(table.players):
        seat = seats.get(number)
        rows.append({"number": number, "seat": seat, "mine": seat is not None and mine is not None
                     and seat.pk == mine.pk, "gone": seat is not None and service.gone(seat, wall)})
    return {"table": table, "kind": games.get(table.kind), "rows": rows, "me": mine,
            "is_host": mine is not None and mine.host, "link": link, "code": table.code,
            "code_spaced": f"{table.code[:3]} {table.code[3:]}", "full": len(seats) >= table.players,
            "message": message, "room_url": url("room", table), "host_url": url("host", table),
            "sit_url": url("sit", table), "qr_url": url("qr", table), "join_link": invite.join_link(request),
            "leave_url": url("leave", table),
            "poll_ms": ROOM_FALLBACK_POLL_MS if push.enabled() else ROOM_POLL_MS,
            "stream_url": url("stream", table) if push.enabled() else None,
            "sit_form": SitForm(), **_removal_context(table, mine, value), **_asking_context(request, table, mine),
            **_tempo_context(table)}


def _tempo_context(table: Table) -> dict:
    """The table's tempo as everyone in the waiting room reads it, and the host's choices of it."""
    return {"tempo_line": tempos.line(table.tempo),
            "tempos": [{"value": t, "label": tempos.label(t), "chosen": t == table.tempo} for t in tempos.TEMPOS]}


def _removal_context(table: Table, mine, value) -> dict:
    """What the waiting room says about removals: to a person the host took off the table, that
    (and whether they may watch); to one the host let back, that they may sit down again; to
    the host, who was taken off, each with "Let them back"."""
    removed = mine is None and service.was_removed(table, value)
    return {"removed": removed, "let_back": mine is None and bool(value) and not removed,
            "removed_people": service.removed_people(table) if mine is not None and mine.host else [],
            "table_url": url("table", table), "join_url": reverse("friends:join")}


def _asking_context(request, table: Table, mine) -> dict:
    """Who asked to sit down (for the host), the page's own ask, and whether the page's person
    sees the seats (a stranger at a table the host lets each guest in to sees no names)."""
    value = secret(request, table) if mine is None else None
    mine_asked = next((a for a in table.asking if value and a["hash"] == service.hashed(value)), None)
    return {"asking": [{"id": service.asker_id(a), "name": a["name"]} for a in table.asking],
            "my_ask": mine_asked, "closed_to_me": mine is None and not table.open_to_link}


@require_GET
@with_table
@shows_a_hand
def table(request, table):
    value = secret(request, table)
    mine = service.seat_of(table, value)
    if mine is None and service.was_removed(table, value) and not table.spectators:
        return refuse(request, table, "removed")
    if mine is not None:
        service.touch(mine, play.wall_ms(), loaded=True)
    if not table.started:
        return render(request, "friends/room.html", room_context(request, table, mine))
    seat, code = _viewer(request, table)
    if code:
        return refuse(request, table, code)
    turn, _refusal = service.run(table, seat, sends=True)
    return render(request, "friends/game.html", game_context(request, table, turn))


@require_GET
@with_table
def room(request, table):
    """The waiting room's poll: who sat down; once the host started, the page reloads into the game."""
    if table.started:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    mine = service.seat_of(table, secret(request, table))
    if mine is not None:
        service.touch(mine, play.wall_ms())
    return render(request, "friends/room.html#room", room_context(request, table, mine))


@require_GET
@with_table
def qr(request, table):
    """The invite link as a QR code (SVG, served from here: the page's CSP allows no inline script)."""
    code = segno.make(invite.link(request, table), error="m")
    out = io.BytesIO()
    # A document of its own (an <img>): with its namespace, without the XML declaration.
    code.save(out, kind="svg", scale=6, border=2, xmldecl=False, svgns=True, title=_("Invite link"))
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response


@require_POST
@with_table
def sit(request, table):
    form = SitForm(request.POST)
    if not form.is_valid():
        return _room_refusal(request, table, name_refusal(form), form)
    if service.seat_of(table, secret(request, table)) is not None or _asking_context(request, table, None)["my_ask"]:
        return redirect(url("table", table))
    if service.was_removed(table, secret(request, table)):
        # The browser the host took off the table: not under a new name either, until let back.
        return _room_refusal(request, table, "removed")
    try:
        value = service.sit(table, form.cleaned_data["name"])
    except service.Refusal as refusal:
        return _room_refusal(request, table, refusal.code, form)
    room_changed(table)
    if request.session.session_key is None:
        request.session.save()
    remember(request, table, value)
    return redirect(url("table", table))


@require_POST
@with_table
def leave(request, table):
    """A guest gets up before the start: the waiting room again, with the seat free."""
    try:
        service.leave(table, secret(request, table))
    except service.Refusal as refusal:
        return _room_refusal(request, table, refusal.code)
    room_changed(table)
    return redirect(url("table", table))


def name_refusal(form) -> str:
    """The refusal's code of a name form that did not validate (an empty post: "bad_name")."""
    codes = [error.code for error in form.errors.as_data().get("name", ())]
    return next((code for code in codes if code in MESSAGES), "bad_name")


def _room_refusal(request, table, code, sit_form=None):
    """The waiting room again with the refusal on it (the table unchanged); a started table's own page.
    ``sit_form``: the name form as posted, shown again with the refusal under the name."""
    if table.started:
        return refuse(request, table, code)
    mine = service.seat_of(table, secret(request, table))
    template = "friends/room.html#room" if request.htmx else "friends/room.html"
    context = room_context(request, table, mine, message=MESSAGES[code])
    if sit_form is not None:
        if not sit_form.errors and code in NAME_MESSAGES:
            sit_form.add_error("name", MESSAGES[code])
        context["sit_form"] = sit_form
    return render(request, template, context, status=STATUS[code])


HOST_POWERS = {"bot": lambda t, p: service.add_bot(t, p.get("seat")),
               "move": lambda t, p: service.move(t, p.get("seat"), p.get("to"), p.get("who")),
               "remove": lambda t, p: service.remove(t, p.get("seat"), p.get("who")),
               "start": lambda t, p: service.start(t),
               "admit": lambda t, p: service.admit(t, p.get("who")),
               "turn_away": lambda t, p: service.turn_away(t, p.get("who")),
               "open": lambda t, p: service.open_table(t, p.get("open")),
               "back": lambda t, p: service.let_back(t, p.get("who")),
               "tempo": lambda t, p: service.set_tempo(t, p.get("tempo"))}


@require_POST
@with_table
def host(request, table):
    """The host's powers: a bot in an empty seat (or all), move a seat, free a seat, start."""
    power = HOST_POWERS.get(request.POST.get("op", ""))
    try:
        service.check_host(table, secret(request, table))
        if power is None:
            raise service.Refusal("no_such_seat")
        power(table, request.POST)
    except service.Refusal as refusal:
        # A second click on Start (or a start raced by another page's) finds the game begun: one outcome.
        if not (refusal.code == "started" and request.POST.get("op") == "start"):
            return _room_refusal(request, table, refusal.code)
    room_changed(table)
    if table.started:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response if request.htmx else redirect(url("table", table))
    if not request.htmx:
        return redirect(url("table", table))
    return render(request, "friends/room.html#room", room_context(request, table, service.seat_of(
        table, secret(request, table))))


# -- the game ------------------------------------------------------------------------------------

def _again(table):
    def again(kind, turn, summary):
        # A spectator may watch the replay, not play again nor set up the next table.
        if turn.seat is not None:
            summary["again"] = {"code": table.code}
            summary["change_url"] = reverse("friends:new", kwargs={"key": kind.key})
        if kind.replayer:
            summary["replay_url"] = shared_replay_url(turn.row)
    return again


def shared_replay_url(row: PracticeGame) -> str:
    """A finished game's shareable replay link, on the final summary (the token made on the first ask)."""
    return reverse("friends:replay-shared-start", kwargs={"token": replays.token_of(row)})


def table_html(request, table: Table, turn, *, client_version=None, message=None, message_url=None,
               message_kind="refusal") -> str:
    """What seat ``turn.seat``'s page shows now (None: a spectator): the game's table from that
    seat's own view, rendered. The one function the poll (and later a pushed stream) renders."""
    return render_to_string(TABLE, _seat(table, turn, client_version, message, message_url, message_kind),
                            request=request)


def _seat(table, turn, client_version=None, message=None, message_url=None, message_kind="refusal"):
    # The seats the change was made with (service.run): the same moment, read once.
    seats = list(table.seats.all()) if turn.seats is None else turn.seats
    urls = {"action_url": url("act", table), "poll_url": url("poll", table), "lobby_url": url("again", table),
            "stream_url": url("stream", table) if push.enabled() else None}
    context = seat_context(turn, service.names(table, seats), urls, client_version=client_version,
                           message=message, message_url=message_url, message_kind=message_kind,
                           again=_again(table))
    play.note_sent(turn, shown=client_version)
    return place_presence(context, service.on_seats(seats, play.wall_ms()))


def game_context(request, table, turn) -> dict:
    kind = games.get(table.kind)
    return {**_seat(table, turn), "table": table, "kind": kind, "templates": kind.templates,
            **_replays(table, turn, kind),
            "removed": turn.seat is None and service.was_removed(table, secret(request, table)),
            **seats_context(request, table, turn.seat, turn.seats)}


def _replays(table, turn, kind) -> dict:
    """The game page's replay links: this game's (by its row once over: the link stays this
    game's whatever the table plays next) and each earlier game's at the table, oldest first."""
    if not kind.replayer:
        return {"replay_url": None, "earlier_replays": []}
    earlier, previous = [], table
    for _step in range(20):
        previous = Table.objects.filter(rematch=previous).select_related("game").first()
        if previous is None or previous.game is None or not previous.game.over:
            break
        earlier.append(shared_replay_url(previous.game))
    return {"replay_url": shared_replay_url(turn.row) if turn.game.over else url("replay", table),
            "earlier_replays": earlier[::-1]}


def seats_context(request, table, seat, seats=None, message=None) -> dict:
    seats = list(table.seats.all()) if seats is None else seats
    is_host = any(s.host and s.number == seat for s in seats)
    return {"presence": service.presence(seats, play.wall_ms()), "my_seat": seat,
            "spectating": seat is None, "seats_url": url("seats", table), "seats_poll_ms": SEATS_POLL_MS,
            "is_host": is_host, "takeover_url": url("takeover", table) if is_host else None,
            "message": message}


def seats_html(request, table, seat, seats=None, message=None) -> str:
    """Who is at the table (#seats) for seat ``seat``'s page (None: a spectator's), with each
    seat's presence on the game's table to swap in place (a game that waits at someone's turn
    redraws nothing). The seats poll and the pushed stream both send it."""
    seats = list(table.seats.all()) if seats is None else seats
    bar = render_to_string("friends/game.html#seats", seats_context(request, table, seat, seats, message=message),
                           request=request)
    on_seats = service.on_seats(seats, play.wall_ms())
    return bar + render_to_string("friends/_presence_oob.html",
                                  {"seats": [{"seat": n, "presence": p} for n, p in on_seats.items()]})


@require_GET
@with_table
def seats(request, table):
    """Who is at the table now (here, gone with a bot playing for them, a bot), polled only
    while the page's stream is down; after "Play again" the page moves to the rematch. Asked
    as every page of the table: a stranger or a forged seat gets the refusal, not the names."""
    seat, code = _viewer(request, table)
    if code:
        return refuse(request, table, code)
    if table.rematch_id is not None:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url("table", table.rematch)
        return response
    return HttpResponse(seats_html(request, table, seat))


@require_POST
@with_table
def takeover(request, table):
    """The host's "Let a bot play for Ben now": an away person's seat played by a bot at once
    (they take it back by coming back). Answers the host's panel of who is at the table."""
    try:
        mine = service.check_host(table, secret(request, table))
    except service.Refusal as refusal:
        return refuse(request, table, refusal.code)
    try:
        service.hand_to_bot(table, request.POST.get("seat"))
    except service.Refusal as refusal:
        if not request.htmx:
            return refuse(request, table, refusal.code)
        return HttpResponse(seats_html(request, table, mine.number, message=MESSAGES[refusal.code]),
                            status=STATUS[refusal.code])
    # The bot moves now if the table waited at that seat (the save tells every page's stream);
    # otherwise the streams see the new presence at their next tick.
    service.run(table, mine.number)
    if not request.htmx:
        return redirect(url("table", table))
    return HttpResponse(seats_html(request, table, mine.number))


def _viewer(request, table):
    """The seat the session plays (its number, None for a spectator) or the refusal's code."""
    if not table.started:
        return None, "not_your_seat"
    value = secret(request, table)
    mine = service.seat_of(table, value)
    if mine is not None:
        service.touch(mine, play.wall_ms())
        return mine.number, None
    if value:
        # A secret that owns no seat: a guest the host removed (who may watch where anyone
        # may), or a forged one.
        if service.was_removed(table, value):
            return None, (None if table.spectators else "removed")
        return None, "not_your_seat"
    return None, (None if table.spectators else "no_spectators")


@require_GET
@with_table
@shows_a_hand
def poll(request, table):
    seat, code = _viewer(request, table)
    if code:
        return refuse(request, table, code)
    client = posted.version(request.GET.get("version"))
    if client is None:
        return HttpResponse(_("That request is not one this page sends."), status=400)
    # The common case, nothing new: one small row read, no state parsed.
    # A page on the held scores must hear when the last person went on: no event says so.
    held = request.GET.get("held") == "1"
    row = PracticeGame.objects.filter(pk=table.game_id).only("pk", "publics", "wake_ms", "started_ms",
                                                             "seen_ms", "paused_ms", "away", "hold").first()
    wall, seats = play.wall_ms(), list(table.seats.all())
    # wake_ms knows the bots' moves, not when a bot takes over a seat whose person left: while
    # one has, every poll lets the game catch up (the bot owes that person's moves).
    if (client == row.publics.get(play.mark(seat), 0) and held == row.hold
            and (row.wake_ms is None or play.clock_at(row, wall) < row.wake_ms)
            and not any(service.gone(s, wall) for s in seats)):
        return HttpResponse(status=204)
    turn, _refusal = service.run(table, seat, seats=seats, sends=True, page=echo.of_request(request))
    if client == turn.public_version() and held == turn.row.hold:
        return HttpResponse(status=204)
    response = HttpResponse(table_html(request, table, turn, client_version=client))
    if turn.game.over:
        response.status_code = 286  # htmx stops polling
    return response


@require_GET
async def stream(request, code):
    """Every page of the table pushed as it changes (mogel.push, docs/push.md): the waiting room's
    seats until the start, then the game as the page's own seat (or a spectator) sees it."""
    found = await checked(request, _source, request, code)
    return found if isinstance(found, HttpResponse) else await serve(request, found)


def _source(request, code):
    """The stream's source for the page's person, or the refusal (the poll's own answers)."""
    table, refusal = table_of(request, code)
    if refusal:
        return refuse(request, None, refusal)
    if not table.started:
        def room_html(fresh):
            mine = service.seat_of(fresh, secret(request, fresh))
            if mine is not None:   # a guest let in while this stream was open is at the table too
                service.touch(mine, play.wall_ms())
            return render_to_string("friends/room.html#room", room_context(request, fresh, mine), request=request)
        mine = service.seat_of(table, secret(request, table))
        return RoomSource(table, None if mine is None else mine.pk, room_html)
    seat, refusal = _viewer(request, table)
    if refusal:
        return refuse(request, table, refusal)
    mine = service.seat_of(table, secret(request, table))
    known = posted.version(last_event_id(request) or request.GET.get("version"))
    painter = regions.Painter(games.get(table.kind), lambda turn, client: _seat(table, turn, client),
                              lambda context: render_to_string(TABLE, context, request=request))
    return GameSource(table, seat, None if mine is None else mine.pk, known,
                      painter,
                      lambda fresh, seats: seats_html(request, fresh, seat, seats),
                      page=echo.page_of(request.GET.get("page")))


@require_POST
@with_table
@shows_a_hand
def act(request, table):
    """A move, checked against the session's own seat: a post naming another seat, or from a
    session with no seat, is refused and the game unchanged."""
    seat, code = _viewer(request, table)
    if seat is None:
        return refuse(request, table, code or "not_your_seat")
    posted_seat = request.POST.get("seat")
    if posted_seat is not None and posted_seat != str(seat):
        return refuse(request, table, "other_seat")
    kind, page = games.get(table.kind), echo.of_request(request)
    client = posted.version(request.POST.get("version"))
    action = kind.posted_action(request.POST)
    if client is None or not action:
        turn, _refusal = service.run(table, seat, page=page)
        message, slug = kind.explain("bad_post", {})
        return _answer(request, table, turn, 400, message=message, message_url=kind.rule_link(slug))
    turn, refusal = service.run(table, seat, action=action, posted_version=client,
                                reaction_ms=posted.reaction(request.POST.get("reaction_ms")), sends=request.htmx,
                                page=page)
    if refusal is None and play.held_by(turn, seat):
        # Held while another person's race may be on its way (play.hold): say it is in.
        message, _slug = kind.explain("held", {})
        return _answer(request, table, turn, 200, message=message, message_kind="notice", client_version=client)
    if refusal is None:
        return _answer(request, table, turn, 200, client_version=client)
    if isinstance(refusal, play.Stale):
        message, _slug = kind.explain("stale", {})
        return _answer(request, table, turn, 409, message=message, message_kind="notice", client_version=client)
    if isinstance(refusal, play.BadPost):
        message, _slug = kind.explain("bad_post", {})
        return _answer(request, table, turn, 400, message=message)
    assert isinstance(refusal, IllegalAction)
    message, slug = _late_or_rule(kind, turn, action, refusal, client, table)
    status = 409 if refusal.code in ("time_backwards", "game_over") else 400
    return _answer(request, table, turn, status, message=message, message_url=kind.rule_link(slug))


def _late_or_rule(kind, turn, action, refusal, client, table):
    verb = action.split()[0]
    if verb in kind.fast_actions and client < turn.public_version():
        since = play.visible_since(turn, client, last=play.SENT_SPAN)
        late = kind.explain_late(verb, refusal.code, since, service.names(table, list(table.seats.all())),
                                 me=turn.seat)
        if late is not None:
            return late
    return kind.explain(refusal.code, refusal.params)


def _answer(request, table, turn, status, **kwargs):
    if request.htmx:
        return HttpResponse(table_html(request, table, turn, **kwargs), status=status)
    return redirect(url("table", table))


@require_POST
@with_table
def again(request, table):
    """"Play again": everyone at the table moves to the next game (their pages follow on their own)."""
    seat, code = _viewer(request, table)
    if seat is None:
        return refuse(request, table, code or "not_your_seat")
    turn, _refusal = service.run(table, seat)
    if not turn.game.over:
        return refuse(request, table, "started")
    rematch = service.again(table)
    # Every other page of the table (spectators' too) hears of it on its stream.
    room_changed(table)
    return redirect(url("table", rematch))
