"""A lesson's address is in the page's language; every older address still leads to it."""

import re

import pytest
from django.urls import reverse


from tests.games.mogel_motte.site.test_tutorial import LANGUAGES, LEARN, SLUGS, lesson_url
from tests.platform.lesson_helpers import clock, hx, lessons  # noqa: F401 (fixtures)
from tutorial import data_files
from tests.games.mogel_motte.game_data import LESSON_FOLDER
from tutorial.models import Lesson

LESSONS = data_files.lessons(LESSON_FOLDER)


def alternates(html):
    return dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))


def old_addresses(key, lang):
    """Every slug that once led, or in another language leads, to the lesson: the English key
    (every language's address until now) and the other languages' slugs."""
    return sorted({key, *SLUGS[key].values()} - {SLUGS[key][lang]})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_on_the_lessons_list_and_a_finished_lesson_says_the_languages_slug(client, lessons, clock, lang):
    mine = {slugs[lang] for slugs in SLUGS.values()}
    listing = client.get(LEARN[lang]).content.decode()
    linked = re.findall(rf'href="{LEARN[lang]}([^"/]+)/"', listing)
    assert set(linked) == mine, "each lesson once in the list, the resume link to one of them"
    last = LESSONS[0]["steps"][-1]
    client.get(lesson_url("your-turn", lang), {"step": last["key"]})
    for move in last["solution"]:
        client.post(lesson_url("your-turn", lang, "act/"), {"action": move["do"], "version": "1"})
    page = client.get(lesson_url("your-turn", lang)).content.decode()
    used = set(re.findall(rf'"{LEARN[lang]}([^"/]+)/', page))
    assert used == {SLUGS["your-turn"][lang], SLUGS["draw"][lang]}, "its own forms, and the next lesson"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_old_address_moves_for_good_to_the_lessons_slug_in_the_language(client, lessons, clock, lang):
    for lesson in LESSONS:
        key = lesson["slug"]
        for old in old_addresses(key, lang):
            response = client.get(f"{LEARN[lang]}{old}/")
            assert response.status_code == 301 and response["Location"] == lesson_url(key, lang), old
    step = LESSONS[0]["steps"][1]["key"]
    response = client.get(f"{LEARN[lang]}{old_addresses('your-turn', lang)[0]}/", {"step": step})
    assert response.status_code == 301 and response["Location"] == f"{lesson_url('your-turn', lang)}?step={step}"
    response = client.get(f"{LEARN[lang]}{SLUGS['your-turn'][lang].upper()}/")
    assert response.status_code == 301 and response["Location"] == lesson_url("your-turn", lang)
    assert client.get(response["Location"]).status_code == 200


def test_a_tab_opened_at_an_old_address_keeps_polling_and_playing(client, hx, lessons, clock):
    client.get(lesson_url("mosquito", "de"))
    response = hx.get("/de/lernen/mosquito/poll/", {"version": "1"})
    assert response.status_code == 301 and response["Location"] == lesson_url("mosquito", "de", "poll/?version=1")
    response = hx.post("/de/lernen/mosquito/act/", {"action": "play 3", "version": "1"})
    html = response.content.decode()
    assert response.status_code == 200 and "Mücke!" in html
    assert f'hx-get="{lesson_url("mosquito", "de", "poll/")}"' in html, "the next poll goes to the new address"
    assert client.get(lesson_url("mosquito", "de", "poll/"), {"version": "0"}).status_code == 200
    response = client.post("/en/learn/muecke/step/", {"op": "retry"})
    assert response.status_code == 302 and response["Location"] == lesson_url("mosquito", "en", "#step")


def test_progress_is_the_same_under_every_address_and_language(client, hx, lessons, clock):
    hx.post("/de/lernen/draw/act/", {"action": "draw", "version": "1"})  # an old German address
    assert hx.session["tutorial"]["done"] == {"draw": ["nothing-fits"]}
    for lang in LANGUAGES:
        page = client.get(lesson_url("draw", lang)).content.decode()
        assert "✓" in page, lang
    steps = Lesson.objects.get(slug="draw").steps.count()
    assert f"Steps done: 1 of {steps}" in client.get(LEARN["en"]).content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_language_switcher_and_hreflang_land_on_the_same_lesson_and_back(client, lessons, clock, lang):
    here = lesson_url("caught-as-guard", lang)
    found = alternates(client.get(here).content.decode())
    assert found == {**{other: f"http://testserver{lesson_url('caught-as-guard', other)}" for other in LANGUAGES},
                     "x-default": f"http://testserver{lesson_url('caught-as-guard', 'de')}"}
    for other in LANGUAGES:
        there = client.get(found[other].removeprefix("http://testserver"))
        assert there.status_code == 200, "an alternate is the page itself, not a redirect"
        assert alternates(there.content.decode())[lang] == f"http://testserver{here}"
        step = "a-wrong-accusation"
        switched = client.post(reverse("set_language"), {"language": other, "next": f"{here}?step={step}"})
        assert switched["Location"] == f"{lesson_url('caught-as-guard', other)}?step={step}"


def test_an_unknown_lesson_is_404_under_every_address(client, lessons):
    assert client.get("/de/lernen/gibt-es-nicht/").status_code == 404
    assert client.get("/fr/apprendre/GIBT-ES-NICHT/poll/").status_code == 404
    assert client.post("/it/impara/gibt-es-nicht/act/", {"action": "play 3"}).status_code == 404
