"""Mogelei's rules page through the shared rules machinery: every section, in five languages, with its card pictures.

The page is served for the kind registered as "mogelei" (the practice game's kind, which takes on
games.mogelei.rules.kind.MogeleiRules). Where no such kind is registered yet, the test registers one with
the rules hooks only, so the rules text is checked on its own.
"""

import json
import re
from contextlib import contextmanager
from html import unescape
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import gettext_lazy

from mogel import games
from mogel.rules import markup
from mogel.rules.links import rule_url, rules_url
from mogel.rules.models import RuleSection
from games.mogelei.cards.names import card_label
from games.mogelei.rules.kind import SLUGS, MogeleiRules

LANGS = ["de", "en", "fr", "nl", "it"]
DATA = Path(__file__).resolve().parents[4] / "games" / "mogelei" / "rules" / "data" / "sections.json"
TITLES = {"de": "So spielt man Mogelei", "en": "How to play Mogelei", "fr": "Comment jouer à Mogelei",
          "nl": "Zo speel je Mogelei", "it": "Come si gioca a Mogelei"}


class RulesOnly(MogeleiRules, games.GameKind):
    key = slug = "mogelei"
    name = gettext_lazy("Mogelei")


@contextmanager
def registered_mogelei():
    """The registered Mogelei kind, or for the time being one with the rules hooks only."""
    try:
        kind, ours = games.get("mogelei"), False
    except LookupError:
        kind, ours = games.register(RulesOnly()), True
    try:
        yield kind
    finally:
        if ours:
            games.unregister("mogelei")


@pytest.fixture
def mogelei(db):
    with registered_mogelei() as kind:
        call_command("loadcontent", stdout=StringIO())
        yield kind


def page(client, lang):
    with translation.override(lang):
        url = rules_url(games.get("mogelei"))
    response = client.get(url)
    assert response.status_code == 200, url
    return url, response.content.decode()


def test_the_registered_kind_has_mogeleis_rules(mogelei):
    assert isinstance(mogelei, MogeleiRules), "Mogelei's kind takes on its rules hooks: class Mogelei(MogeleiRules, GameKind)"
    assert tuple(mogelei.rule_slugs) == SLUGS


def test_loadcontent_loads_mogeleis_sections_beside_mogel_mottes(mogelei):
    assert list(RuleSection.objects.filter(game="mogelei").values_list("slug", flat=True)) == list(SLUGS)
    assert RuleSection.objects.filter(game="mogel-motte").filter(slug="idea").exists()


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_shows_every_section_with_card_pictures(client, mogelei, lang):
    url, html = page(client, lang)
    assert url.startswith(f"/{lang}/mogelei/")
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert f'<h1 id="rules-title">{TITLES[lang]}</h1>' in html
    with translation.override(lang):
        for item in data:
            title = str(markup.inline_text(item["title"][lang]))
            assert f'<section class="rule-section" id="{item["slug"]}"' in html
            assert f'<h2 id="{item["slug"]}-title">{title}</h2>' in html, item["slug"]
            assert f'<a href="#{item["slug"]}">{title}</a>' in html, "the contents list every section"
        labels = [unescape(label) for label in re.findall(r'<svg[^>]*class="[^"]*mogelei-card[^"]*"[^>]*aria-label="([^"]*)"', html)]
        pictures = [name for item in data for name in re.findall(r"\{card:([^{}\s]*)\}", item["body"][lang])]
        assert labels == [card_label(name, "by_value" if "-" in name else None) for name in pictures]
    assert "{card:" not in html, "every picture is drawn"
    assert "mogel-motte-card--moth" not in html and "mogel-motte-card--guard" not in html, "no Mogel Motte card on Mogelei's page"


@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_have_no_markup_mistakes(mogelei, lang):
    for item in json.loads(DATA.read_text(encoding="utf-8")):
        assert markup.problems(item["body"][lang], "mogelei") == [], (item["slug"], lang)


def test_links_between_sections_and_from_refusals(client, mogelei):
    _url, html = page(client, "de")
    assert '<a href="#fattest-egg">das dickste Ei</a>' in html
    with translation.override("fr"):
        url = rule_url("choices", "mogelei")
        assert url.startswith("/fr/mogelei/") and url.endswith("/#choices")
        assert rule_url("nonesuch", "mogelei") is None


def test_mogel_mottes_rules_page_is_unchanged_beside_it(client, mogelei):
    html = client.get("/en/rules/").content.decode()
    assert 'id="guard"' in html and 'id="fattest-egg"' not in html
