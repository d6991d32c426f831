"""What the lesson table says and reads out (Django test client, server clock moved by the test):
the step's own line where the table would say "draw", the tell as in the practice game, each
revealed hint in the live region, and no line read out twice."""

import re

import pytest
from django.utils import translation

from tests.games.mogel_motte.site.test_tutorial import LANGUAGES, lesson_url
from tests.platform.lesson_helpers import clock, hx, lessons  # noqa: F401 (fixtures)
from tutorial import data_files
from tests.games.mogel_motte.game_data import LESSON_FOLDER, runner

LESSONS = data_files.lessons(LESSON_FOLDER)
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson["steps"]]
DRAW_LINE = "Your turn: no card fits, so draw a card."


def announced(html):
    found = re.search(r'id="announcer"[^>]*>(.*?)</div>', html, re.S)
    return found.group(1).strip() if found else ""


def prompt(html):
    return re.search(r'id="table-prompt"[^>]*>(.*?)</p>', html, re.S).group(1).strip()


def version(html):
    return re.search(r'data-version="(\d+)"', html).group(1)


def seat(html, number):
    return re.search(rf'<li class="seat[^"]*" data-seat="{number}".*?</li>', html, re.S).group(0)


def draw_offered_before_success(step):
    """Whether the learner could draw at some point of the step's winning line (before it is won)."""
    rs = data_files.runner_step(step)
    state, at = runner.start(rs), 0
    for move in step["solution"]:
        for t in range(at, move["at"] + 1, 250):
            state = runner.tick(rs, state, t).state
            if state["status"] == runner.PLAYING and "draw" in runner.game_of(state).legal_actions(0):
                return True
        if not move.get("wait"):
            state = runner.act(rs, state, move["do"], move["at"]).state
        at = move["at"]
    return False


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=[f"{lesson['slug']}/{step['key']}" for lesson, step in STEPS])
def test_a_step_that_wants_something_else_than_drawing_says_so_where_the_table_would_say_draw(lesson, step):
    if any(move.get("do") == "draw" for move in step["solution"]) or not draw_offered_before_success(step):
        assert "draw_prompt" not in step, "only where the table would otherwise tell the learner to draw"
        return
    texts = step.get("draw_prompt")
    assert texts and set(texts) == set(data_files.LANGUAGES) and all(t.strip() for t in texts.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_cheating_step_asks_to_cheat_not_to_draw(client, lessons, lang):
    step = next(s for lesson in LESSONS if lesson["slug"] == "cheating" for s in lesson["steps"])
    html = client.get(lesson_url("cheating", lang), {"step": step["key"]}).content.decode()
    with translation.override(lang):
        draw_line = translation.gettext(DRAW_LINE)
    shown = prompt(html).replace("&#x27;", "’")
    assert shown != draw_line and shown == step["draw_prompt"][lang]
    assert step["hints"][1]["action"].startswith("cheat ")


def test_the_guard_sees_the_tell_when_a_bot_cheats_and_hears_it_once(client, hx, lessons, clock):
    client.get("/en/learn/caught-as-guard/")
    html = hx.post("/en/learn/caught-as-guard/act/", {"action": "play 3", "version": "1"}).content.decode()
    assert "seat--tell" not in html
    assert prompt(html).replace("&#x27;", "’") == "Your turn – but drawing can wait: keep an eye on Leo’s cards!"
    seen = version(html)
    clock["ms"] += 2100  # Leo cheats his moth away 2 s after the learner's play
    html = hx.get("/en/learn/caught-as-guard/poll/", {"version": seen}).content.decode()
    leo = seat(html, 2)
    assert "seat--tell-new" in leo and "−1?!" in leo and "Cards: 1" in leo
    assert "seat--tell" not in seat(html, 1)
    assert "Leo&#x27;s hand just got smaller" in announced(html)
    assert "moth" not in announced(html).lower(), "the tell says a card went, not which"
    clock["ms"] += 500
    again = hx.get("/en/learn/caught-as-guard/poll/", {"version": version(html)})
    assert again.status_code == 204 or "smaller" not in announced(again.content.decode()), "read out once"
    clock["ms"] += 500
    html = hx.post("/en/learn/caught-as-guard/act/", {"action": "catch 2", "version": version(html)}).content.decode()
    assert "seat--tell" not in html, "a Caught! on that seat ends the tell"


def test_the_tell_is_gone_once_the_cheat_is_no_longer_in_the_act(client, hx, lessons, clock):
    hx.post("/en/learn/caught-as-guard/act/", {"action": "play 3", "version": "1"})
    clock["ms"] += 2100
    assert "seat--tell" in hx.get("/en/learn/caught-as-guard/poll/", {"version": "0"}).content.decode()
    clock["ms"] += 8000  # act_ms is 8 s in this lesson: Leo got away, and the step failed
    html = hx.get("/en/learn/caught-as-guard/poll/", {"version": "0"}).content.decode()
    assert "seat--tell" not in html and 'id="btn-retry"' in html


def test_each_revealed_hint_is_read_out(client, hx, lessons, clock):
    step = LESSONS[0]["steps"][0]
    first = announced(hx.post("/en/learn/your-turn/hint/").content.decode())
    second = announced(hx.post("/en/learn/your-turn/hint/").content.decode())
    assert first == step["hints"][0]["text"]["en"].replace("’", "&#x27;")
    assert second == step["hints"][1]["text"]["en"].replace("’", "&#x27;")


def test_a_poll_reads_out_only_what_the_page_has_not_shown(client, hx, lessons, clock):
    html = hx.post("/en/learn/mosquito/act/", {"action": "play 3", "version": "1"}).content.decode()
    clock["ms"] += 1200  # Leo slaps at 1000 ms
    html = hx.get("/en/learn/mosquito/poll/", {"version": version(html)}).content.decode()
    assert announced(html) == "Leo slapped."
    for _ in range(3):
        clock["ms"] += 500
        assert hx.get("/en/learn/mosquito/poll/", {"version": version(html)}).status_code == 204
    html = hx.post("/en/learn/mosquito/act/", {"action": "slap", "version": version(html)}).content.decode()
    assert "Leo slapped" not in announced(html) and "You slapped" in announced(html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_that_says_draw_names_the_button_as_it_reads(lang):
    with translation.override(lang):
        label = translation.gettext("Draw a card")
    hinted = [step for _, step in STEPS if step["hints"][1].get("action") == "draw"]
    assert hinted
    for step in hinted:
        assert label in step["hints"][1]["text"][lang]


def test_a_cheated_card_waits_in_the_sleeve_with_its_countdown(client, hx, lessons, clock):
    client.get("/en/learn/cheating/")
    html = hx.post("/en/learn/cheating/act/", {"action": "cheat moth4", "version": "1"}).content.decode()
    sleeve = re.search(r'<div class="sleeve" id="sleeve".*?</div>', html, re.S)
    assert sleeve and "In your sleeve: the Cheating Moth 4" in sleeve.group(0)
    assert 'data-countdown="5000"' in sleeve.group(0)
