"""Small mends of issue 18 on Mogel Motte's table and lessons, in the player's language: the own
seat's badge speaks to the player, minus points carry a label, two Caught! keys read as two,
a finished step agrees with its noun."""

import re

import pytest

from tests.platform.play_helpers import LOBBY, clock  # noqa: F401 (fixture)
from .test_cheating import YOU_GUARD, table  # noqa: F401 (fixture)
from tests.platform.lesson_helpers import hx, lessons  # noqa: F401 (fixtures)

from .test_tutorial import lesson_url

pytestmark = pytest.mark.django_db

# The human (seat 0) is on turn and holds the Guard Bug.
YOUR_TURN = {**YOU_GUARD, "turn": 0}
BADGE = {"de": ("du bist dran", "ist dran"), "en": ("your turn", "on turn"), "fr": ("à toi", "à son tour"),
         "nl": ("jij bent aan de beurt", "aan de beurt"), "it": ("tocca a te", "di turno")}
POINTS = {"de": "0 Pkt.", "en": "0 pts", "fr": "0 pt", "nl": "0 pt", "it": "0 pt"}
TWO_KEYS = {"de": "Die Tasten 1 und 2", "en": "keys 1 and 2", "fr": "les touches 1 et 2", "nl": "de toetsen 1 en 2",
            "it": "i tasti 1 e 2"}


def seats(html):
    """{"me"|"other": [the seat's badges]} and the short minus points of every seat."""
    found = {"me": [], "other": []}
    for cls, body in re.findall(r'<li class="seat( seat--me)?[^"]*"[^>]*>(.*?)</li>', html, re.S):
        found["me" if cls else "other"] += re.findall(r'class="seat__badge">([^<]+)<', body)
    return found, re.findall(r'class="seat__score"><span class="tb-short" aria-hidden="true">([^<]+)<', html)


@pytest.mark.parametrize("lang", list(BADGE))
def test_the_own_seat_says_it_is_your_turn_and_every_seat_labels_its_minus_points(client, table, lang):
    _url, html = table(client, YOUR_TURN, {"cheat_rate": 0.0, "false_alarm": 0.0}, lang)
    badges, points = seats(html)
    assert badges["me"] == [BADGE[lang][0]]
    assert points == [POINTS[lang]] * 3
    # Another seat on turn keeps the third person.
    _url, html = table(client, {**YOU_GUARD, "turn": 1}, {"cheat_rate": 0.0, "false_alarm": 0.0}, lang)
    badges, _points = seats(html)
    assert badges == {"me": [], "other": [BADGE[lang][1]]}


@pytest.mark.parametrize("lang", list(TWO_KEYS))
def test_two_other_players_are_called_with_keys_1_and_2(client, table, lang):
    _url, html = table(client, YOU_GUARD, {"cheat_rate": 0.0, "false_alarm": 0.0}, lang)
    keys = re.search(r'<p class="table__keys"[^>]*>([^<]+)</p>', html).group(1)
    assert TWO_KEYS[lang] in keys.replace("&nbsp;", " ")
    assert not re.search(r"1 (bis|to|à|tot en met|a) 2", keys)


@pytest.mark.parametrize("lang, done", [("fr", "Étape 1, terminée"), ("de", "Schritt 1, geschafft"),
                                        ("en", "Step 1, done")])
def test_a_finished_step_reads_as_one_in_the_language(client, lessons, lang, done):  # noqa: F811
    session = client.session
    session["tutorial"] = {"done": {"draw": ["nothing-fits"]}, "run": {}}
    session.save()
    html = client.get(lesson_url("draw", lang)).content.decode()
    assert done in re.sub(r"<[^>]+>", "", html)
