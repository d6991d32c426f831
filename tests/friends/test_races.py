"""Two people acting on one waiting room at the same moment (docs/friends.md, "Safe at once").

Each pair of waiting-room and host actions is started together from two threads (a barrier),
each with its own browser (the test client) and its own database connection, a few times. What
the table ends with, and what each click was answered, must be what one of the two orders one
after the other gives: the actions are serialized (one table lock), never interleaved. And
never a 500, a duplicate seat, more people than seats, or a table without its host.

Meaningful on both databases: PostgreSQL runs the threads truly at once (the table row's lock
orders them), SQLite makes them queue for its write lock (`make test` runs this file on both).
"""

import itertools
import threading

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from mogel.friends import service
from mogel.friends.models import Seat, Table

from .helpers import create, host, sit, table_url

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = 4
RACES = 3


@pytest.fixture
def roomy(settings):
    # Many tables are created from one address here: no caps in the way.
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    settings.MOGEL_UNFINISHED_TABLES_PER_ADDRESS = 10_000
    return settings


def waiting_room():
    """Ann (host) at seat 0, Ben at 1, a bot at 2, seat 3 empty; returns the table and the two
    people's browsers."""
    ann = Client()
    table = create(ann, players=PLAYERS)
    ben = sit("Ben", table)
    assert host(ann, table, "bot", seat="2").status_code == 302
    return table, {"Ann": ann, "Ben": ben}


def page_of(browser):
    """Another page of the same browser (the same session): a second tab, or a double-click."""
    page = Client()
    page.cookies[settings.SESSION_COOKIE_NAME] = browser.cookies[settings.SESSION_COOKIE_NAME].value
    return page


def as_host(people):
    return page_of(people["Ann"])


def who(table, number):
    return str(Seat.objects.get(table=table, number=number).pk)


# Each action: (the browser that clicks, the address under the table, the form it posts), made
# for a table; ``slot`` tells two guests sitting down apart.
ACTIONS = {
    "sit": lambda table, people, slot: (Client(), "sit/", {"name": ("Cleo", "Dan", "Eve")[slot]}),
    "bot": lambda table, people, slot: (as_host(people), "host/", {"op": "bot", "seat": "3"}),
    "bot-all": lambda table, people, slot: (as_host(people), "host/", {"op": "bot", "seat": "all"}),
    "move": lambda table, people, slot: (as_host(people), "host/", {"op": "move", "seat": "1", "to": "3",
                                                                 "who": who(table, 1)}),
    "free": lambda table, people, slot: (as_host(people), "host/", {"op": "remove", "seat": "2", "who": who(table, 2)}),
    "remove": lambda table, people, slot: (as_host(people), "host/", {"op": "remove", "seat": "1", "who": who(table, 1)}),
    "start": lambda table, people, slot: (as_host(people), "host/", {"op": "start"}),
    "leave": lambda table, people, slot: (page_of(people["Ben"]), "leave/", {}),
}


def clicks(names, table, people):
    return [ACTIONS[name](table, people, slot) for slot, name in enumerate(names)]


def post(click, table):
    client, path, data = click
    return client.post(table_url(table) + path, data).status_code


def outcome(table):
    """What the table shows now: started or not, and who sits where (the host's mark, bots)."""
    table.refresh_from_db()
    return table.started, tuple(Seat.objects.filter(table=table).order_by("number")
                                .values_list("number", "name", "secret_hash", "host"))


def sane(table):
    seats = list(Seat.objects.filter(table=table))
    numbers = [s.number for s in seats]
    assert len(numbers) == len(set(numbers)) <= table.players
    assert all(0 <= n < table.players for n in numbers)
    assert [s.name for s in seats if s.host] == ["Ann"]
    assert len({s.secret_hash for s in seats if s.secret_hash}) == len([s for s in seats if s.secret_hash])


def readable(state):
    """An outcome without the secrets' hashes (they differ between tables): who, where, a bot or not."""
    started, seats = state
    return started, tuple((n, name, not secret, host) for n, name, secret, host in seats)


def in_order(names, order):
    """The answers (in the order of ``names``) and the outcome of ``names`` clicked one after the
    other on a fresh table, in the ``order`` of their places in ``names``."""
    table, people = waiting_room()
    made, answers = clicks(names, table, people), [None] * len(names)
    for i in order:
        answers[i] = post(made[i], table)
    return answers, readable(outcome(table))


def at_once(made, table):
    """Post every click from its own thread at the same moment; returns the answers in order."""
    barrier, answers = threading.Barrier(len(made)), [None] * len(made)

    def click(i):
        try:
            barrier.wait()
            answers[i] = post(made[i], table)
        finally:
            connection.close()   # this thread's own connection

    threads = [threading.Thread(target=click, args=(i,)) for i in range(len(made))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


PAIRS = list(itertools.combinations_with_replacement(ACTIONS, 2))


@pytest.mark.parametrize("first, second", PAIRS, ids=[f"{a}+{b}" for a, b in PAIRS])
def test_two_actions_at_once_end_as_one_after_the_other(roomy, clock, first, second):
    one_then_two, two_then_one = in_order((first, second), (0, 1)), in_order((first, second), (1, 0))
    for _ in range(RACES):
        table, people = waiting_room()
        answers = at_once(clicks((first, second), table, people), table)
        assert all(a < 500 for a in answers), answers
        sane(table)
        assert (answers, readable(outcome(table))) in (one_then_two, two_then_one)


def test_three_sit_down_while_the_host_fills_moves_and_frees_seats_and_a_guest_leaves(roomy, clock):
    for _ in range(RACES):
        table, people = waiting_room()
        answers = at_once(clicks(("sit", "sit", "sit", "bot-all", "move", "free", "leave"), table, people), table)
        assert all(a < 500 for a in answers), answers
        sane(table)
        seated = {s.name for s in Seat.objects.filter(table=table)}
        # Each guest's answer says whether they sat: a seat (302), or a full table (409).
        for name, answer in zip(("Cleo", "Dan", "Eve"), answers):
            assert (answer == 302) == (name in seated), (name, answer, seated)
        # The move and the freeing acted on the seats the host saw, or were refused as changed.
        assert set(answers[4:]) <= {302, 409}, answers
        assert answers[6] == 302 and "Ben" not in seated


def test_a_double_click_on_a_host_power_acts_once_or_says_the_seats_changed(roomy, clock):
    for click in ("move", "free", "remove", "leave"):
        table, people = waiting_room()
        answers = at_once(clicks((click, click), table, people), table)
        # Leaving twice: the second finds no seat and does nothing (the same page, no refusal).
        assert sorted(answers) == ([302, 302] if click == "leave" else [302, 409]), (click, answers)
        sane(table)


def test_play_again_asked_at_once_makes_one_rematch_started(roomy, clock):
    table, people = waiting_room()
    host(people["Ann"], table, "bot", seat="all")
    host(people["Ann"], table, "start")
    made = []

    def again(i):
        try:
            barrier.wait()
            made.append(service.again(Table.objects.get(pk=table.pk)).pk)
        finally:
            connection.close()

    barrier = threading.Barrier(3)
    threads = [threading.Thread(target=again, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    table.refresh_from_db()
    assert made == [table.rematch_id] * 3 and table.rematch.started
    assert Seat.objects.filter(table=table.rematch).count() == PLAYERS


def test_letting_in_a_guest_while_another_sits_down_on_the_last_seat(roomy, clock):
    for _ in range(RACES):
        table, people = waiting_room()
        ann = people["Ann"]
        host(ann, table, "open", open="0")
        Client().post(table_url(table) + "sit/", {"name": "Cleo"})   # asks: the host lets each guest in
        host(ann, table, "open", open="1")
        table.refresh_from_db()
        cleo = table.asking[0]["hash"][:16]
        admit = (as_host(people), "host/", {"op": "admit", "who": cleo})
        answers = at_once([admit, admit, (Client(), "sit/", {"name": "Dan"})], table)
        sane(table)
        seated = {s.name for s in Seat.objects.filter(table=table)}
        assert len(seated & {"Cleo", "Dan"}) == 1, seated
        # One "let in" seats Cleo; the other is told it was answered, or the table is full.
        assert ("Cleo" in seated) == (302 in answers[:2]) and sorted(answers[:2]) in ([302, 409], [409, 409])
        assert (answers[2] == 302) == ("Dan" in seated)
