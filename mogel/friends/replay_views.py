"""A friends' game watched again step by step: the practice game's replay pages
(``mogel.play.replay_views.show``) with the table's names and addresses.

Each person watches from their own seat (the session's secret), seeing only their own hand
while the game runs; a spectator, if the host allows them, public events only; a stranger
nothing. Once the game is over every hand is shown, and the final summary links the shared
replay (``…/<replay/><token>/``: the row's replay token, never the table's code or a seat),
which speaks to its viewer as "you" only from the seat that viewer played."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from mogel import games
from mogel.pages.caching import shows_a_hand
from mogel.play.models import PracticeGame
from mogel.play.replay_views import Place, show
from mogel.play.views import GAME_ID

from . import service
from .models import Table
from .views import _viewer, refuse, secret, shared_replay_url, url, with_table


def _place(table: Table, row: PracticeGame, seat: int | None, shared: bool) -> Place:
    kind = games.get(table.kind)

    def step_url(step):
        if shared:
            return reverse("friends:replay-shared", kwargs={"token": row.replay_token, "step": step})
        return reverse("friends:replay-step", kwargs={"code": table.code, "step": step})
    share = None if shared else (lambda: shared_replay_url(row))
    return Place(seat, service.names(table, list(table.seats.all())), step_url, share,
                 None if shared else url("table", table), kind.play_url("lobby"), shared)


@require_GET
@with_table
@shows_a_hand
def replay(request, table, step=0):
    """A person's replay from their own seat, a spectator's from none; a stranger is refused."""
    seat, code = _viewer(request, table)
    if code:
        return refuse(request, table, code)
    kind = games.get(table.kind)
    if kind.replayer is None:
        return refuse(request, table, "wrong_code")
    row = PracticeGame.objects.get(pk=table.game_id)
    return show(request, kind, row, step, _place(table, row, seat, shared=False))


@require_GET
@shows_a_hand
def shared_replay(request, token, step=0):
    """Anyone with the link: the finished game in full. A person who played it watches from
    their own seat ("you"); anyone else from none, every seat named in the third person."""
    table = None
    if GAME_ID.match(token):
        table = Table.objects.filter(game__replay_token=token, game__over=True).select_related("game").first()
    if table is None or games.get(table.kind).replayer is None:
        return render(request, "friends/refused.html", {
            "message": _("There is no such replay here. The link may be wrong or the game deleted."),
            "table": None, "join_url": reverse("friends:join"), "table_url": None}, status=404)
    seat = own_seat(request, table)
    return show(request, games.get(table.kind), table.game, step, _place(table, table.game, seat, shared=True))


def own_seat(request, table: Table) -> int | None:
    """The seat the viewer's browser played at ``table`` (its session's secret), or None."""
    mine = service.seat_of(table, secret(request, table))
    return None if mine is None else mine.number
