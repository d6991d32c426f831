"""Cards named in running text: the right article, gender, case and capitals in every language.

Every sentence of the table that names a card (log lines, refusals, hand buttons, the
sleeve, the discard pile's text alternative) is checked for every card kind and value.
"""

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from django.conf import settings
from django.utils import translation
from django.utils.translation import pgettext

from games.mogel_motte.cards.names import CardForms, card_label, card_placeholders, name_card
from games.mogel_motte.engine.cards import KINDS, VALUES
from mogel.pages.management.commands.compilecatalogues import problems_in
from games.mogel_motte.table import events, refusals
from games.mogel_motte.table.present import action_name, sleeve_text, top_name

NAMES = ["Ann", "Lucy", "Oscar"]
LANGS = ("en", "de", "fr", "nl", "it")

# Per language and kind: the noun as running text writes it, and the words that may stand
# right before it (articles, or prepositions merged with one). A noun at the very start of
# a text (a button name such as "Spin 3 leggen") may take a capital instead.
F, M = "f", "m"
ARTICLES = {
    "en": {None: {"the", "a", "an"}},
    "de": {F: {"die", "der", "eine", "einer"}},
    "fr": {F: {"la", "une"}, "f’": {"l’", "une"}, M: {"le", "un"}},
    "nl": {None: {"de", "een"}},
    "it": {F: {"la", "una", "sulla", "della", "alla", "nella"},
           M: {"il", "un", "sul", "del", "al", "nel"},
           "m+s": {"lo", "uno", "sullo", "dello", "allo", "nello"}},
}
NOUNS = {
    "en": {"number": "number card", "spider": "spider", "mosquito": "mosquito", "cockroach": "cockroach",
           "ant": "ant", "moth": "Cheating Moth"},
    "de": {"number": "Zahlenkarte", "spider": "Spinne", "mosquito": "Mücke", "cockroach": "Kakerlake",
           "ant": "Ameise", "moth": "Mogel-Motte"},
    "fr": {"number": "carte Nombre", "spider": "araignée", "mosquito": "moustique", "cockroach": "cafard",
           "ant": "fourmi", "moth": "carte Mito"},
    "nl": {"number": "cijferkaart", "spider": "spin", "mosquito": "mug", "cockroach": "kakkerlak",
           "ant": "mier", "moth": "valsspeel-mot"},
    "it": {"number": "carta numerata", "spider": "ragno", "mosquito": "zanzara", "cockroach": "scarafaggio",
           "ant": "formica", "moth": "tarma imbrogliona"},
}
GENDERS = {
    "en": dict.fromkeys(KINDS),
    "de": dict.fromkeys(KINDS, F),
    "fr": {"number": F, "spider": "f’", "mosquito": M, "cockroach": M, "ant": F, "moth": F},
    "nl": dict.fromkeys(KINDS),
    "it": {"number": F, "spider": M, "mosquito": F, "cockroach": "m+s", "ant": F, "moth": F},
}
CARDS = [str(v) if kind == "number" else f"{kind}{v}" for kind in KINDS for v in VALUES]


def kind_of(card):
    return "number" if card.isdigit() else card.rstrip("0123456789")


def card_sentences(card):
    """Every text of the table that names ``card``, as seat 0 reads it."""
    happenings = [
        {"code": "round_start", "round": 1, "guard": 0, "top": card},
        {"code": "round_start", "round": 1, "guard": 1, "top": card},
        # A lesson's position in the middle of a round: whose turn it is, and the top card.
        {"code": "round_start", "round": 1, "guard": 1, "starter": 1, "turn": 0, "top": card},
        {"code": "round_start", "round": 1, "guard": 0, "starter": 0, "turn": 1, "top": card},
        *({"code": code, "seat": seat, "card": card}
          for code in ("played", "drew", "ant_drew", "raced", "ant_took") for seat in (0, 1)),
        {"code": "cheated", "seat": 0, "card": card},
        {"code": "got_away", "seat": 0, "card": card},
        *({"code": code, "seat": 0, "to": 1, "card": card} for code in ("spider_gave", "handed", "penalty")),
        *({"code": code, "seat": 1, "to": 0, "card": card} for code in ("spider_gave", "handed", "penalty")),
        {"code": "caught", "seat": 0, "accused": 1, "card": card},
        {"code": "caught", "seat": 1, "accused": 0, "card": card},
        {"code": "caught", "seat": 1, "accused": 2, "card": card},
    ]
    texts = [events.describe(e, NAMES, 0) for e in happenings]
    texts.append(refusals.explain("does_not_fit", {"card": "1", "top": card})[0])
    texts += [action_name(verb, card) for verb in ("play", "race", "hand", "give", "cheat")]
    texts += [sleeve_text(card), top_name(card)]
    return texts


def english_card_msgids():
    with open(Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po", "rb") as f:
        catalog = read_po(f, locale="de")
    # Mogel Motte's sentences only: Mogelei names its cards in its own words (games.mogelei.table.names).
    return [m.id for m in catalog if isinstance(m.id, str) and card_placeholders(m.id)
            and not all(path.startswith("games/mogelei/") for path, _line in m.locations)]


def test_the_sentences_checked_here_are_every_sentence_that_names_a_card():
    with translation.override("en"):
        texts = card_sentences("spider3")
    for msgid in english_card_msgids():
        pattern = re.escape(msgid)
        pattern = re.sub(r"%\\\(\w+\\\)s", ".+", pattern)
        # search: a lesson's opening line joins several sentences, each checked in place.
        assert any(re.search(pattern, t) for t in texts), f"{msgid!r} is not checked by card_sentences()"


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_names_every_card_with_the_right_article_and_capitals(lang):
    for card in CARDS:
        kind, value = kind_of(card), card[-1]
        noun = NOUNS[lang][kind]
        allowed = ARTICLES[lang][GENDERS[lang][kind]]
        with translation.override(lang):
            texts = card_sentences(card)
            label = card_label(card)
        for text in texts:
            found = [m for m in re.finditer(re.escape(f"{noun} {value}"), text, re.IGNORECASE)]
            assert len(found) == 1, (lang, card, text)
            at = found[0].start()
            if at == 0:
                continue  # a button name that starts with the card ("Spinne 3 ablegen")
            # Mid-sentence the noun is written as running text writes it: lower case, but
            # German nouns and the English proper names keep their capital.
            assert found[0].group(0) == f"{noun} {value}", (lang, card, text)
            before = re.search(r"(\S+’|\S+ )$", text[:at])
            article = before.group(1).strip() if before else ""
            first_word = at == len(article) + (0 if article.endswith("’") else 1)
            assert article.lower() in allowed and (article.islower() or first_word), (lang, card, text, article)
            if lang != "de":
                assert label not in text, (lang, card, text)


@pytest.mark.parametrize(("lang", "card", "code", "expected"), [
    ("fr", "3", "played", "Tu as joué la carte Nombre 3."),
    ("fr", "spider2", "drew", "Tu as pioché une araignée 2."),
    ("fr", "mosquito4", "played", "Tu as joué le moustique 4."),
    ("it", "ant1", "drew", "Hai pescato una formica 1."),
    ("it", "cockroach3", "played", "Hai giocato lo scarafaggio 3."),
    ("it", "spider5", "caught", "Beccato! Hai beccato Lucy con il ragno 5."),
    ("de", "spider3", "played", "Du legst die Spinne 3."),
    ("de", "moth4", "caught", "Erwischt! Du hast Lucy mit der Mogel-Motte 4 erwischt."),
    ("de", "3", "got_away", "Nicht erwischt! Weg ist die Zahlenkarte 3."),
    ("nl", "moth2", "cheated", "Jij moffelde de valsspeel-mot 2 weg."),
    ("en", "ant5", "drew", "You drew an ant 5."),
    ("en", "moth1", "raced", "You won the race with the Cheating Moth 1."),
])
def test_examples_read_as_a_native_speaker_writes_them(lang, card, code, expected):
    event = {"code": code, "seat": 0, "accused": 1, "card": card}
    with translation.override(lang):
        assert events.describe(event, NAMES, 0) == expected


def test_german_takes_the_case_each_preposition_needs():
    with translation.override("de"):
        assert refusals.explain("does_not_fit", {"card": "1", "top": "ant4"})[0].startswith("Passt nicht auf die Ameise 4:")
        assert action_name("race", "3") == "Mit der Zahlenkarte 3 mitrennen"
        assert action_name("play", "mosquito2") == "Mücke 2 ablegen"


def test_italian_merges_the_preposition_with_the_article():
    with translation.override("it"):
        on = [refusals.explain("does_not_fit", {"card": "1", "top": top})[0] for top in ("3", "spider3", "cockroach3")]
    assert [m.split(":")[0] for m in on] == ["Non va sulla carta numerata 3", "Non va sul ragno 3",
                                             "Non va sullo scarafaggio 3"]


def test_a_button_name_says_the_visible_verb_with_the_card():
    with translation.override("nl"):
        assert action_name("play", "spider3") == "Spin 3 leggen"
        assert translation.gettext("Play").lower() in action_name("play", "spider3").lower()
    with translation.override("fr"):
        assert action_name("cheat", "spider3") == "Tricher avec l’araignée 3"


def test_the_standalone_label_stays_for_the_picture():
    with translation.override("fr"):
        assert card_label("3") == "Carte Nombre 3"
        assert CardForms("3")["card"] == "carte Nombre 3"


def test_a_capital_placeholder_starts_a_sentence():
    with translation.override("nl"):
        forms = CardForms("mosquito1")
        assert (forms["the_card"], forms["The_card"], forms["Card"]) == ("de mug 1", "De mug 1", "Mug 1")
    with pytest.raises(KeyError):
        CardForms("1")["card_label"]


@pytest.mark.parametrize("card", ["guard", "back", "spider9"])
def test_only_playing_cards_have_running_text_forms(card):
    with pytest.raises(ValueError):
        CardForms(card)


def test_you_has_a_form_per_role():
    with translation.override("de"):
        tie = events.describe({"code": "game_end", "ranking": [[1, 0]]}, NAMES, 0)
        wrong = events.describe({"code": "wrong_accusation", "seat": 1, "accused": 0}, NAMES, 0)
    assert tie.endswith("an Lucy und dich.") and "Lucy hat dich zu Unrecht beschuldigt" in wrong
    for lang in ("de", "fr", "nl", "it"):
        with translation.override(lang):
            assert pgettext("accused", "you") != "you" and pgettext("in the winners list", "you") != "you"


def catalogue_problems(msgid, msgstr):
    catalog = Catalog(locale="de", fuzzy=False)
    catalog.add(msgid, msgstr, flags=["python-format"])
    return problems_in(Path("locale/de/LC_MESSAGES/django.po"), catalog)


def test_a_translation_may_use_any_card_form_but_no_other_new_placeholder():
    assert catalogue_problems("You got away %(with_the_card)s.", "Weg ist %(the_card)s.") == []
    assert catalogue_problems("Play %(the_card_acc)s", "%(Card)s ablegen") == []
    assert catalogue_problems("You got away %(with_the_card)s.", "Weg ist %(name)s.")
    assert catalogue_problems("%(name)s played.", "%(name)s legt %(the_card)s.")


def test_name_card_keeps_the_sentences_other_parameters():
    with translation.override("en"):
        assert name_card("%(name)s drew %(a_card)s.", "ant2", name="Mia") == "Mia drew an ant 2."
