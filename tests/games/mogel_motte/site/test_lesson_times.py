"""The times a lesson's texts name, written out from the windows in play as the language writes
numbers: the step's own window, the practice game's (the site's settings), the scripted bot's."""

import re

import pytest

from tests.games.mogel_motte.site.test_tutorial import LANGUAGES, lesson_url
from tests.platform.lesson_helpers import clock, hx, lessons  # noqa: F401 (fixtures)
from tutorial import data_files, placeholders
from tests.games.mogel_motte.game_data import LESSON_FOLDER

LESSONS = data_files.lessons(LESSON_FOLDER)

WITH_TIMES = [(lesson["slug"], step) for lesson in LESSONS for step in lesson["steps"]
         if any(placeholders.names(t) for text in [step["goal"], *(h["text"] for h in step["hints"])]
                for t in text.values())]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("key", "step"), WITH_TIMES, ids=[f"{key}/{step['key']}" for key, step in WITH_TIMES])
def test_no_placeholder_is_left_in_a_lesson_page_or_its_hints(client, hx, lessons, clock, key, step, lang):
    page = client.get(lesson_url(key, lang), {"step": step["key"]}).content.decode()
    hints = [hx.post(lesson_url(key, lang, "hint/")).content.decode() for _ in range(2)]
    for html in [page, *hints]:
        assert not re.search(r"\{\w+\}", html)


@pytest.mark.parametrize(("lang", "said"), [
    ("de", ("Hier hast du 6 Sekunden Zeit", "nur 2,5 Sekunden")),
    ("en", ("Here you have 6 seconds", "only have 2.5 seconds")),
    ("fr", ("Ici, tu as 6 secondes", "que 2,5 secondes")),
    ("nl", ("Hier heb je 6 seconden", "maar 2,5 seconden")),
    ("it", ("Qui hai 6 secondi", "solo 2,5 secondi")),
])
def test_a_timed_step_names_its_own_window_and_the_games_as_the_language_writes_them(client, lessons, clock, lang, said):
    page = client.get(lesson_url("mosquito", lang)).content.decode()
    assert all(words in page for words in said)


def test_the_games_window_follows_the_sites_settings(client, hx, lessons, clock, settings):
    settings.MOGEL_ACT_MS = 2000
    page = client.get(lesson_url("cheating", "en"), {"step": "one-at-a-time"}).content.decode()
    assert "for 4 seconds; in the game it is 2 seconds." in page
    hx.post(lesson_url("cheating", "en", "hint/"))
    assert "wait 4 seconds, then the moth 2" in hx.post(lesson_url("cheating", "en", "hint/")).content.decode()


def test_the_hint_waits_as_long_as_the_scripted_bot(client, hx, lessons, clock):
    client.get(lesson_url("caught-as-guard", "de"), {"step": "catch-in-the-act"})
    hx.post(lesson_url("caught-as-guard", "de", "hint/"))
    assert "Lege die 3, warte 2 Sekunden, drücke bei Leo" in hx.post(lesson_url("caught-as-guard", "de", "hint/")).content.decode()


def test_the_success_text_gives_the_games_window_at_each_slower_tempo(client, hx, lessons, clock, settings):
    """Played to success in German, the mosquito step tells the slap window at ×3 and ×10 of the site's."""
    settings.MOGEL_MOSQUITO_MS = 2000
    client.get(lesson_url("mosquito", "de"))
    hx.post(lesson_url("mosquito", "de", "act/"), {"action": "play 3", "version": "1"})
    clock["ms"] += 1200  # Leo slaps at 1000 ms
    hx.post(lesson_url("mosquito", "de", "act/"), {"action": "slap", "version": "0"})
    clock["ms"] += 4000  # Ben slaps at 5000 ms: he is the slowest
    hx.get(lesson_url("mosquito", "de", "poll/"), {"version": "0"})
    html = hx.post(lesson_url("mosquito", "de", "act/"), {"action": "hand 1", "version": "0"}).content.decode()
    assert "Schnell genug!" in html
    assert "Bei „Langsamer (×3)“ hast du 6 Sekunden zum Hauen, bei „Ganz in Ruhe (×10)“ 20 Sekunden." in html
