"""The third game teaches and shows its rules: its lesson and its rules pages come from its data
and its own hooks alone, through ``tutorial`` and ``mogel.rules``, beside the site's two games.
"""

import re

import pytest

from mogel.rules.models import RuleSection
from tutorial.models import Lesson

LEARN = {"en": "/en/climb/learn/", "de": "/de/climb/lernen/"}
LESSON = {"en": "/en/climb/learn/climb-up/", "de": "/de/climb/lernen/hochsteigen/"}
RULES = {"en": "/en/climb/rules/", "de": "/de/climb/regeln/"}


def alert(html):
    found = re.search(r'role="alert">(.*?)</p>', html, re.S)
    return found.group(1) if found else None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lesson_list_and_page_of_the_third_game_are_its_own(client, third_game, clock, lang):
    listing = client.get(LEARN[lang])
    assert listing.status_code == 200
    html = listing.content.decode()
    assert f'href="{LESSON[lang]}"' in html and {"en": "Climb up", "de": "Hochsteigen"}[lang] in html
    assert "/learn/your-turn/" not in html and "/lernen/du-bist-dran/" not in html, "only the kind's own lessons"
    page = client.get(LESSON[lang]).content.decode()
    assert 'class="climb-top">Top: 1<' in page and 'id="lesson-panel"' in page
    assert f'<form method="post" action="{LESSON[lang]}hint/">' in page
    assert {"en": "Lay the 2; Mia and Leo go higher.", "de": "Lege die 2; Mia und Leo legen höher."}[lang] in page


def test_another_languages_slug_moves_for_good_to_the_lessons_address(client, third_game):
    response = client.get("/de/climb/lernen/climb-up/", {"step": "pass"})
    assert response.status_code == 301 and response["Location"] == f"{LESSON['de']}?step=pass"
    assert client.get("/de/climb/lernen/no-such-lesson/").status_code == 404
    assert client.get("/de/nonesuch/lernen/").status_code == 404


def test_a_move_the_autopilot_and_a_poll_finish_the_step(client, hx, third_game, clock):
    client.get(LESSON["en"])
    html = hx.post(f"{LESSON['en']}act/", {"action": "lay 2", "version": "1"}).content.decode()
    assert 'class="climb-top">Top: 2<' in html and 'id="announcer" hx-swap-oob="innerHTML">You laid a 2.' in html
    assert f'hx-get="{LESSON["en"]}poll/"' in html, "the bots owe moves: the table polls"
    version = re.search(r'data-version="(\d+)"', html).group(1)
    assert hx.get(f"{LESSON['en']}poll/", {"version": version}).status_code == 204
    clock["ms"] += 2500
    html = hx.get(f"{LESSON['en']}poll/", {"version": version}).content.decode()
    assert "Mia laid a 3." in html and "Leo laid a 4." in html and "Up it went: 2, 3, 4." in html
    assert hx.session["tutorial:climb"]["done"] == {"climb-up": ["lay-the-two"]}
    assert "tutorial" not in hx.session, "Mogel Motte's progress is another game's"
    assert "Steps done: 1 of 2" in client.get(LEARN["en"]).content.decode()


def test_a_refused_move_explains_with_a_link_to_the_kinds_rule(hx, third_game, clock):
    html = hx.post(f"{LESSON['de']}act/", {"action": "lay 5", "version": "1"}).content.decode()
    assert alert(html) == 'That card is not in your hand. <a href="/de/climb/regeln/#turn">Why?</a>'


def test_hints_and_step_controls(client, hx, third_game, clock):
    assert "Start low." in hx.post(f"{LESSON['en']}hint/").content.decode()
    assert "Lay the 2." in hx.post(f"{LESSON['en']}hint/").content.decode()
    response = client.post(f"{LESSON['en']}step/", {"op": "goto", "key": "pass"})
    assert response.status_code == 302 and response["Location"] == f"{LESSON['en']}#step"
    assert "Step 2 of 2" in client.get(LESSON["en"]).content.decode()
    hx.post(f"{LESSON['en']}act/", {"action": "pass", "version": "1"})
    client.post(f"{LEARN['en']}reset/")
    assert "Steps done: 0 of 2" in client.get(LEARN["en"]).content.decode()


def test_a_failure_of_the_kinds_own_says_its_text(hx, third_game, clock):
    html = hx.post(f"{LESSON['en']}act/", {"action": "lay 9", "version": "1"}).content.decode()
    assert "The 9 is too high to start." in html and 'id="btn-retry"' in html


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_third_games_rules_page(client, third_game, lang):
    response = client.get(RULES[lang])
    assert response.status_code == 200
    page = response.content.decode()
    assert re.findall(r'<section class="rule-section" id="([^"]+)"', page) == ["aim", "turn"]
    assert '<h1 id="rules-title">How to play Climb</h1>' in page
    assert '<span class="climb-card">7</span>' in page and '<a href="#turn">' in page
    assert {"en": "Your turn", "de": "Dein Zug"}[lang] in page
    assert "rules__summary-link" not in page and client.get(f"{RULES[lang]}summary/").status_code == 404


def test_its_lessons_and_rules_live_beside_the_other_games(client, third_game):
    assert Lesson.objects.filter(game="climb").count() == 1
    assert Lesson.objects.filter(game="mogel-motte").count() > 1
    assert RuleSection.objects.filter(game="climb").count() == 2
    mogel_motte = client.get("/en/rules/").content.decode()
    assert 'id="aim"' not in mogel_motte and 'id="moth"' in mogel_motte
    assert "climb-up" not in client.get("/en/learn/").content.decode()


def test_the_language_switcher_finds_the_same_lesson_and_rules_in_the_other_language(client, third_game):
    page = client.get(LESSON["de"]).content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', page))
    assert alternates["en"] == f"http://testserver{LESSON['en']}" and alternates["fr"].endswith("/fr/climb/apprendre/grimper/")
    switched = client.post("/i18n/setlang/", {"language": "en", "next": f"{RULES['de']}#turn"})
    assert switched["Location"] == f"{RULES['en']}#turn"


def test_a_refusal_of_its_own_code_is_explained_in_a_lesson(hx, third_game, clock):
    html = hx.post(f"{LESSON['en']}step/", {"op": "goto", "key": "pass"})
    html = hx.post(f"{LESSON['en']}act/", {"action": "lay 2", "version": "1"}).content.decode()
    assert alert(html) == 'Higher than the top card, please. <a href="/en/climb/rules/#turn">Why?</a>'
