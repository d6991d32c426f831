"""The rules on one page: five languages, translated URLs, links to and from it, and the engine's numbers."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.mogel_motte.engine import cards as engine_cards
from games.mogel_motte.engine.game import DEFAULT_OPTIONS, MAX_PLAYERS, MIN_PLAYERS
from functools import partial

from games.mogel_motte.rules.anchors import SLUGS
from mogel.rules import content, markup
from mogel.rules.markup import inline_text, plain_text
from mogel.rules.models import SummarySection
from tests.games.mogel_motte.game_data import KEY, SUMMARY_FILE
from tests.tempo_names import FACTORS

problems = partial(markup.problems, game=KEY)

from .test_rules_pages import SECONDS_WORD, numbers_in, seconds

LANGS = ["de", "en", "fr", "nl", "it"]
PATHS = {"de": "/de/regeln/kurzfassung/", "en": "/en/rules/summary/", "fr": "/fr/regles/resume/",
         "nl": "/nl/spelregels/samenvatting/", "it": "/it/regole/riassunto/"}
RULES = {"de": "/de/regeln/", "en": "/en/rules/", "fr": "/fr/regles/", "nl": "/nl/spelregels/", "it": "/it/regole/"}
LEARN = {"de": "/de/lernen/", "en": "/en/learn/", "fr": "/fr/apprendre/", "nl": "/nl/leren/", "it": "/it/impara/"}
ITEMS = content.read(SUMMARY_FILE)


@pytest.fixture
def summary(db):
    content.load()
    return SummarySection.objects.order_by("order")


def body_of(slug, lang):
    return {item["slug"]: item["body"][lang] for item in ITEMS}[slug]


# The content ----------------------------------------------------------------

def test_every_box_has_its_own_text_in_every_language_and_clean_markup():
    assert [item["order"] for item in ITEMS] == list(range(1, len(ITEMS) + 1))
    for item in ITEMS:
        bodies = [item["body"][lang] for lang in LANGS]
        assert all(b.strip() for b in bodies) and len(set(bodies)) == len(LANGS), item["slug"]
        assert all(item["title"][lang].strip() for lang in LANGS), item["slug"]
        for lang in LANGS:
            assert problems(item["title"][lang]) + problems(item["body"][lang]) == [], (item["slug"], lang)


def test_the_summary_covers_the_rules_it_promises():
    slugs = [item["slug"] for item in ITEMS]
    assert slugs == ["idea", "setup", "turn", "action-cards", "moth", "cheating", "caught", "scoring"]
    # Every box but the action cards' leads to its rules section for the details.
    assert [s for s in slugs if s not in SLUGS] == ["action-cards"]
    for kind in ("spider", "mosquito", "cockroach", "ant"):
        assert f"{{card:{kind}" in body_of("action-cards", "en")


# Numbers the engine enforces, as the summary tells them ------------------------

def expected_numbers():
    points = engine_cards.MINUS_POINTS
    return {
        "idea": {MIN_PLAYERS, MAX_PLAYERS},
        "setup": {engine_cards.HAND_SIZE},
        "turn": {min(engine_cards.VALUES), max(engine_cards.VALUES)},
        "scoring": {points[engine_cards.NUMBER], points[engine_cards.SPIDER], points[engine_cards.MOTH]},
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", list(expected_numbers()))
def test_every_number_the_engine_enforces_is_in_the_summary(slug, lang):
    missing = expected_numbers()[slug] - numbers_in(body_of(slug, lang))
    assert not missing, f"{slug} ({lang}) does not say {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGS)
def test_each_minus_point_value_stands_beside_its_kind_of_card(lang):
    """The scoring list reads "number card [2]: 1" and so on: one line per kind, its engine value."""
    said = {}
    for line in body_of("scoring", lang).splitlines():
        if line.startswith("- "):
            card = re.search(r"\{card:(\w+)\}", line).group(1)
            said[engine_cards.kind(card)] = int(plain_text(line).rsplit(":", 1)[1])
    assert said == {kind: engine_cards.MINUS_POINTS[kind]
                    for kind in (engine_cards.NUMBER, engine_cards.ANT, engine_cards.MOTH)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug, option", [("action-cards", "mosquito_ms"), ("action-cards", "cockroach_ms"),
                                          ("cheating", "act_ms")])
def test_the_time_windows_are_the_engines_defaults(slug, option, lang):
    said = f"{seconds(DEFAULT_OPTIONS[option], lang)} {SECONDS_WORD[lang]}"
    assert said in body_of(slug, lang), f"{slug} ({lang}) should say {said!r}"


TEMPO_WORD = {"de": "Tempo", "en": "tempo", "fr": "rythme", "nl": "tempo", "it": "ritmo"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug, option", [("action-cards", "mosquito_ms"), ("action-cards", "cockroach_ms"),
                                          ("cheating", "act_ms")])
def test_each_time_window_says_how_long_it_lasts_at_a_slower_tempo(slug, option, lang):
    """ "2.5 seconds (7.5 or 25 seconds at a slower tempo)": the windows at ×3 and ×10, in a word or two."""
    slower, unhurried = (seconds(DEFAULT_OPTIONS[option] * factor, lang) for factor in FACTORS[1:])
    said = rf"\({re.escape(slower)} \w+ {re.escape(unhurried)} {SECONDS_WORD[lang]} [^)]*\b{TEMPO_WORD[lang]}\b"
    assert re.search(said, body_of(slug, lang)), f"{slug} ({lang}) should say {slower} or {unhurried} at a slower tempo"


# The page -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_url_is_translated_under_the_rules(lang):
    with translation.override(lang):
        assert reverse("rules:summary") == PATHS[lang]
        assert PATHS[lang].startswith(reverse("rules:index"))


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_shows_every_box_in_order_with_card_pictures(client, summary, lang):
    response = client.get(PATHS[lang])
    assert response.status_code == 200
    page = response.content.decode()
    assert f'<html lang="{lang}">' in page
    boxes = re.findall(r'<section class="summary-box" id="([^"]+)"', page)
    assert boxes == [item["slug"] for item in ITEMS]
    for section in summary:
        with translation.override(lang):
            title = inline_text(getattr(section, f"title_{lang}"))
        assert f'<h2 id="{section.slug}-title">{title}</h2>' in page
    assert page.count('class="table-card table-card--sm') >= 10
    assert 'href="/static/rules/summary.css"' in page
    # The way to the details: the whole rulebook, and each box's own section.
    assert f'href="{RULES[lang]}"' in page
    assert f'href="{RULES[lang]}#moth"' in page and f'href="{RULES[lang]}#action-cards"' not in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_and_the_lessons_list_link_to_the_summary(client, summary, lang):
    assert f'href="{PATHS[lang]}"' in client.get(RULES[lang]).content.decode()
    assert f'href="{PATHS[lang]}"' in client.get(LEARN[lang]).content.decode()


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "it"])
def test_title_description_and_heading_are_translated(client, summary, lang):
    english, page = (client.get(PATHS[code]).content.decode() for code in ("en", lang))
    for pattern in (r"<title>([^<]+)</title>", r'<meta name="description" content="([^"]+)">', r"<h1>([^<]+)</h1>"):
        assert re.search(pattern, page).group(1) != re.search(pattern, english).group(1)


def test_hreflang_alternates_point_to_the_translated_summaries(client, summary):
    page = client.get(PATHS["nl"]).content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', page))
    assert {code: href for code, href in alternates.items() if code != "x-default"} == {
        code: f"http://testserver{path}" for code, path in PATHS.items()}


def test_the_summary_without_loaded_content_says_so(client, db):
    page = client.get(PATHS["en"]).content.decode()
    assert "The rules are not loaded yet." in page


def test_loading_the_summary_is_idempotent_and_removes_boxes_no_longer_in_the_file(db):
    assert content.load_summary(SUMMARY_FILE, KEY).startswith(f"{len(ITEMS)} summary sections ({len(ITEMS)} new")
    SummarySection.objects.create(game=KEY, slug="old", order=99, title_en="Old", body_en="Gone soon.")
    assert content.load_summary(SUMMARY_FILE, KEY) == f"{len(ITEMS)} summary sections (0 new, {len(ITEMS)} updated, 1 removed)"
    box = SummarySection.objects.get(slug="moth")
    assert [getattr(box, f"title_{lang}") for lang in LANGS] == [ITEMS[4]["title"][lang] for lang in LANGS]
