"""Loading the rules sections from versioned data (`manage.py loadcontent`)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.games.mogel_motte.game_data import KEY as MOGEL_MOTTE, RULES_FILE

from mogel.rules import content
from mogel.rules.models import RuleSection

LANGS = ["de", "en", "fr", "nl", "it"]


def section(slug, order, word="Rule"):
    return {
        "slug": slug,
        "order": order,
        "title": {lang: f"{word} {slug} {lang}" for lang in LANGS},
        "body": {lang: f"**{slug}** in {lang}.\n\n- one\n- two" for lang in LANGS},
    }


@pytest.fixture
def data_file(tmp_path):
    def write(items):
        path = tmp_path / "sections.json"
        path.write_text(json.dumps(items), encoding="utf-8")
        return path

    return write


@pytest.mark.django_db
def test_load_sets_every_language_explicitly_and_is_idempotent(data_file):
    path = data_file([section("idea", 1), section("cards", 2)])
    summary = content.load_sections(path, MOGEL_MOTTE)
    assert summary.startswith("2 rules sections")
    first = list(RuleSection.objects.values())
    assert content.load_sections(path, MOGEL_MOTTE).startswith("2 rules sections (0 new, 2 updated, 0 removed)")
    assert list(RuleSection.objects.values()) == first

    cards = RuleSection.objects.get(slug="cards")
    for lang in LANGS:
        assert getattr(cards, f"title_{lang}") == f"Rule cards {lang}"
        assert getattr(cards, f"body_{lang}").startswith(f"**cards** in {lang}.")


@pytest.mark.django_db
def test_load_updates_changed_text_and_deletes_sections_no_longer_in_the_file(data_file):
    content.load_sections(data_file([section("idea", 1), section("cards", 2), section("old", 3)]), MOGEL_MOTTE)
    summary = content.load_sections(data_file([section("cards", 1, word="New"), section("idea", 2)]), MOGEL_MOTTE)
    assert summary == "2 rules sections (0 new, 2 updated, 1 removed)"
    assert list(RuleSection.objects.values_list("slug", "order", "title_fr")) == [
        ("cards", 1, "New cards fr"),
        ("idea", 2, "Rule idea fr"),
    ]


@pytest.mark.parametrize(
    "items, complaint",
    [
        ({"slug": "idea"}, "JSON list"),
        ([{"order": 1}], "slug"),
        ([section("idea", 1), section("idea", 2)], "twice"),
        ([{**section("idea", 1), "title": {"de": "x"}}], "no text for en, fr, nl, it"),
        ([{**section("idea", 1), "order": "first"}], "whole number"),
    ],
)
def test_read_refuses_malformed_data(data_file, items, complaint):
    with pytest.raises(ValueError, match=complaint):
        content.read(data_file(items))


@pytest.mark.django_db
def test_loadcontent_command_loads_the_rules_from_the_repository():
    out = StringIO()
    call_command("loadcontent", stdout=out)
    assert f"rules: mogel-motte: {len(content.read(RULES_FILE))} rules sections" in out.getvalue()
    assert RuleSection.objects.filter(game=MOGEL_MOTTE).count() == len(content.read(RULES_FILE))


def test_the_repository_has_the_rules_data_file():
    assert RULES_FILE.exists(), "games/mogel_motte/rules/data/sections.json is missing"
