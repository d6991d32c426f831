"""The card pictures of games.mogel_motte.cards: markup, text alternatives, safety."""

import html
import re

import pytest
from django.conf import settings
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation

from games.mogel_motte.cards.names import FORMS, CardForms, all_cards, card_label, kind_name, parse_card
from games.mogel_motte.cards.palette import PALETTE, contrast
from games.mogel_motte.cards.render import render_card

LANGUAGES = ["de", "en", "fr", "nl", "it"]
DECK = all_cards()

# Each edition's own words (see shared/seeds/mogel-motte-rulebook-de-en-fr-nl-it.txt
# and mito-rulebook-fr.txt). The rulebooks have no word for a face-down card, so
# "back" is only checked for being translated at all (see the test above).
EXPECTED_LABELS = {
    "en": {
        "3": "Number card 3",
        "spider3": "Spider, value 3",
        "mosquito1": "Mosquito, value 1",
        "cockroach4": "Cockroach, value 4",
        "ant2": "Ant, value 2",
        "moth5": "Cheating Moth, value 5",
        "guard": "Guard Bug",
        "back": "Face-down card",
    },
    "de": {
        "3": "Zahlenkarte 3",
        "spider3": "Spinne, Wert 3",
        "mosquito1": "Mücke, Wert 1",
        "cockroach4": "Kakerlake, Wert 4",
        "ant2": "Ameise, Wert 2",
        "moth5": "Mogel-Motte, Wert 5",
        "guard": "Wächter-Wanze",
    },
    "fr": {
        "3": "Carte Nombre 3",
        "spider3": "Araignée, valeur 3",
        "mosquito1": "Moustique, valeur 1",
        "cockroach4": "Cafard, valeur 4",
        "ant2": "Fourmi, valeur 2",
        "moth5": "Mito, valeur 5",
        "guard": "Gardienne punaise",
    },
    "nl": {
        "3": "Cijferkaart 3",
        "spider3": "Spin, waarde 3",
        "mosquito1": "Mug, waarde 1",
        "cockroach4": "Kakkerlak, waarde 4",
        "ant2": "Mier, waarde 2",
        "moth5": "Valsspeel-mot, waarde 5",
        "guard": "Bewakingskever",
    },
    "it": {
        "3": "Carta numerata 3",
        "spider3": "Ragno, valore 3",
        "mosquito1": "Zanzara, valore 1",
        "cockroach4": "Scarafaggio, valore 4",
        "ant2": "Formica, valore 2",
        "moth5": "Tarma imbrogliona, valore 5",
        "guard": "Pidocchio sorvegliante",
    },
}


def svg_root(markup):
    match = re.search(r"<svg\b[^>]*>", markup)
    assert match, markup[:200]
    return match.group(0)


def aria_label(markup):
    match = re.search(r'aria-label="([^"]*)"', svg_root(markup))
    assert match, svg_root(markup)
    return html.unescape(match.group(1))


def tag(source, **context):
    return Template("{% load cards %}" + source).render(Context(context))


def test_app_is_installed():
    assert "games.mogel_motte" in settings.INSTALLED_APPS, "the {% card %} tag and its templates live in Mogel Motte's app"


def test_deck_has_every_card_once():
    assert len(DECK) == len(set(DECK)) == 5 + 4 * 5 + 5 + 2
    assert {parse_card(c).kind for c in DECK} == {"number", "spider", "mosquito", "cockroach", "ant", "moth", "guard", "back"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("card", DECK)
def test_every_card_renders_with_its_translated_label(card, lang):
    with translation.override(lang):
        markup = tag("{% card c %}", c=card)
        expected = card_label(card)
    root = svg_root(markup)
    assert markup.lstrip().startswith("<svg")
    assert 'role="img"' in root
    assert "aria-hidden" not in root
    assert aria_label(markup) == expected
    if lang != "en":
        with translation.override("en"):
            english = card_label(card)
        assert expected != english, f"{card!r} is not translated to {lang}"


@pytest.mark.parametrize(("lang", "card"), [(lang, card) for lang, labels in EXPECTED_LABELS.items() for card in labels])
def test_labels_use_the_editions_words(lang, card):
    with translation.override(lang):
        assert aria_label(tag("{% card c %}", c=card)) == EXPECTED_LABELS[lang][card]


@pytest.mark.parametrize("card", DECK)
def test_value_is_drawn_as_text(card):
    kind, value = parse_card(card)
    markup = render_card(card)
    texts = re.findall(r"<text\b[^>]*>([^<]*)</text>", markup)
    if value is None:
        assert texts == []
    else:
        # both corners (and the centre of a number card)
        assert texts.count(str(value)) >= 2
        assert set(texts) == {str(value)}


@pytest.mark.parametrize("card", DECK)
def test_decorative_hides_the_card(card):
    markup = tag("{% card c decorative=True %}", c=card)
    root = svg_root(markup)
    assert 'aria-hidden="true"' in root
    assert "role=" not in root
    assert "aria-label" not in root


@pytest.mark.parametrize("card", DECK)
@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_markup_is_self_contained_and_safe(card, size):
    markup = render_card(card, size=size)
    lowered = markup.lower()
    assert "<script" not in lowered
    assert "href" not in lowered  # neither href nor xlink:href: nothing external
    assert "url(" not in lowered
    assert " on" not in re.sub(r'"[^"]*"', '""', lowered)  # no event handler attributes
    assert "<foreignobject" not in lowered
    assert " id=" not in lowered  # no ids that could clash when a page shows many cards
    assert f"table-card--{size}" in svg_root(markup)
    assert markup.count("<svg") == 1 and markup.rstrip().endswith("</svg>")


def test_sizes():
    assert 'width="48"' in svg_root(render_card("1", size="sm"))
    assert 'width="96"' in svg_root(render_card("1"))
    assert 'width="160"' in svg_root(render_card("1", size="lg"))
    assert 'width="48"' in svg_root(tag('{% card "ant4" size="sm" %}'))


@pytest.mark.parametrize("bad", ["", "0", "6", "spider", "spider0", "spider6", "Spider3", "moth", "guard1", "back2", "bee3", "joker", None, True, 3.0])
def test_unknown_card_raises_value_error(bad):
    with pytest.raises(ValueError, match="Unknown Mogel Motte card"):
        render_card(bad)
    with pytest.raises(ValueError):
        card_label(bad)


def test_unknown_card_in_a_template_raises_value_error():
    with pytest.raises(ValueError):
        tag('{% card "spidre3" %}')


def test_unknown_size_raises_value_error():
    with pytest.raises(ValueError, match="size"):
        render_card("1", size="xl")


def test_int_value_is_a_number_card():
    assert parse_card(4) == ("number", 4)
    with translation.override("en"):
        assert aria_label(tag("{% card 4 %}")) == "Number card 4"


def test_kind_name():
    with translation.override("de"):
        assert kind_name("moth") == "Mogel-Motte"
        assert kind_name("guard") == "Wächter-Wanze"
    with translation.override("en"):
        assert kind_name("spider") == "Spider"
    with pytest.raises(ValueError):
        kind_name("bee")


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "it"])
def test_every_running_text_form_of_every_card_is_translated(lang):
    """Sentences name cards through these forms (tests/site/test_card_names.py checks them in place)."""
    for card in DECK[:-2]:
        with translation.override("en"):
            english = {form: CardForms(card)[form] for form in FORMS}
        with translation.override(lang):
            forms = {form: CardForms(card)[form] for form in FORMS}
        for form, text in forms.items():
            assert text != english[form] and text.endswith(card[-1]), (lang, card, form, text)
            if lang != "de":
                assert text[0].islower(), (lang, card, form, text)


def test_card_label_tag():
    with translation.override("fr"):
        assert tag('{% card_label "moth2" %}') == "Mito, valeur 2"


def test_label_is_escaped():
    # Translations are escaped in the attribute; none may break out of it.
    markup = render_card("spider1")
    assert re.fullmatch(r'[^"<>]*', aria_label(markup))


@pytest.mark.parametrize("kind", sorted(PALETTE))
def test_value_text_contrast_is_at_least_4_5(kind):
    colours = PALETTE[kind]
    assert contrast(colours["bg"], colours["ink"]) >= 4.5


def test_kinds_differ_in_colour_and_shape():
    backgrounds = [PALETTE[k]["bg"] for k in PALETTE]
    assert len(set(backgrounds)) == len(backgrounds)
    # each kind draws its own creature (the art without the value differs)
    arts = {parse_card(c).kind: re.sub(r">\d<", "><", render_card(c)) for c in ["1", "spider1", "mosquito1", "cockroach1", "ant1", "moth1", "guard", "back"]}
    shapes = {k: re.sub(r'#[0-9a-f]{6}', "", v) for k, v in arts.items()}
    assert len(set(shapes.values())) == len(shapes)


def test_missing_argument_is_a_template_error():
    with pytest.raises(TemplateSyntaxError):
        Template("{% load cards %}{% card %}")
