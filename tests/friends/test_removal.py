"""Removal (docs/friends.md, "Removal"): the removed person's open page is told at once, pushed
in their own language, and offered to watch where the host allows spectators; the same browser
cannot sit down again at that table, under any name, until the host lets them back."""

import pytest
from django.test import Client, RequestFactory
from django.utils import translation

from mogel.friends.models import Table

from ..platform.play_helpers import sse_events
from .helpers import PREFIX, create, host, message_of, sit, table_url
from .test_tables import fast, html, seats_of  # noqa: F401  (fast: a fixture)

pytestmark = pytest.mark.django_db

TOLD = {"en": "The host has taken you off this table.", "de": "Du wurdest vom Tisch genommen."}
WATCH = {"en": "You can still watch", "de": "Zuschauen kannst du trotzdem"}


def removed_ben(lang="en", **extra):
    """Ann's table with Ben sat down and then taken off by Ann; returns (table, ann, ben)."""
    ann = Client()
    table = create(ann, **extra)
    ben = sit("Ben", table)
    assert host(ann, table, "remove", seat="1").status_code == 302
    table.refresh_from_db()
    return table, ann, ben


def room_source(client, table, lang):
    """The waiting room's stream a page of ``client`` in ``lang`` gets, step by step."""
    from mogel.friends import views

    request = RequestFactory().get(f"{PREFIX[lang]}{table.code}/stream/")
    request.session, request.htmx = client.session, False
    with translation.override(lang):
        return views._source(request, table.code)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("spectators", [True, False])
def test_the_removed_persons_open_page_is_told_at_once_in_their_language(fast, lang, spectators):
    ann = Client()
    table = create(ann, **({"spectators": "on"} if spectators else {}))
    ben = sit("Ben", table)
    source = room_source(ben, table, lang)
    source.first()
    host(ann, table, "remove", seat="1")
    [pushed] = [e["data"] for e in sse_events(source.later().message or "") if e["event"] == "room"]
    assert TOLD[lang] in pushed and 'role="alert"' in pushed
    # Where the host allows spectators, the page offers to watch and keeps showing the seats.
    assert (WATCH[lang] in pushed) is spectators and ("Ann" in pushed) is spectators
    assert 'name="op"' not in pushed


@pytest.mark.parametrize("lang, text", [("en", "taken you off this table"), ("de", "vom Tisch genommen")])
def test_the_same_browser_cannot_sit_down_again_under_another_name(fast, lang, text):
    table, ann, ben = removed_ben(spectators="on")
    response = ben.post(f"{PREFIX[lang]}{table.code}/sit/", {"name": "Benjamin"})
    assert response.status_code == 403 and text in html(response)
    assert seats_of(table) == [(0, "Ann", False, True)]
    # Its page has no name form to try with either; a new browser still may sit down.
    page = html(ben.get(f"{PREFIX[lang]}{table.code}/"))
    assert 'id="btn-sit"' not in page and text in page
    sit("Cleo", table)
    assert [name for _n, name, _b, _h in seats_of(table)] == ["Ann", "Cleo"]


@pytest.mark.parametrize("lang, back", [("en", "Let Ben back"), ("de", "Ben wieder zulassen")])
def test_the_host_lets_a_removed_person_back_and_they_sit_down_again(fast, lang, back):
    table, ann, ben = removed_ben()
    room = html(ann.get(f"{PREFIX[lang]}{table.code}/"))
    assert back in room
    assert back not in html(Client().get(f"{PREFIX[lang]}{table.code}/"))   # the host's power only
    token = table.removed[0][:12]
    assert f'name="who" value="{token}"' in room
    assert host(ann, table, "back", lang=lang, who=token).status_code == 302
    assert host(ann, table, "back", lang=lang, who=token).status_code == 302   # a double click: no harm
    table.refresh_from_db()
    assert table.removed == [] and table.removed_names == {}
    assert 'id="btn-sit"' in html(ben.get(table_url(table)))
    sit("Ben", table, client=ben)
    assert [name for _n, name, _b, _h in seats_of(table)] == ["Ann", "Ben"]


def test_the_removed_persons_page_hears_that_they_may_come_back(fast):
    table, ann, ben = removed_ben()
    source = room_source(ben, table, "de")
    assert "Du wurdest vom Tisch genommen." in source.first().message
    host(ann, table, "back", who=table.removed[0][:12])
    pushed = source.later().message
    assert "Du darfst dich wieder an diesen Tisch setzen." in pushed and "vom Tisch genommen" not in pushed


@pytest.mark.parametrize("who", ["", "zz", "0123456789ab0", "<script>"])
def test_a_let_back_naming_nobody_is_refused_and_changes_nothing(fast, who):
    table, ann, _ben = removed_ben()
    response = host(ann, table, "back", who=who)
    assert response.status_code == 400 and message_of(html(response))
    assert Table.objects.get(pk=table.pk).removed == table.removed


def test_a_guest_cannot_let_anyone_back(fast):
    table, ann, _ben = removed_ben()
    cleo = sit("Cleo", table)
    response = host(cleo, table, "back", who=table.removed[0][:12])
    assert response.status_code == 403 and Table.objects.get(pk=table.pk).removed == table.removed


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_removed_person_watches_the_game_where_spectators_are_allowed(fast, lang):
    table, ann, ben = removed_ben(spectators="on")
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    page = html(ben.get(f"{PREFIX[lang]}{table.code}/"))
    assert TOLD[lang] in page and 'class="friends__watching"' in page
    response = ben.post(f"{PREFIX[lang]}{table.code}/act/", {"action": "draw", "version": 0}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403


@pytest.mark.parametrize("lang, text", [("en", "taken you off this table"), ("de", "vom Tisch genommen")])
def test_without_spectators_a_removed_person_is_refused_the_game(fast, lang, text):
    table, ann, ben = removed_ben()
    host(ann, table, "bot", seat="all")
    host(ann, table, "start")
    response = ben.get(f"{PREFIX[lang]}{table.code}/")
    assert response.status_code == 403 and text in message_of(html(response))
