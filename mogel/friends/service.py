"""Tables for friends, written once for every game kind: seats, the host's powers, presence,
and the game itself through the practice game's service (``mogel.play.service``) for one seat
at a time. No process memory and no background worker, as the practice game: every request
loads the table, lets bots and windows catch up with server time and saves.

Who a person is: the secret their browser's session holds for the table (``Seat.secret_hash``
is its sha256). Nothing a page posts names its seat: the seat is the session's.
"""

from __future__ import annotations

from django.conf import settings
from datetime import timedelta
from functools import wraps

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import pgettext

from mogel import games
from mogel.core.errors import IllegalAction
from mogel.play import limits, rows
from mogel.play import service as play
from mogel.play.models import PracticeGame
from mogel.play import name_rules
from mogel.play.names import bot_names
from mogel.play import tempo as tempos

from .models import Seat, Table, hashed, new_code, new_secret

# A person whose page has had no contact this long gets a bot playing for them (BGA's "zombie",
# but they take the seat back by coming back). Pages poll several times a second; a phone that
# locks its screen for a minute is gone for the table.
GRACE_MS = 60_000
# A poll's contact is written only when the one noted is this old: most polls write nothing.
CONTACT_EVERY_MS = 3_000
# A table nobody started within a day is an invite nobody took up: prunegames deletes it.
WAITING_KEPT = timedelta(days=1)
# Silent this long (three contacts missed), a person shows as away on their seat before the grace ends.
AWAY_MS = 10_000


class Refusal(Exception):
    """Bad input at a table: the table is unchanged; ``code`` names the message (views.MESSAGES)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def grace_ms() -> int:
    return int(getattr(settings, "MOGEL_FRIENDS_GRACE_MS", GRACE_MS))


def owner(table: Table) -> str:
    """The game row's owner: never a session key (those are 32 letters and digits), so no
    practice-game address serves a friends' game."""
    return f"friends:{table.pk}"


def at_table(action):
    """Run a waiting-room or host action holding the table's row lock, ``table`` re-read under it.

    Every such action takes this one lock first and no other before it, so two at once queue up
    in one order (no deadlock), and the second sees what the first did (no duplicate seat, no
    second outcome of a double-click). On SQLite the transaction already holds the database's
    write lock from BEGIN (``mogel.dburl``: IMMEDIATE), which serializes the same way."""
    @wraps(action)
    def locked(table, *args, **kwargs):
        with transaction.atomic():
            table.refresh_from_db(from_queryset=Table.objects.select_for_update())
            return action(table, *args, **kwargs)
    return locked


# -- creating, joining, the host's powers --------------------------------------------------------

def create(kind, *, name: str, players: int, level: str, pace: str, choices: dict, spectators: bool,
           language: str, address: str = "", open_to_link: bool = True, tempo: int = 1) -> tuple[Table, str]:
    """A new table with its host at seat 0; returns it and the host's secret."""
    secret = new_secret()
    for _ in range(20):
        try:
            with transaction.atomic():
                table = Table.objects.create(code=new_code(), kind=kind.key, players=players, level=level,
                                             pace=pace, choices=choices, spectators=spectators,
                                             language=language[:8], address=address[:64],
                                             open_to_link=open_to_link, tempo=tempo)
                Seat.objects.create(table=table, number=0, name=name, secret_hash=hashed(secret), host=True,
                                    seen_ms=play.wall_ms())
            return table, secret
        except IntegrityError:
            continue   # the code was taken: draw another
    raise RuntimeError("no free table code")


def address_full(address: str) -> bool:
    """True if the tables created from ``address`` today and not over reach the address's cap
    (the practice game's by default: MOGEL_UNFINISHED_TABLES_PER_ADDRESS)."""
    cap = int(getattr(settings, "MOGEL_UNFINISHED_TABLES_PER_ADDRESS", limits.unfinished_per_address()))
    recent = Table.objects.filter(address=address, created__gte=timezone.now() - limits.ADDRESS_DAY)
    return recent.filter(Q(game__isnull=True) | Q(game__over=False)).count() >= cap


def prune_waiting(now, dry_run: bool) -> int:
    """Tables never started a day after they were made (``prunegames``); a started one goes
    with its game, as the practice games do."""
    waiting = Table.objects.filter(game__isnull=True, created__lt=now - WAITING_KEPT)
    if dry_run:
        return waiting.count()
    _total, per_model = waiting.delete()
    return per_model.get(Table._meta.label, 0)


def seat_of(table: Table, secret: str | None) -> Seat | None:
    if not secret:
        return None
    return table.seats.filter(secret_hash=hashed(secret)).first()


def check_person(table: Table, secret: str | None) -> Seat:
    """The session's seat at the table, or why it has none."""
    seat = seat_of(table, secret)
    if seat is not None:
        return seat
    if secret and hashed(secret) in table.removed:
        raise Refusal("removed")
    raise Refusal("not_your_seat")


def check_host(table: Table, secret: str | None) -> Seat:
    seat = check_person(table, secret)
    if not seat.host:
        raise Refusal("not_host")
    return seat


def _free_number(table: Table) -> int | None:
    taken = set(table.seats.values_list("number", flat=True))
    return next((n for n in range(table.players) if n not in taken), None)


@at_table
def sit(table: Table, name: str) -> str:
    """A guest sits down at the first free seat, or asks to where the host lets each guest in
    (``Table.open_to_link``); returns their secret."""
    if table.started:
        raise Refusal("started")
    name = named(name, beside=[s.name for s in table.seats.all()])
    if not table.open_to_link:
        return _ask(table, name)
    number = _free_number(table)
    if number is None:
        raise Refusal("full")
    secret = new_secret()
    Seat.objects.create(table=table, number=number, name=name, secret_hash=hashed(secret),
                        seen_ms=play.wall_ms())
    return secret


@at_table
def leave(table: Table, secret: str | None) -> None:
    """A guest gets up before the start and their seat is free again; a second click finds no
    seat and does nothing more. The host's seat stays (the host has the table to start)."""
    if table.started:
        raise Refusal("started")
    seat = seat_of(table, secret)
    if seat is None:
        return
    if seat.host:
        raise Refusal("not_the_host_seat")
    seat.delete()


# Names waiting for the host at most: a page that asks again and again fills no table's row.
ASKING_MAX = 10


def _ask(table: Table, name: str) -> str:
    """The visitor's ask to sit down, kept for the host to answer (``admit``, ``turn_away``)."""
    named(name, beside=[a["name"] for a in table.asking])
    if len(table.asking) >= ASKING_MAX or _free_number(table) is None:
        raise Refusal("full")
    secret = new_secret()
    table.asking = [*table.asking, {"name": name, "hash": hashed(secret)}]
    table.save(update_fields=["asking"])
    return secret


def asker_id(asker: dict) -> str:
    """What the host's page names an ask by: part of the hash of its secret (never the secret)."""
    return asker["hash"][:16]


def _asker(table: Table, who) -> dict:
    found = next((a for a in table.asking if asker_id(a) == str(who or "")), None)
    if found is None:
        raise Refusal("answered")   # a double-click, or another page of the host's answered it
    return found


@at_table
def admit(table: Table, who) -> None:
    """The host lets a visitor who asked sit down at the first free seat."""
    if table.started:
        raise Refusal("started")
    asker = _asker(table, who)
    named(asker["name"], beside=[s.name for s in table.seats.all()])
    number = _free_number(table)
    if number is None:
        raise Refusal("full")
    Seat.objects.create(table=table, number=number, name=asker["name"], secret_hash=asker["hash"],
                        seen_ms=play.wall_ms())
    table.asking = [a for a in table.asking if a is not asker]
    table.save(update_fields=["asking"])


@at_table
def turn_away(table: Table, who) -> None:
    """The host does not let a visitor in: their browser cannot ask again at this table."""
    asker = _asker(table, who)
    table.asking = [a for a in table.asking if a is not asker]
    table.removed = [*table.removed, asker["hash"]]
    # Named as a removed guest is, so the host can still let them back.
    table.removed_names = {**table.removed_names, asker["hash"]: asker["name"]}
    table.save(update_fields=["asking", "removed", "removed_names"])


@at_table
def open_table(table: Table, value) -> None:
    """The host opens the table to anyone with the link (``"1"``) or lets each guest in."""
    if table.started:
        raise Refusal("started")
    table.open_to_link = value == "1"
    table.save(update_fields=["open_to_link"])


@at_table
def set_tempo(table: Table, value) -> None:
    """The host sets the table's tempo (``mogel.play.tempo``) while it waits: one of those offered."""
    if table.started:
        raise Refusal("started")
    tempo = tempos.of(value)
    if tempo is None:
        raise Refusal("bad_tempo")
    table.tempo = tempo
    table.save(update_fields=["tempo"])


def named(name: str, beside=()) -> str:
    """The name as the table shows it, refused (``name_rules``) when empty, too long, marked as
    a bot, or the same as or a look-alike of a name ``beside`` it (people and bots)."""
    try:
        name = name_rules.clean(name)
        name_rules.check_free(name, beside)
    except name_rules.NameRefused as refused:
        raise Refusal(refused.code) from None
    return name


def _number(table: Table, value) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise Refusal("no_such_seat") from None
    if not 0 <= number < table.players:
        raise Refusal("no_such_seat")
    return number


@at_table
def add_bot(table: Table, value) -> None:
    """The host fills one empty seat (``value``), or every empty one (``"all"``), with a bot."""
    if table.started:
        raise Refusal("started")
    taken = set(table.seats.values_list("number", flat=True))
    numbers = [n for n in range(table.players) if n not in taken] if value == "all" else [_number(table, value)]
    if any(n in taken for n in numbers):
        raise Refusal("seat_taken")
    names = list(table.seats.values_list("name", flat=True))
    for number in numbers:
        name = _bot_name(table, names)
        names.append(name)
        Seat.objects.create(table=table, number=number, name=name)


def _bot_name(table: Table, names: list[str]) -> str:
    return next(n for n in bot_names(table.language or None) if _free(n, names))


def _free(name: str, names: list[str]) -> bool:
    try:
        name_rules.check_free(name, names)
    except name_rules.NameRefused:
        return False
    return True


@at_table
def move(table: Table, source, target, who=None) -> None:
    """The host moves whoever sits at ``source`` to ``target`` (swapping with whoever sits there).
    ``who``: the seat id the host's page showed at ``source`` (a second click finds it moved)."""
    if table.started:
        raise Refusal("started")
    a, b = _number(table, source), _number(table, target)
    first = table.seats.filter(number=a).first()
    if first is None:
        raise Refusal("seats_changed" if who else "no_such_seat")
    _still_there(first, who)
    second = table.seats.filter(number=b).first()
    first.number = table.players + 1   # out of the way of the unique (table, number)
    first.save(update_fields=["number"])
    if second is not None:
        second.number = a
        second.save(update_fields=["number"])
    first.number = b
    first.save(update_fields=["number"])


def _still_there(seat: Seat, who) -> None:
    """Refuse a host's click made on a page that showed somebody else at that seat (a double
    click, or another change in between): the click acts on what the host saw, or not at all."""
    if who not in (None, "") and str(seat.pk) != str(who):
        raise Refusal("seats_changed")


@at_table
def remove(table: Table, value, who=None) -> None:
    """The host frees a seat: a bot goes, a guest who left is told so if they come back."""
    if table.started:
        raise Refusal("started")
    seat = table.seats.filter(number=_number(table, value)).first()
    if seat is None:
        raise Refusal("seats_changed" if who else "no_such_seat")
    _still_there(seat, who)
    if seat.host:
        raise Refusal("not_the_host_seat")
    if not seat.bot:
        table.removed = [*table.removed, seat.secret_hash]
        table.removed_names = {**table.removed_names, seat.secret_hash: seat.name}
        table.save(update_fields=["removed", "removed_names"])
    seat.delete()


# The removed person as the host's "Let them back" names them: a prefix of the hash, never the
# hash itself on the page (it is no secret, but nothing needs more).
TOKEN_LENGTH = 12


def removed_people(table: Table) -> list[dict]:
    """Who the host took off the table, for "Let them back" in the waiting room."""
    return [{"token": h[:TOKEN_LENGTH], "name": table.removed_names.get(h, "?")} for h in table.removed]


def was_removed(table: Table, secret: str | None) -> bool:
    """The browser holds the secret of a seat the host took away: it cannot sit down again."""
    return bool(secret) and hashed(secret) in table.removed


@at_table
def let_back(table: Table, token) -> None:
    """The host lets a person they removed sit down again (from the same browser). Asked twice
    (a double click), the second finds them back already and changes nothing."""
    if table.started:
        raise Refusal("started")
    token = str(token or "")
    if len(token) != TOKEN_LENGTH or any(c not in "0123456789abcdef" for c in token):
        raise Refusal("no_such_seat")
    kept = [h for h in table.removed if not h.startswith(token)]
    table.removed_names = {h: n for h, n in table.removed_names.items() if h in kept}
    table.removed = kept
    table.save(update_fields=["removed", "removed_names"])


@at_table
def start(table: Table) -> None:
    """The host starts: every seat must have a person or a bot."""
    if table.started:
        raise Refusal("started")
    seats = list(table.seats.all())
    if len(seats) < table.players:
        raise Refusal("not_ready")
    kind = games.get(table.kind)
    people = tuple(s.number for s in seats if not s.bot) + ((None,) if table.spectators else ())
    host = next(s for s in seats if s.host)
    row = play.start(kind, owner(table), players=table.players, level=table.level, pace=table.pace,
                     player_name=host.name, choices=table.choices, people=people,
                     bots=[s.number for s in seats if s.bot], tempo=table.tempo)
    row.language = table.language
    row.save(update_fields=["language"])
    table.game = row
    table.save(update_fields=["game"])


@at_table
def again(table: Table) -> Table:
    """"Play again": the next table with the same people and bots in the same seats, started at
    once; whoever asks first makes it, everyone else's page follows (``Table.rematch``). Made
    and started under the old table's lock: nobody is sent to a rematch not started yet."""
    if table.rematch_id is not None:
        return table.rematch
    fresh = Table.objects.create(code=_free_code(), kind=table.kind, players=table.players, level=table.level,
                                 pace=table.pace, choices=table.choices, spectators=table.spectators,
                                 language=table.language, open_to_link=table.open_to_link, tempo=table.tempo,
                                 removed=table.removed, removed_names=table.removed_names)
    Seat.objects.bulk_create([Seat(table=fresh, number=s.number, name=s.name, secret_hash=s.secret_hash,
                                   host=s.host, seen_ms=s.seen_ms, language=s.language)
                              for s in table.seats.all()])
    table.rematch = fresh
    table.save(update_fields=["rematch"])
    start(fresh)
    return fresh


def _free_code() -> str:
    for _ in range(20):
        code = new_code()
        if not Table.objects.filter(code=code).exists():
            return code
    raise RuntimeError("no free table code")


# -- presence ------------------------------------------------------------------------------------

def touch(seat: Seat, wall: int, language: str | None = None, loaded: bool = False) -> None:
    """The person's page is at the table now (written only when the last contact noted is a
    while old: a quarter of the grace at most, so a page that polls is never taken for gone),
    in ``language`` (default: the request's), written with the contact, or at once from a
    ``loaded`` page (a switch of language lands on one) or for a seat that has none yet."""
    language = (language or translation.get_language() or "")[:8]
    if language != seat.language and (loaded or not seat.language):
        Seat.objects.filter(pk=seat.pk).update(language=language)
        seat.language = language
    if wall - seat.seen_ms >= min(CONTACT_EVERY_MS, grace_ms() // 4):
        Seat.objects.filter(pk=seat.pk, seen_ms__lt=wall).update(seen_ms=wall, language=language)
        seat.seen_ms, seat.language = wall, language


def gone(seat: Seat, wall: int) -> bool:
    """A person whose page has had no contact for the grace time: a bot plays for them."""
    return not seat.bot and wall - seat.seen_ms > grace_ms()


def presence(seats: list[Seat], wall: int) -> list[dict]:
    """Each seat as the bar above the table says it: here, away (with the time left before a
    bot plays for them), a bot playing for a person who left, or a bot. The same states as on
    the seats (:func:`on_seats`), read once from :func:`state_of`."""
    shown = []
    for s in seats:
        state = state_of(s, wall)
        shown.append({"number": s.number, "name": s.name, "bot": s.bot, "host": s.host, "state": state,
                      "gone": state == "bot-plays", "here": state in ("here", "away"), "away": state == "away",
                      "count": countdown(left_ms(s, wall)) if state == "away" else ""})
    return shown


def state_of(seat: Seat, wall: int) -> str:
    """The one word for a seat's presence that the bar and the seat share: here, away, bot-plays, bot."""
    if seat.bot:
        return "bot"
    if gone(seat, wall):
        return "bot-plays"
    return "away" if away(seat, wall) else "here"


def left_ms(seat: Seat, wall: int) -> int:
    """How long until a bot plays for an away person (the end of their grace)."""
    return max(0, seat.seen_ms + grace_ms() - wall)


def countdown(ms: int) -> str:
    """The seconds left as the page ticks them down by itself from ``data-left-ms`` (friends/presence.js):
    the server's count at each push, so a page's clock never has to agree with the server's."""
    return format_html('<span class="presence-count" data-left-ms="{}">{}</span>', ms, -(-ms // 1000))


def away(seat: Seat, wall: int) -> bool:
    """A person whose page has been silent a while, within the grace (the game waits at their
    turn): a page at the table makes contact at least every CONTACT_EVERY_MS."""
    return not seat.bot and wall - seat.seen_ms > min(AWAY_MS, grace_ms() // 2)


def presence_changes(seat: Seat) -> tuple[int, int]:
    """The wall ms at which a silent person's presence changes by itself: away, then gone."""
    return seat.seen_ms + min(AWAY_MS, grace_ms() // 2) + 1, seat.seen_ms + grace_ms() + 1


def on_seats(seats: list[Seat], wall: int) -> dict:
    """Each seat's presence as its seat on the game's table says it (``play/_seat_presence.html``),
    in the words of the bar above (:func:`presence`): an away seat with the seconds left too."""
    def label(s, state):
        if state == "away":
            # The words are escaped, the count is markup (the page ticks it down); on a phone's
            # small seat only "away" shows (table.css), the bar above says the rest.
            more = conditional_escape(pgettext("presence", "bot in %(seconds)s s"))
            return format_html('{}<span class="seat-presence__more"> · {}</span>', pgettext("presence", "away"),
                               mark_safe(more % {"seconds": countdown(left_ms(s, wall))}))
        return {"bot": pgettext("presence", "bot"), "bot-plays": pgettext("presence", "a bot plays"),
                "here": pgettext("presence", "here")}[state]
    states = {s.number: (s, state_of(s, wall)) for s in seats}
    return {n: {"state": state, "label": label(s, state)} for n, (s, state) in states.items()}


def hand_to_bot(table: Table, value) -> Seat:
    """The host lets a bot play an away person's seat now rather than at the end of the grace.
    Nothing new is stored: the seat's last contact is set back past the grace, so the person
    takes the seat back by coming back, as after the grace. Only while they are still away:
    one who came back in between keeps their seat."""
    if not table.started:
        raise Refusal("not_away")
    seat = table.seats.filter(number=_number(table, value)).first()
    wall = play.wall_ms()
    if seat is None or state_of(seat, wall) != "away":
        raise Refusal("not_away")
    silent_since = wall - min(AWAY_MS, grace_ms() // 2)
    handed = Seat.objects.filter(pk=seat.pk, seen_ms__lt=silent_since).update(seen_ms=wall - grace_ms() - 1)
    if not handed:
        raise Refusal("not_away")
    return seat


# -- the game ------------------------------------------------------------------------------------

# A seat's link to its table: seats_of sets it as the related manager does, with no query.
TABLE_OF_SEAT = Seat._meta.get_field("table")


def seats_of(table: Table) -> list[Seat]:
    """The table's seats in order, as ``list(table.seats.all())`` gives them (each knowing its
    table), read with one statement's text (``mogel.play.rows``): a stream's step reads them."""
    seats = rows.select(Seat, {"table": table.pk}, order="number")
    for seat in seats:
        TABLE_OF_SEAT.set_cached_value(seat, table)
    return seats


def names(table: Table, seats: list[Seat]) -> list[str]:
    by_number = {s.number: s.name for s in seats}
    return [by_number.get(n, "?") for n in range(table.players)]


def people(table: Table, seats: list[Seat]) -> tuple:
    """The seats whose pages count versions and marks: every person's (a bot may take over one
    for a while), and the spectators' (None) if the host allows them."""
    return tuple(s.number for s in seats if not s.bot) + ((None,) if table.spectators else ())


def run(table: Table, seat: int | None, action: str | None = None, posted_version: int | None = None,
        reaction_ms: int | None = None, attempts: int = 8, seats: list[Seat] | None = None,
        sends: bool = False, page: str | None = None):
    """Load the table's game for ``seat`` (None: a spectator), catch up, maybe act, save.

    As ``mogel.play.service.run``, with the bots playing the bot seats and the seats of people
    gone longer than the grace time, and no whole-game pause (one person looking away does not
    stop the others' game). Returns ``(turn, refusal)``; ``turn.seats``: the table's seats as
    read for this change (``seats``, when the caller read them already), which the page's
    context reads again from there, not from the database. ``sends``: the caller answers the
    seat with its table whenever the seat's version moved (``mogel.play.service.Turn.sends``);
    ``page``: the page it answers (``Turn.page``)."""
    seats = seats_of(table) if seats is None else seats
    for _ in range(attempts):
        row = play.read_row(table.game_id)
        if row is None:
            raise PracticeGame.DoesNotExist
        wall = play.wall_ms()
        bots = [s.number for s in seats if s.bot or (gone(s, wall) and s.number != seat)]
        turn = play.load_for(row, seat, people(table, seats), bots)
        turn.seats, turn.sends, turn.page = seats, sends, page
        turn.away = frozenset(s.number for s in seats if away(s, wall) and s.number != seat)
        now = play.game_now(row, turn.game)
        refusal = None
        if action is None:
            play.catch_up(turn, now)
        else:
            try:
                play.act(turn, action, posted_version, now, reaction_ms)
            except (play.Stale, play.BadPost, IllegalAction) as error:
                refusal = error
        if play.save(turn):
            return turn, refusal
    raise RuntimeError("too many concurrent writes")
