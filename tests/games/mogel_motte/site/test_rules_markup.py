"""The rules bodies' small markup: everything escaped, a few constructs allowed."""

import pytest
from django.utils import translation

from functools import partial

from games.mogel_motte.rules.anchors import SLUGS
from mogel.rules import markup
from mogel.rules.links import rule_url
from mogel.rules.markup import plain_text
from tests.games.mogel_motte.game_data import KEY

# The markup is the platform's; Mogel Motte's anchors and cards are the ones these texts use.
render, problems = partial(markup.render, game=KEY), partial(markup.problems, game=KEY)


def test_paragraphs_are_separated_by_a_blank_line():
    assert render("One\nstill one.\n\nTwo.") == "<p>One\nstill one.</p>\n<p>Two.</p>"


def test_consecutive_dash_lines_form_a_list():
    html = render("You need:\n- cards\n- friends\n  who like to cheat\n\nThen play.")
    assert html == "<p>You need:</p><ul><li>cards</li><li>friends who like to cheat</li></ul>\n<p>Then play.</p>"


def test_bold():
    assert render("a **big** rule") == "<p>a <strong>big</strong> rule</p>"


def test_links_only_to_known_sections():
    assert render("see [the moth](#moth)") == '<p>see <a href="#moth">the moth</a></p>'
    html = render("[x](#nope) [y](https://evil.example)")
    assert "<a" not in html and html == "<p>x y</p>"


def test_every_slug_can_be_linked():
    for slug in SLUGS:
        assert f'href="#{slug}"' in render(f"[go](#{slug})")


def test_card_pictures_are_inline_svg_with_translated_names():
    with translation.override("de"):
        html = render("Play {card:spider3} now.")
    assert html.startswith("<p>Play <svg")
    assert 'class="table-card table-card--sm mogel-motte-card mogel-motte-card--spider"' in html
    assert 'role="img" aria-label="Spinne, Wert 3"' in html


def test_unknown_card_stays_text():
    assert render("{card:dragon9}") == "<p>{card:dragon9}</p>"


def test_quote_paragraph_is_an_example_box():
    html = render("Rule.\n\n> **Example:** on a 2,\n> play 1 or 3.\n> - or draw")
    assert html == (
        "<p>Rule.</p>\n"
        '<aside class="rule-example"><p><strong>Example:</strong> on a 2,\nplay 1 or 3.</p><ul><li>or draw</li></ul></aside>'
    )


@pytest.mark.parametrize(
    "attack",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "**<script>alert(1)</script>**",
        "[<script>alert(1)</script>](#moth)",
        "[x](javascript:alert(1))",
        '[x](#moth" onclick="alert(1))',
        "{card:<script>}",
        "> <iframe src=//evil>",
        "- <b onmouseover=alert(1)>x</b>",
    ],
)
def test_no_html_gets_through(attack):
    html = render(attack)
    assert "<script" not in html and "<img" not in html and "<iframe" not in html and "<b " not in html
    assert "onclick=\"" not in html


def test_plain_text_drops_markup_and_card_tokens():
    assert plain_text("**8** cards, {card:spider5} [see](#cards)") == "8 cards,   see"


def test_problems_reports_authoring_mistakes():
    assert problems("fine **bold** [x](#moth) {card:moth5}") == []
    found = problems("[x](#moths) {card:moth9} **open <b>x</b>")
    assert len(found) == 4


def test_rule_url_for_other_apps():
    with translation.override("fr"):
        assert rule_url("moth", KEY) == "/fr/regles/#moth"
        assert rule_url("nope", KEY) is None


def test_typographic_pairs_stay_on_one_line():
    assert render("9 × 1") == "<p>9\u00a0×\u00a01</p>"
    with translation.override("fr"):
        assert render("« Vu ! » Tu joues ?") == "<p>«\u202fVu\u202f!\u202f» Tu joues\u202f?</p>"
    with translation.override("en"):
        assert render("Caught !") == "<p>Caught !</p>"
