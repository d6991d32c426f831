"""The rules pages: content complete in five languages, anchors, URLs, and the engine's numbers."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from games.mogel_motte.engine import cards as engine_cards
from games.mogel_motte.engine.game import DEFAULT_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, Game
from functools import partial

from games.mogel_motte.rules.anchors import SLUGS
from mogel.rules import content, markup
from mogel.rules.markup import inline_text, plain_text
from mogel.rules.models import RuleSection
from tests.games.mogel_motte.game_data import KEY as MOGEL_MOTTE
from tests.games.mogel_motte.game_data import RULES_FILE
from tests.tempo_names import FACTORS, TEMPO_NAMES

problems = partial(markup.problems, game=MOGEL_MOTTE)

LANGS = ["de", "en", "fr", "nl", "it"]
PATHS = {"de": "/de/regeln/", "en": "/en/rules/", "fr": "/fr/regles/", "nl": "/nl/spelregels/", "it": "/it/regole/"}


@pytest.fixture
def rules(db):
    content.load()
    # Mogel Motte's sections: every other registered kind (Mogelei) has its own.
    return RuleSection.objects.filter(game=MOGEL_MOTTE).order_by("order")


# The content ----------------------------------------------------------------

def test_every_section_exists_in_order_with_title_and_body_in_every_language(rules):
    assert [s.slug for s in rules] == list(SLUGS)
    for section in rules:
        for lang in LANGS:
            # The raw field, not the accessor: a fallback to English must not hide a gap.
            assert getattr(section, f"title_{lang}").strip(), f"{section.slug}: no title in {lang}"
            assert getattr(section, f"body_{lang}").strip(), f"{section.slug}: no body in {lang}"


def test_no_language_shares_another_languages_body():
    # A copy-pasted English text in another language's field is a gap too.
    for item in content.read(RULES_FILE):
        bodies = [item["body"][lang] for lang in LANGS]
        assert len(set(bodies)) == len(LANGS), f"{item['slug']}: two languages share a body"


def test_the_data_file_uses_the_markup_correctly():
    mistakes = [
        f"{item['slug']} ({lang}): {problem}"
        for item in content.read(RULES_FILE)
        for lang in LANGS
        for field in ("title", "body")
        for problem in problems(item[field][lang])
    ]
    assert mistakes == []


def test_the_order_field_matches_the_list_order():
    assert [item["order"] for item in content.read(RULES_FILE)] == list(range(1, len(SLUGS) + 1))


# Numbers the engine enforces, as the page tells them --------------------------

def deck_facts():
    deck = engine_cards.DECK
    kinds = [engine_cards.card(c).kind for c in deck]
    return {
        "playing_cards": len(deck),
        "all_cards": len(deck) + 1,  # + the Guard Bug, a role marker
        "number_cards": kinds.count(engine_cards.NUMBER),
        "action_cards": sum(kind in engine_cards.ACTION_KINDS for kind in kinds),
        "moths": kinds.count(engine_cards.MOTH),
        "per_species": len(engine_cards.VALUES),
    }


def numbers_in(text):
    """Every whole number a reader sees in the body (card pictures are not text)."""
    return {int(n) for n in re.findall(r"(?<![\d.,])\d+(?![\d])", plain_text(text))}


def expected_numbers():
    facts = deck_facts()
    points = engine_cards.MINUS_POINTS
    return {
        "idea": {MIN_PLAYERS, MAX_PLAYERS},
        "cards": {
            facts["all_cards"], facts["playing_cards"], facts["number_cards"], facts["action_cards"],
            facts["moths"], facts["per_species"], min(engine_cards.VALUES), max(engine_cards.VALUES),
        },
        "setup": {engine_cards.HAND_SIZE, facts["playing_cards"]},
        "turn": {min(engine_cards.VALUES), max(engine_cards.VALUES)},
        "moth": {facts["moths"], points[engine_cards.MOTH]},
        "scoring": {points[engine_cards.NUMBER], points[engine_cards.SPIDER], points[engine_cards.MOTH]},
    }


def test_the_engine_still_has_the_numbers_we_teach():
    # If one of these changes, the rules text must change with it.
    assert deck_facts() == {
        "playing_cards": 71, "all_cards": 72, "number_cards": 43, "action_cards": 20, "moths": 8, "per_species": 5,
    }
    assert engine_cards.HAND_SIZE == 8
    assert set(engine_cards.MINUS_POINTS[k] for k in engine_cards.ACTION_KINDS) == {5}
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        assert Game.new(players, seed=1).total_rounds == players


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", list(expected_numbers()))
def test_every_number_the_engine_enforces_is_on_the_page(slug, lang):
    body = body_of(slug, lang)
    missing = expected_numbers()[slug] - numbers_in(body)
    assert not missing, f"{slug} ({lang}) does not say {sorted(missing)}"


def body_of(slug, lang):
    return {item["slug"]: item["body"][lang] for item in content.read(RULES_FILE)}[slug]


@pytest.mark.parametrize("lang", LANGS)
def test_the_value_split_of_the_deck_is_the_engines(lang):
    body = plain_text(body_of("cards", lang))
    for value, count in engine_cards.NUMBER_CARDS_PER_VALUE.items():
        assert f"{count} × {value}" in body, f"cards ({lang}): number cards should say {count} × {value}"
    moth_values = ", ".join(str(v) for v in engine_cards.MOTH_VALUES)
    assert moth_values in body, f"cards ({lang}): moth values should read {moth_values}"


def seconds(ms, lang):
    """3000 → "3", 2500 → "2.5" in English and "2,5" in the other four languages."""
    text = f"{ms / 1000:g}"
    return text if lang == "en" else text.replace(".", ",")


SECONDS_WORD = {"de": "Sekunden", "en": "seconds", "fr": "secondes", "nl": "seconden", "it": "secondi"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "slug, option", [("cheating", "act_ms"), ("caught", "act_ms"), ("mosquito", "mosquito_ms"), ("cockroach", "cockroach_ms")]
)
def test_the_time_windows_are_the_engines_defaults(slug, option, lang):
    said = f"{seconds(DEFAULT_OPTIONS[option], lang)} {SECONDS_WORD[lang]}"
    assert said in body_of(slug, lang), f"{slug} ({lang}) should say {said!r}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "slug, option", [("cheating", "act_ms"), ("caught", "act_ms"), ("mosquito", "mosquito_ms"), ("cockroach", "cockroach_ms")]
)
def test_each_time_window_says_how_long_it_lasts_at_the_slower_tempos(slug, option, lang):
    """Where a window's length is given, its length at "Slower (×3)" and "Unhurried (×10)" stands beside it."""
    body = body_of(slug, lang)
    for name, factor in zip(TEMPO_NAMES[lang][1:], FACTORS[1:]):
        said = f"{seconds(DEFAULT_OPTIONS[option] * factor, lang)} {SECONDS_WORD[lang]}"
        assert said in body and name in body, f"{slug} ({lang}) should say {said!r} and name {name!r}"
    assert "](#variants)" in body, f"{slug} ({lang}) should link to where the tempo is explained"


@pytest.mark.parametrize("lang", LANGS)
def test_the_variants_explain_every_tempo_and_that_the_bots_slow_down_too(lang):
    body = body_of("variants", lang)
    for name in TEMPO_NAMES[lang]:
        assert f"**{name}:**" in body or f"**{name} :**" in body, f"variants ({lang}) should list {name!r}"
    assert re.search(r"\bbots?\b", body, re.IGNORECASE), f"variants ({lang}) should say that the bots slow down too"


# The plural of "round" per language, as the rulebook vocabulary has it.
ROUNDS_WORD = {"de": "Runden", "en": "rounds", "fr": "manches", "nl": "rondes", "it": "giri"}


@pytest.mark.parametrize("lang", LANGS)
def test_game_end_gives_the_engines_number_of_rounds_for_each_table_size(lang):
    body = body_of("game-end", lang)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        said = f"{Game.new(players, seed=1).total_rounds} {ROUNDS_WORD[lang]}"
        assert said in body, f"game-end ({lang}) should say {said!r} for {players} players"


# The page -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_url_is_translated(lang):
    with translation.override(lang):
        assert reverse("rules:index") == PATHS[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_renders_every_section_with_its_anchor(client, rules, lang):
    response = client.get(PATHS[lang])
    assert response.status_code == 200
    page = response.content.decode()
    assert f'<html lang="{lang}">' in page

    anchors = re.findall(r'<section class="rule-section" id="([^"]+)" aria-labelledby="([^"]+)">', page)
    assert [a for a, _ in anchors] == list(SLUGS)
    assert all(label == f"{a}-title" for a, label in anchors)

    toc = page.split('class="rules-toc"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'<a href="#([^"]+)">', toc) == list(SLUGS)

    for section in rules:
        with translation.override(lang):
            title = inline_text(getattr(section, f"title_{lang}"))
        assert f'<h2 id="{section.slug}-title">{title}</h2>' in page
    assert page.count('class="table-card table-card--sm') >= 1  # card pictures in the text


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "it"])
def test_page_title_and_description_are_translated(client, rules, lang):
    english = client.get(PATHS["en"]).content.decode()
    page = client.get(PATHS[lang]).content.decode()

    def head(text, pattern):
        return re.search(pattern, text).group(1)

    for pattern in (r"<title>([^<]+)</title>", r'<meta name="description" content="([^"]+)">', r"<h1[^>]*>([^<]+)</h1>"):
        assert head(page, pattern) != head(english, pattern)


@pytest.mark.parametrize("lang", LANGS)
def test_hreflang_alternates_point_to_the_translated_rules_page(client, rules, lang):
    page = client.get(PATHS[lang]).content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', page))
    assert {code: href for code, href in alternates.items() if code != "x-default"} == {
        code: f"http://testserver{path}" for code, path in PATHS.items()
    }
    # The default must resolve for every visitor, whatever their browser's language.
    assert alternates["x-default"] == f"http://testserver{PATHS['de']}"


@pytest.mark.parametrize("source, target", [("de", "fr"), ("fr", "de"), ("en", "nl"), ("nl", "it"), ("it", "en")])
def test_switcher_round_trip_keeps_the_page_and_the_anchor(client, source, target):
    for there, back in ((source, target), (target, source)):
        response = client.post(reverse("set_language"), {"language": back, "next": f"{PATHS[there]}#cockroach"})
        assert response.status_code == 302
        assert response["Location"] == f"{PATHS[back]}#cockroach"


def test_root_remembers_the_language_chosen_on_the_rules_page(client):
    client.post(reverse("set_language"), {"language": "nl", "next": "/de/regeln/#moth"})
    assert client.get("/", headers={"accept-language": "fr"})["Location"] == "/nl/"


@pytest.mark.parametrize("accept, expected", [("it-IT,it;q=0.9", "/it/"), ("ja", "/de/"), ("", "/de/")])
def test_root_follows_the_browser_and_falls_back_to_german(client, accept, expected):
    assert client.get("/", headers={"accept-language": accept})["Location"] == expected


def test_the_rules_page_lists_its_styles(client, rules):
    page = client.get(PATHS["en"]).content.decode()
    assert 'href="/static/rules/rules.css"' in page
    assert 'href="/static/table/cards.css"' in page


@pytest.mark.django_db
def test_no_script_can_be_injected_through_content(client):
    attack = '<script>alert("x")</script> **<img src=x onerror=alert(1)>** [y](javascript:alert(1))'
    RuleSection.objects.create(game=MOGEL_MOTTE, slug="idea", order=1, title_en="<script>t</script>", body_en=attack)
    page = client.get(PATHS["en"]).content.decode()
    assert "<script>alert" not in page and "<script>t" not in page and "<img src=x" not in page
    assert 'href="javascript' not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page


# The admin ------------------------------------------------------------------

def test_admin_edits_all_five_languages(client, rules):
    user = get_user_model().objects.create_superuser("editor", "editor@example.com", "a-long-password-1")
    client.force_login(user)
    section = rules.get(slug="moth")
    page = client.get(reverse("admin:rules_rulesection_change", args=[section.pk])).content.decode()
    for lang in LANGS:
        assert f'name="title_{lang}"' in page
        assert f'name="body_{lang}"' in page
    listing = client.get(reverse("admin:rules_rulesection_changelist")).content.decode()
    assert listing.count('class="field-slug"') == RuleSection.objects.count() >= len(SLUGS)
