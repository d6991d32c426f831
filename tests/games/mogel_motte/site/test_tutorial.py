"""The tutorial pages and their htmx fragments (Django test client, database loaded by loadcontent)."""

import re

import pytest
from django.core.management import call_command
from django.test import Client

from tests.games.mogel_motte.game_data import LESSON_FOLDER
from tests.platform.lesson_helpers import alert, clock, hx, lessons  # noqa: F401 (fixtures)
from tutorial import data_files, kinds
from tutorial.models import Lesson, Step

LANGUAGES = ["de", "en", "fr", "nl", "it"]
LEARN = {"de": "/de/lernen/", "en": "/en/learn/", "fr": "/fr/apprendre/", "nl": "/nl/leren/", "it": "/it/impara/"}
SLUGS = data_files.addresses(data_files.lessons(LESSON_FOLDER))[0]


def lesson_url(key, lang, end=""):
    """A lesson's address in the language, as its data file gives it: /de/lernen/du-bist-dran/."""
    return f"{LEARN[lang]}{SLUGS[key][lang]}/{end}"


def in_db():
    """Lessons and steps per game, as loaded."""
    return {kind.key: (Lesson.objects.filter(game=kind.key).count(), Step.objects.filter(lesson__game=kind.key).count())
            for kind in kinds.with_lessons()}


def test_loadcontent_is_idempotent_and_fills_every_language(lessons):
    counts = {}
    for kind in kinds.with_lessons():
        in_files = data_files.lessons(kinds.folder(kind))
        counts[kind.key] = (len(in_files), sum(len(lesson["steps"]) for lesson in in_files))
    assert set(counts) == {"mogel-motte", "mogelei"} and in_db() == counts
    call_command("loadcontent", stdout=open("/dev/null", "w"))
    assert in_db() == counts
    for step in Step.objects.all():
        for lang in LANGUAGES:
            assert getattr(step, f"goal_{lang}") and getattr(step, f"hint_move_{lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_list_and_every_lesson_page_are_served_in_each_language(client, lessons, lang):
    response = client.get(LEARN[lang])
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    for lesson in Lesson.objects.filter(game="mogel-motte"):
        assert f'href="{lesson_url(lesson.slug, lang)}"' in html
        assert getattr(lesson, f"title_{lang}").replace("’", "&#x27;")[:10] in html.replace("’", "&#x27;")
    page = client.get(lesson_url("your-turn", lang))
    assert page.status_code == 200
    assert 'id="table"' in page.content.decode() and 'id="lesson-panel"' in page.content.decode()


def test_an_unknown_lesson_is_404(client, lessons):
    assert client.get("/en/learn/no-such-lesson/").status_code == 404


def test_a_move_returns_the_table_fragment_and_completes_the_step(client, hx, lessons, clock):
    client.get("/en/learn/your-turn/")
    response = hx.post("/en/learn/your-turn/act/", {"action": "play 3", "version": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith("<section id=\"table\"") and "<html" not in html
    assert 'hx-swap-oob="outerHTML"' in html and "Great! 3 is one more than 2" in html
    assert 'id="announcer" hx-swap-oob="innerHTML">You played' in html
    page = client.get("/en/learn/").content.decode()
    assert "Steps done: 1 of 2" in page


def test_a_wrong_move_is_refused_with_an_explanation_and_a_rule_link(hx, lessons, clock):
    response = hx.post("/en/learn/your-turn/act/", {"action": "play 5", "version": "1"})
    message = alert(response.content.decode())
    assert message.startswith("Does not fit on the")
    assert 'href="/en/rules/#turn"' in message
    response = hx.post(lesson_url("your-turn", "de", "act/"), {"action": "play 5", "version": "1"})
    assert 'href="/de/regeln/#turn">Warum? Zur Regel</a>' in alert(response.content.decode())


def test_a_seat_in_superscript_digits_is_refused_as_no_move_and_the_step_goes_on(hx, lessons, clock):
    # The learner is the guard here, so the engine reads the seat: "²" once made it a 500.
    hx.get(lesson_url("caught-as-guard", "de"))
    before = hx.session["tutorial"]
    for action in ("catch ²", "catch ①"):
        response = hx.post(lesson_url("caught-as-guard", "de", "act/"), {"action": action, "version": "1"})
        assert response.status_code == 200
        assert alert(response.content.decode()).startswith("Das ist kein Zug in diesem Spiel.")
    assert hx.session["tutorial"] == before


def test_a_move_without_htmx_redirects_back_to_the_step(client, lessons, clock):
    response = client.post("/en/learn/draw/act/", {"action": "draw", "version": "1"})
    assert response.status_code == 302 and response["Location"] == "/en/learn/draw/#step"
    assert "✓" in client.get("/en/learn/draw/").content.decode()


def test_hints_come_as_a_nudge_then_the_move(client, hx, lessons, clock):
    first = hx.post("/en/learn/your-turn/hint/").content.decode()
    assert "Which numbers are right next to 2?" in first and "Play the 3." not in first
    second = hx.post("/en/learn/your-turn/hint/").content.decode()
    assert "Play the 3." in second and "hand__item--hint" in second


def test_reset_step_lesson_and_everything(client, hx, lessons, clock):
    hx.post("/en/learn/your-turn/act/", {"action": "play 3", "version": "1"})
    client.post("/en/learn/your-turn/step/", {"op": "next"})
    assert "Step 2 of 2" in client.get("/en/learn/your-turn/").content.decode()
    client.post("/en/learn/your-turn/step/", {"op": "reset-lesson"})
    page = client.get("/en/learn/your-turn/").content.decode()
    assert "Step 1 of 2" in page and "Steps done: 0 of 2" in client.get("/en/learn/").content.decode()
    hx.post("/en/learn/your-turn/act/", {"action": "play 3", "version": "1"})
    client.post("/en/learn/reset/")
    assert "Steps done: 0 of 2" in client.get("/en/learn/").content.decode()


def test_progress_survives_a_new_browser_session_cookie(client, hx, lessons, clock):
    hx.post("/en/learn/draw/act/", {"action": "draw", "version": "1"})
    again = Client()
    again.cookies = client.cookies  # closing the browser keeps the (persistent) session cookie
    draw_steps = next(len(lesson["steps"]) for lesson in data_files.lessons(LESSON_FOLDER) if lesson["slug"] == "draw")
    assert f"Steps done: 1 of {draw_steps}" in again.get("/en/learn/").content.decode()


def test_a_timed_step_polls_and_scripted_bots_act_on_time(client, hx, lessons, clock):
    client.get("/en/learn/mosquito/")
    html = hx.post("/en/learn/mosquito/act/", {"action": "play 3", "version": "1"}).content.decode()
    assert 'hx-trigger="every 500ms"' in html and "Mosquito!" in html
    version = re.search(r'data-version="(\d+)"', html).group(1)
    assert hx.get("/en/learn/mosquito/poll/", {"version": version}).status_code == 204
    clock["ms"] += 1200  # Leo slaps at 1000 ms
    html = hx.get("/en/learn/mosquito/poll/", {"version": version}).content.decode()
    assert "Leo slapped" in html or "Leo" in re.search(r'id="announcer"[^>]*>(.*?)</div>', html, re.S).group(1)
    html = hx.post("/en/learn/mosquito/act/", {"action": "slap", "version": version}).content.decode()
    clock["ms"] += 4000  # Ben slaps at 5000 ms: he is the slowest
    html = hx.get("/en/learn/mosquito/poll/", {"version": "0"}).content.decode()
    assert 'value="hand 1"' in html
    html = hx.post("/en/learn/mosquito/act/", {"action": "hand 1", "version": "0"}).content.decode()
    assert "Fast enough!" in html and "every 500ms" not in html


def test_a_slow_slap_fails_the_step_and_it_can_be_retried(client, hx, lessons, clock):
    client.get("/en/learn/mosquito/")
    hx.post("/en/learn/mosquito/act/", {"action": "play 3", "version": "1"})
    clock["ms"] += 6500
    html = hx.get("/en/learn/mosquito/poll/", {"version": "0"}).content.decode()
    assert "you were the last one" in html and 'id="btn-retry"' in html
    client.post("/en/learn/mosquito/step/", {"op": "retry"})
    assert 'id="btn-hint"' in client.get("/en/learn/mosquito/").content.decode()


def test_the_spider_gift_posts_the_card_and_the_chosen_player(client, hx, lessons, clock):
    hx.post("/en/learn/spider/act/", {"action": "play spider3", "version": "1"})
    html = hx.post("/en/learn/spider/act/", {"action": "give moth1", "to": "1", "version": "2"}).content.decode()
    assert "never given away" in alert(html)
    html = hx.post("/en/learn/spider/act/", {"action": "give 5", "to": "2", "version": "2"}).content.decode()
    assert "Well done! One card less for you" in html


def test_cheat_buttons_only_in_the_cheating_lessons(client, lessons, clock):
    assert 'value="cheat ' not in client.get("/en/learn/your-turn/").content.decode()
    assert 'value="cheat moth4"' in client.get("/en/learn/cheating/").content.decode()


def test_the_whole_page_works_with_the_step_query(client, lessons, clock):
    html = client.get(lesson_url("scoring", "fr"), {"step": "end-of-the-game"}).content.decode()
    assert "Étape 3 sur 3" in html or "3" in html
    assert "La dernière manche" in html


def test_choosing_a_step_by_its_key_sticks(client, hx, lessons, clock):
    assert "Step 2 of 2" in client.get("/en/learn/your-turn/", {"step": "one-and-five"}).content.decode()
    html = hx.post("/en/learn/your-turn/act/", {"action": "play 5", "version": "1"}).content.decode()
    step = Step.objects.get(lesson__slug="your-turn", key="one-and-five")
    assert step.success_text_en in html


# -- lessons without loose ends -----------------------------------------------------------

def step_page(client, slug, key, lang="en"):
    return client.get(f"{LEARN[lang]}{slug}/", {"step": key}).content.decode()


def seat_items(html):
    """Each seat's list item by seat number."""
    return {int(m.group(1)): m.group(0)
            for m in re.finditer(r'<li class="seat[^"]*" data-seat="(\d)".*?</li>', html, re.S)}


def status_text(html):
    found = re.search(r'class="step-panel__result[^"]*">.*?</span>(.*?)</p>', html, re.S)
    return found.group(1).strip().replace("&#x27;", "’") if found else None


@pytest.mark.parametrize("slug,key", [(lesson["slug"], step["key"]) for lesson in data_files.lessons(LESSON_FOLDER)
                                      for step in lesson["steps"]])
def test_the_table_shows_guard_and_turn_where_the_opening_log_says(client, lessons, clock, slug, key):
    html = step_page(client, slug, key)
    step = Step.objects.get(lesson__slug=slug, key=key)
    seats = seat_items(html)
    guard = [n for n, item in seats.items() if "seat__guard" in item]
    turn = [n for n, item in seats.items() if "seat--turn" in item.split(">", 1)[0]]
    assert guard == [step.scenario["guard"]] and turn == [step.scenario["turn"]]
    opening = re.findall(r'<li class="log__item log__item--round_start">(.*?)</li>', html, re.S)
    assert len(opening) == 1
    name = re.search(r'<span class="seat__name">(.*?)</span>', seats[guard[0]]).group(1)
    said = opening[0]
    assert ("you hold the Guard Bug" in said) if guard == [0] else (f"{name} holds the Guard Bug" in said)
    assert ("your turn" in said or "you hold the Guard Bug and start" in said) == (turn == [0])


@pytest.mark.parametrize("lang,said", [("en", "You drew a number card 1. That is allowed in the game, but"),
                                       ("de", "Das ist im Spiel erlaubt, aber")])
def test_a_move_off_the_script_is_explained_and_retried_with_one_tap(client, hx, lessons, clock, lang, said):
    client.get(f"{LEARN[lang]}cheating/")
    html = hx.post(f"{LEARN[lang]}cheating/act/", {"action": "draw", "version": "1"}).content.decode()
    assert said in status_text(html) and 'id="btn-retry"' in html
    assert "hx-trigger=" not in html.split('id="table"')[1].split(">")[0], "the table stops: no bot moves on"
    assert said in re.search(r'id="announcer"[^>]*>(.*?)</div>', html, re.S).group(1)
    client.post(f"{LEARN[lang]}cheating/step/", {"op": "retry"})
    assert 'step-panel--playing' in client.get(f"{LEARN[lang]}cheating/", follow=True).content.decode()


def test_the_1_instead_of_the_3_in_the_mosquito_lesson_says_why_mia_cannot_answer(client, hx, lessons, clock):
    html = hx.post("/en/learn/mosquito/act/", {"action": "play 1", "version": "1"}).content.decode()
    assert status_text(html).startswith("You played the 1. Mia’s mosquito is a 4") and 'id="btn-retry"' in html
    clock["ms"] += 10000
    assert "Mia played" not in client.get("/en/learn/mosquito/").content.decode()


def test_a_card_before_the_cheat_in_lesson_9_stops_in_round_1(client, hx, lessons, clock):
    html = hx.post("/en/learn/caught-cheating/act/", {"action": "play 2", "version": "1"}).content.decode()
    assert status_text(html).startswith("You played a card first.")
    clock["ms"] += 30000
    html = client.get("/en/learn/caught-cheating/").content.decode()
    assert "Your hand: 2 cards" in html and html.count("log__item--round_start") == 1, "no new round was dealt"


def test_the_spider_gift_is_aimed_at_the_player_the_goal_names_and_a_wrong_one_fails(client, hx, lessons, clock):
    html = hx.post("/en/learn/spider/act/", {"action": "play spider3", "version": "1"}).content.decode()
    assert re.search(r'<input type="radio" name="to" value="2" checked>', html)
    assert not re.search(r'value="1" checked', html)
    html = hx.post("/en/learn/spider/act/", {"action": "give 5", "to": "1", "version": "2"}).content.decode()
    assert status_text(html).startswith("You gave the 5 to Mia") and 'id="btn-retry"' in html
    assert "Well done" not in html


def test_the_draw_you_may_not_take_can_be_tried(client, hx, lessons, clock):
    html = step_page(client, "draw", "must-play")
    assert 'id="btn-draw"' in html
    html = hx.post("/en/learn/draw/act/", {"action": "draw", "version": "1"}).content.decode()
    assert alert(html).startswith("A card fits, so you must play instead of drawing.")
    assert 'step-panel--playing' in html


@pytest.mark.parametrize("slug,key,cheat,catch", [
    ("moth", "the-guard-may", False, False),  # the guard, before Caught! is taught
    ("cheating", "make-it-disappear", True, False),
    ("cheating", "never-as-the-guard", True, False),  # the guard's cheat is refused: that is the step
    ("caught-as-guard", "catch-in-the-act", False, True),  # the guard: Caught!, never Cheat
    ("caught-as-guard", "a-wrong-accusation", False, True),
])
def test_each_step_offers_only_the_side_moves_it_is_about(client, lessons, clock, slug, key, cheat, catch):
    html = step_page(client, slug, key)
    assert ('value="cheat ' in html) == cheat
    assert ('class="btn btn--catch"' in html) == catch


def test_an_empty_draw_pile_shows_an_empty_place_until_the_discard_pile_refills_it(client, hx, lessons, clock):
    page = client.get("/en/learn/draw/", {"step": "empty-draw-pile"}).content.decode()
    assert "Draw pile: 0" in page and 'class="table-card table-card--md pile__empty"' in page
    html = hx.post("/en/learn/draw/act/", {"action": "draw", "version": "1"}).content.decode()
    assert "The discard pile was shuffled into a new draw pile." in html
    assert "pile__empty" not in html and "Draw pile: 2" in html
