"""Mogelei's card pictures: valid SVG, translated names, distinct colours and symbols, eggs as decided."""

import html
import re
from xml.etree import ElementTree

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from games.mogel_motte.cards.palette import contrast
from games.mogelei.engine.cards import COLOURS, EGGS_ONE, FAMILY, MAX_VALUE, eggs
from games.mogelei.cards.names import card_label, colour_name, member_name, parse_card
from games.mogelei.cards.palette import MEDALLION, OUTLINE, PALETTE
from games.mogelei.cards.render import render_card, rules_card

LANGUAGES = ["de", "en", "fr", "nl", "it"]
FACES = [f"{colour}-{value}" for colour in COLOURS for value in range(1, MAX_VALUE + 1)]
PICTURES = [*FACES, "back", "reward"]
SVG = "{http://www.w3.org/2000/svg}"

# The glossary's words (docs/glossary.md, Mogelei): colour, family member, fried egg.
EXPECTED_LABELS = {
    "en": {"black-9": "Father's black 9, 2 fried eggs", "red-1": "Mother's red 1, 1 fried egg",
           "yellow-12": "Daughter's yellow 12, 2 fried eggs", "blue-24": "Son's blue 24, 3 fried eggs"},
    "de": {"black-9": "Schwarze 9 des Vaters, 2 Spiegeleier", "red-1": "Rote 1 der Mutter, 1 Spiegelei",
           "yellow-12": "Gelbe 12 der Tochter, 2 Spiegeleier", "blue-24": "Blaue 24 des Sohns, 3 Spiegeleier"},
    "fr": {"black-9": "9 noir du père, 2 œufs sur le plat", "red-1": "1 rouge de la mère, 1 œuf sur le plat",
           "yellow-12": "12 jaune de la fille, 2 œufs sur le plat", "blue-24": "24 bleu du fils, 3 œufs sur le plat"},
    "nl": {"black-9": "Zwarte 9 van vader, 2 spiegeleieren", "red-1": "Rode 1 van moeder, 1 spiegelei",
           "yellow-12": "Gele 12 van dochter, 2 spiegeleieren", "blue-24": "Blauwe 24 van zoon, 3 spiegeleieren"},
    "it": {"black-9": "9 nero del padre, 2 uova fritte", "red-1": "1 rosso della madre, 1 uovo fritto",
           "yellow-12": "12 giallo della figlia, 2 uova fritte", "blue-24": "24 blu del figlio, 3 uova fritte"},
}


def tag(source, **context):
    return Template("{% load mogelei_cards %}" + source).render(Context(context))


def parse(markup):
    return ElementTree.fromstring(markup)


def label_of(markup):
    return parse(markup).get("aria-label")


def eggs_drawn(markup):
    group = parse(markup).find(f"{SVG}g[@class='mogelei-card__eggs']")
    return 0 if group is None else len(group)


def test_app_is_installed():
    assert "games.mogelei" in settings.INSTALLED_APPS


@pytest.mark.parametrize("card", PICTURES)
def test_every_picture_is_valid_self_contained_svg(card):
    for size in ("sm", "md", "lg"):
        markup = render_card(card, size=size)
        root = parse(markup)  # well-formed XML, or this raises
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 100 140"
        assert f"table-card--{size}" in root.get("class").split()
        lowered = markup.lower()
        for unsafe in ("<script", "href", "url(", "<foreignobject", " id=", " style="):
            assert unsafe not in lowered, unsafe
        assert " on" not in re.sub(r'"[^"]*"', '""', lowered)  # no event handler attributes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_picture_is_named_in_every_language(lang):
    for card in PICTURES:
        with translation.override(lang):
            markup = tag("{% mogelei_card c %}", c=card)
            expected = card_label(card, "by_value" if "-" in card else None)
        root = parse(markup)
        assert root.get("role") == "img" and root.get("aria-hidden") is None
        assert label_of(markup) == expected
        if lang != "en":
            with translation.override("en"):
                assert expected != card_label(card, "by_value" if "-" in card else None), (lang, card)


@pytest.mark.parametrize(("lang", "card"), [(lang, card) for lang, labels in EXPECTED_LABELS.items() for card in labels])
def test_names_use_the_glossary_words(lang, card):
    with translation.override(lang):
        assert label_of(render_card(card)) == EXPECTED_LABELS[lang][card]


def test_colour_and_member_names():
    with translation.override("de"):
        assert [colour_name(c) for c in COLOURS] == ["schwarz", "rot", "gelb", "blau"]
        assert [member_name(c) for c in COLOURS] == ["Vater", "Mutter", "Tochter", "Sohn"]
    with translation.override("it"):
        assert [member_name(c) for c in COLOURS] == ["padre", "madre", "figlia", "figlio"]


def test_the_family_stands_for_the_colours_as_the_rulebook_says():
    assert FAMILY == {"black": "father", "red": "mother", "yellow": "daughter", "blue": "son"}


@pytest.mark.parametrize("card", FACES)
def test_value_is_drawn_large_and_in_the_corner(card):
    texts = parse(render_card(card)).findall(f"{SVG}text")
    assert [t.text for t in texts] == [str(parse_card(card).value)] * 2
    assert max(float(t.get("font-size")) for t in texts) >= 36


@pytest.mark.parametrize(("value", "expected"), [(1, 1), (8, 1), (9, 2), (16, 2), (17, 3), (24, 3)])
def test_eggs_by_value_are_drawn_on_the_edge(value, expected):
    for colour in COLOURS:
        card = f"{colour}-{value}"
        assert eggs(card) == expected
        assert eggs_drawn(render_card(card)) == expected
        assert eggs_drawn(render_card(card, eggs_option=EGGS_ONE)) == 1
        assert eggs_drawn(tag('{% mogelei_card c eggs="one" %}', c=card)) == 1


def test_every_card_draws_as_many_eggs_as_it_scores():
    for card in FACES:
        assert eggs_drawn(render_card(card)) == eggs(card)


def test_back_and_reward_have_no_value_and_no_eggs():
    for card in ("back", "reward"):
        assert eggs_drawn(render_card(card)) == 0
    assert parse(render_card("back")).findall(f"{SVG}text") == []
    assert {t.text for t in parse(render_card("reward")).findall(f"{SVG}text")} == {"+3"}


def test_back_and_reward_tags():
    with translation.override("en"):
        assert label_of(tag("{% mogelei_back %}")) == "Face-down card"
        assert label_of(tag('{% mogelei_reward size="sm" %}')) == "Reward card: the fattest egg, +3 points"
        assert tag('{% mogelei_card_label "yellow-12" %}') == "Daughter&#x27;s yellow 12"
    with translation.override("nl"):
        assert label_of(tag("{% mogelei_back %}")) == "Dichte kaart"
    assert 'width="48"' in tag('{% mogelei_back size="sm" %}')


def test_every_back_is_the_same_picture():
    """A face-down card tells nothing: there is one back, whatever lies under it."""
    assert render_card("back") == render_card(" back ")
    assert "mogelei-card--back" in render_card("back")


def test_decorative_hides_the_picture():
    root = parse(tag('{% mogelei_card "red-3" decorative=True %}'))
    assert root.get("aria-hidden") == "true" and root.get("role") is None and root.get("aria-label") is None


@pytest.mark.parametrize("kind", sorted(PALETTE))
def test_value_ink_has_readable_contrast(kind):
    assert contrast(PALETTE[kind]["bg"], PALETTE[kind]["ink"]) >= 4.5


def test_symbols_stand_out_on_their_medallion():
    """Graphics need 3:1 (WCAG 1.4.11): the outline carries the shape, even of the yellow bow."""
    assert contrast(MEDALLION, OUTLINE) >= 3


def test_colours_and_symbols_are_distinct():
    backgrounds = [PALETTE[colour]["bg"] for colour in COLOURS]
    assert len(set(backgrounds)) == 4
    # Without any colour and without the value, each colour's face is still a different picture:
    # the family member's symbol tells them apart.
    shapes = {re.sub(r"#[0-9a-f]{6}|>\d+<|mogelei-card--\w+|aria-label=\"[^\"]*\"", "", render_card(f"{colour}-5"))
              for colour in COLOURS}
    assert len(shapes) == 4


@pytest.mark.parametrize("bad", ["", "black", "black-0", "black-25", "Black-9", "green-3", "black9", "guard", None, 9])
def test_unknown_card_raises_value_error(bad):
    with pytest.raises(ValueError, match="Unknown Mogelei card"):
        render_card(bad)


def test_unknown_size_or_egg_option_raises_value_error():
    with pytest.raises(ValueError, match="size"):
        render_card("black-1", size="xl")
    with pytest.raises(ValueError, match="eggs"):
        render_card("black-1", eggs_option="two")


def test_label_is_escaped_in_the_attribute():
    with translation.override("en"):
        markup = render_card("black-9")
    assert "Father&#x27;s" in markup or "Father&#39;s" in markup
    assert html.unescape(re.search(r'aria-label="([^"]*)"', markup).group(1)) == "Father's black 9, 2 fried eggs"


def test_rules_pictures_are_mid_sized_and_unknown_names_give_none():
    assert 'width="96"' in rules_card("black-9") and "mogelei-card--reward" in rules_card("reward")
    assert rules_card("spider3") is None and rules_card("black-99") is None
