"""Mogelei's lessons on the site, through the HTTP views in all five languages: the list, the
lesson page with Mogelei's table, moves, polls, hints and step controls, refusals, and the
winning line of every step played to success (Django test client, content from loadcontent)."""

import html as htmllib
import re

import pytest
from django.utils import translation

from mogel import games
from games.mogelei.engine.errors import CODES as MOGELEI_CODES
from mogel.rules.links import rules_url
from tests.games.mogel_motte.site.test_first_game import checked, first_game_link
from tests.platform.lesson_helpers import alert, clock, hx, lessons  # noqa: F401 (fixtures)
from tutorial import data_files, kinds
from tutorial.models import Lesson

LANGUAGES = ["de", "en", "fr", "nl", "it"]
LEARN = {"de": "/de/mogelei/lernen/", "en": "/en/mogelei/learn/", "fr": "/fr/mogelei/apprendre/",
         "nl": "/nl/mogelei/leren/", "it": "/it/mogelei/impara/"}
KIND = games.get("mogelei")
LESSONS = data_files.lessons(kinds.folder(KIND))
SLUGS = data_files.addresses(LESSONS)[0]
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson["steps"]]
PROGRESS = "tutorial:mogelei"


def url(slug, lang, end=""):
    return f"{LEARN[lang]}{SLUGS[slug][lang]}/{end}"


def text(html):
    """What a reader sees: tags gone, entities read."""
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def version(html):
    return re.search(r'<section id="table"[^>]*data-version="(\d+)"', html).group(1)


def status(html):
    return re.search(r'<section id="table"[^>]*data-status="(\w+)"', html).group(1)


def play(client, hx, clock, lesson, step, lang):
    """The step's winning line, move by move at its times, as the page sends it; the last table."""
    page = client.get(url(lesson["slug"], lang), {"step": step["key"]}).content.decode()
    assert text(step["goal"][lang]) in text(page)
    start, seen = clock["ms"], version(page)
    for move in step["solution"]:
        assert status(page) == "playing", move
        clock["ms"] = start + move["at"]
        if move.get("wait"):
            response = hx.get(url(lesson["slug"], lang, "poll/"), {"version": seen})
        else:
            response = hx.post(url(lesson["slug"], lang, "act/"), {"action": move["do"], "version": seen})
        assert response.status_code in (200, 204)
        if response.status_code == 200:
            page = response.content.decode()
            assert alert(page) is None, f"{move}: {alert(page)}"
            seen = version(page)
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_list_shows_mogeleis_nine_lessons_in_each_language(client, lessons, lang):
    html = client.get(LEARN[lang]).content.decode()
    assert f'<html lang="{lang}">' in html
    with translation.override(lang):
        heading = translation.gettext("Learn to play %(game)s") % {"game": KIND.name}
        assert heading in text(html) and str(KIND.lessons_intro) in text(html)
        description = re.search(r'<meta name="description" content="([^"]*)"', html).group(1)
        assert htmllib.unescape(description) == str(KIND.learn_description)
    links = set(re.findall(rf'href="({LEARN[lang]}[^"?#]+/)"', html))
    assert links == {url(lesson["slug"], lang) for lesson in LESSONS}
    for lesson in LESSONS:
        assert text(lesson["title"][lang]) in text(html)
    with translation.override(lang):
        assert f'href="{rules_url(KIND)}"' in html, "looking something up leads to Mogelei's rules"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_page_shows_mogeleis_table_seats_hand_and_choices(client, lessons, lang):
    lesson = LESSONS[0]
    step = lesson["steps"][0]
    html = client.get(url(lesson["slug"], lang)).content.decode()
    assert text(lesson["title"][lang]) in text(html) and text(step["goal"][lang]) in text(html)
    assert 'href="/static/mogelei/table.css"' in html and 'src="/static/mogelei/motion.js"' in html
    table = html[html.index('<section id="table"'):]
    assert len(re.findall(r'class="mz-seat[ "]', table)) == step["scenario"]["players"]
    with translation.override(lang):
        you = translation.pgettext("seat", "You")
    assert f'<span class="mz-seat__name">{you}</span>' in table, "the learner's seat is simply You"
    cards = re.findall(r'class="mz-card-btn[^"]*"[^>]*data-card="([\w-]+)"', table)
    assert sorted(cards) == sorted(step["scenario"]["hands"][0])
    assert re.findall(r'value="(call \w+)"', table) == [f"call {c}" for c in ("black", "red", "yellow", "blue")]


def test_a_lesson_pages_sound_toggle_plays_mogeleis_sounds(client, lessons):
    html = client.get(url(LESSONS[0]["slug"], "en")).content.decode()
    toggle = re.search(r'<button[^>]*id="sound-toggle"[^>]*>', html).group(0)
    sounds = dict(re.findall(r'data-sound-(\w+)="([^"]+)"', toggle))
    assert set(sounds) == set(KIND.sounds) and "mosquito" not in sounds, "Mogelei's, not Mogel Motte's"


def test_an_unknown_lesson_is_404_and_another_languages_slug_moves(client, lessons):
    assert client.get(f"{LEARN['en']}no-such-lesson/").status_code == 404
    moved = client.get(f"{LEARN['de']}follow-colour/", {"step": "must-follow"})
    assert moved.status_code == 301 and moved["Location"] == f"{url('follow-colour', 'de')}?step=must-follow"


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=[f"{lesson['slug']}/{step['key']}" for lesson, step in STEPS])
def test_the_winning_line_of_every_step_reaches_success_through_the_views(client, hx, lessons, clock, lesson, step):
    lang = LANGUAGES[STEPS.index((lesson, step)) % len(LANGUAGES)]
    page = play(client, hx, clock, lesson, step, lang)
    assert status(page) == "success" and text(step["success_text"][lang]) in text(page)
    assert hx.session[PROGRESS]["done"][lesson["slug"]] == [step["key"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_refused_by_the_rules_is_explained_in_the_language_and_the_step_goes_on(client, hx, lessons, clock,
                                                                                         lang):
    # Lesson 1, step 1: red is called; the learner holds red, so the blue 5 is refused.
    client.get(url("follow-colour", lang))
    page = hx.post(url("follow-colour", lang, "act/"), {"action": "call red", "version": "1"}).content.decode()
    before = hx.session[PROGRESS]["run"]
    html = hx.post(url("follow-colour", lang, "act/"), {"action": "lay blue-5", "version": version(page)}).content.decode()
    with translation.override(lang):
        message, anchor = KIND.explain("must_follow", {"colour": "red"})
    assert text(message) in text(alert(html)) and f'href="{KIND.rule_link(anchor)}"' in alert(html)
    assert status(html) == "playing" and version(html) == version(page)
    assert hx.session[PROGRESS]["run"] == before, "the step is as it was"
    html = hx.post(url("follow-colour", lang, "act/"), {"action": "lay red-7", "version": version(page)}).content.decode()
    assert status(html) == "success"


FORGED = ["lay black-99", "accuse 7", "accuse ²", "call green", "reveal", "continue", "end", "lay", "", "x" * 300,
          "call red; lay red-7", "lay red-7\x00", "call RED"]


def messages(lang):
    """Every refusal the Mogelei table may show, in the language."""
    with translation.override(lang):
        return {text(KIND.explain(code, {})[0]) for code in MOGELEI_CODES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_forged_moves_get_a_translated_message_and_leave_the_step_unchanged(client, hx, lessons, clock, lang):
    client.get(url("follow-colour", lang))
    before = hx.session[PROGRESS]
    known, english = messages(lang), messages("en")
    for action in FORGED:
        response = hx.post(url("follow-colour", lang, "act/"), {"action": action, "version": "1"})
        assert response.status_code == 200, action
        html = response.content.decode()
        message = text(alert(html) or "")
        assert any(message.startswith(m) for m in known), f"{action!r}: {message!r}"
        assert lang == "en" or not any(message.startswith(m) for m in english), f"{action!r}: not translated"
        assert status(html) == "playing"
        assert hx.session[PROGRESS] == before, f"{action!r} changed the step"
    html = hx.post(url("follow-colour", lang, "act/"), {"action": "call red", "version": "1"}).content.decode()
    assert alert(html) is None and 'value="lay red-7"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bots_move_on_a_poll_and_an_unchanged_poll_is_empty(client, hx, lessons, clock, lang):
    # Lesson 3, step 2: nobody reveals, so the caller Mia is on turn and ends the round herself.
    lesson, step = LESSONS[2], LESSONS[2]["steps"][1]
    base = url(lesson["slug"], lang)
    client.get(base, {"step": step["key"]})
    page = hx.post(base + "act/", {"action": step["solution"][0]["do"], "version": "1"}).content.decode()
    clock["ms"] += step["solution"][1]["at"]
    page = hx.post(base + "act/", {"action": step["solution"][1]["do"], "version": version(page)}).content.decode()
    assert f'hx-get="{base}poll/"' in page, "the bots owe moves: the table polls"
    seen = version(page)
    assert hx.get(base + "poll/", {"version": seen}).status_code == 204, "nothing new yet"
    clock["ms"] += 5000
    polled = hx.get(base + "poll/", {"version": seen}).content.decode()
    assert status(polled) == "success" and int(version(polled)) > int(seen)
    assert 'hx-get="' not in polled[:polled.index(">")], "the step is over: no more polling"
    assert re.search(r'id="announcer"[^>]*>\s*\S', polled), "the live region reads the bots' moves"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hints_come_as_a_nudge_then_the_move_in_each_language(client, hx, lessons, clock, lang):
    step = LESSONS[0]["steps"][0]
    nudge, move = (text(hint["text"][lang]) for hint in step["hints"])
    first = text(hx.post(url("follow-colour", lang, "hint/")).content.decode())
    assert nudge in first and move not in first
    second = hx.post(url("follow-colour", lang, "hint/")).content.decode()
    assert move in text(second) and 'data-hint="call red"' in second


@pytest.mark.parametrize("lang", LANGUAGES)
def test_next_retry_and_goto_a_step(client, hx, lessons, clock, lang):
    lesson = LESSONS[0]
    base = url(lesson["slug"], lang)
    play(client, hx, clock, lesson, lesson["steps"][0], lang)
    assert client.post(base + "step/", {"op": "next"}).status_code == 302
    assert text(lesson["steps"][1]["goal"][lang]) in text(client.get(base).content.decode())
    hx.post(base + "act/", {"action": "lay blue-8", "version": "1"})
    client.post(base + "step/", {"op": "retry"})
    assert status(client.get(base).content.decode()) == "playing"
    client.post(base + "step/", {"op": "goto", "key": lesson["steps"][2]["key"]})
    assert text(lesson["steps"][2]["goal"][lang]) in text(client.get(base).content.decode())


def test_leaving_the_script_stops_the_step_with_its_own_text(client, hx, lessons, clock):
    # Lesson 2, step 1 asks to reveal the black 9; keeping it hidden is allowed, but not the step.
    lesson = LESSONS[1]
    step = lesson["steps"][0]
    client.get(url(lesson["slug"], "de"))
    hx.post(url(lesson["slug"], "de", "act/"), {"action": "lay black-9", "version": "1"})
    clock["ms"] += 1000
    html = hx.post(url(lesson["slug"], "de", "act/"), {"action": "hide", "version": "1"}).content.decode()
    assert status(html) == "failure" and text(step["failure"][0]["text"]["de"]) in text(html)
    assert 'id="btn-retry"' in html


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_last_lesson_and_the_finished_list_lead_to_mogeleis_own_lobby(client, hx, lessons, clock, lang):
    assert first_game_link(client.get(LEARN[lang]).content.decode()) is None
    session = client.session
    session[PROGRESS] = {"done": {lesson.slug: [s.key for s in lesson.steps.all()]
                                  for lesson in Lesson.objects.filter(game="mogelei")}, "run": {}}
    session.save()
    link, words = first_game_link(client.get(LEARN[lang]).content.decode())
    lobby_url = {"en": "/en/mogelei/play/", "de": "/de/mogelei/spielen/"}[lang]
    assert link == f"{lobby_url}?players=3&level=easy&pace=relaxed"
    assert words == {"en": "Play your first game", "de": "Spiel dein erstes Spiel"}[lang]
    lobby = client.get(link).content.decode()
    assert (checked(lobby, "players"), checked(lobby, "level"), checked(lobby, "pace")) == ("3", "easy", "relaxed")
    last = LESSONS[-1]
    page = play(client, hx, clock, last, last["steps"][-1], lang)
    assert first_game_link(page)[0] == link, "the last step of the last lesson offers the first game"


def test_a_step_that_ends_the_match_shows_the_games_scores_but_no_ranking_of_a_match_it_does_not_hold(
        client, hx, lessons, clock):
    lesson = next(lesson for lesson in LESSONS if lesson["slug"] == "scoring")
    page = play(client, hx, clock, lesson, lesson["steps"][-1], "en")
    assert status(page) == "success"
    scores = text(page[page.index('<section class="summary"'):page.index("</section>", page.index('class="summary"'))])
    assert "Game 5 is over" in scores and "Game 5: fried eggs, reward cards, points" in scores
    assert "You win!" not in scores and "Final ranking" not in scores and 'id="btn-play-again"' not in page
    assert re.search(r"You .*the fattest egg −1 1 2", scores), scores
