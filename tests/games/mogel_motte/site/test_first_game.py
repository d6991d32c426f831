"""From learning to playing: after the last lesson, "Play your first game" opens the lobby with a
small, gentle table chosen (3 players, easy bots, relaxed pace)."""

import re

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from tutorial.models import Lesson

pytestmark = pytest.mark.django_db


@pytest.fixture
def lessons(db):
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    return list(Lesson.objects.filter(game="mogel-motte").prefetch_related("steps").order_by("order"))


def first_game_link(html):
    found = re.search(r'<a class="btn btn--primary" id="btn-first-game" href="([^"]+)">([^<]+)</a>', html)
    return (found.group(1).replace("&amp;", "&"), found.group(2)) if found else None


def checked(html, name):
    return re.search(rf'<input type="radio" name="{name}" value="([^"]+)"[^>]*\bchecked\b', html).group(1)


def panel(lesson, next_lesson):
    request = RequestFactory().get("/")
    step = list(lesson.steps.all())[-1]
    return render_to_string("tutorial/_panel.html#panel", {
        "lesson": lesson, "step": step, "status": "success", "is_last_step": True, "next_lesson": next_lesson,
        "step_number": 1, "step_count": 1}, request=request)


def test_the_last_lesson_offers_the_first_game_and_the_others_the_next_lesson(lessons):
    with translation.override("en"):
        assert first_game_link(panel(lessons[-1], None))[1] == "Play your first game"
        earlier = panel(lessons[0], lessons[1])
        assert first_game_link(earlier) is None and 'id="btn-next-lesson"' in earlier


@pytest.mark.parametrize("lang,learn", [("en", "/en/learn/"), ("de", "/de/lernen/")])
def test_when_every_lesson_is_done_the_list_offers_the_first_game(client, lessons, lang, learn):
    assert first_game_link(client.get(learn).content.decode()) is None
    session = client.session
    session["tutorial"] = {"done": {lesson.slug: [s.key for s in lesson.steps.all()] for lesson in lessons}, "run": {}}
    session.save()
    link, text = first_game_link(client.get(learn).content.decode())
    assert text == {"en": "Play your first game", "de": "Spiel dein erstes Spiel"}[lang]
    lobby = client.get(link).content.decode()
    assert (checked(lobby, "players"), checked(lobby, "level"), checked(lobby, "pace")) == ("3", "easy", "relaxed")
