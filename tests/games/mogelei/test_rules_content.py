"""Mogelei's rules text (games/mogelei/rules/data/sections.json): shape, pictures, links, and agreement with the engine."""

import json
import re
from pathlib import Path

import pytest

from games.mogelei.engine.errors import CODES as MOGELEI_CODES
from mogel.rules.content import read
from games.mogelei.cards.render import rules_card
from games.mogelei.engine.cards import eggs, values
from games.mogelei.rules.kind import SLUGS as KIND_SLUGS
from tests.games.mogelei.engine.test_worked_example import PASS_1, PASS_2
from tests.tempo_names import TEMPO_NAMES

DATA = Path(__file__).resolve().parents[3] / "games" / "mogelei" / "rules" / "data" / "sections.json"
LANGS = ["de", "en", "fr", "nl", "it"]
# The engine's refusal codes and the other branches link to these anchors (/work/mz-spec.md).
SLUGS = ["aim", "material", "setup", "round", "reveal", "choices", "fattest-egg", "end", "example", "tips"]
CARD = re.compile(r"\{card:([^{}\s]*)\}")
LINK = re.compile(r"\]\(([^()\s]*)\)")


@pytest.fixture(scope="module")
def sections():
    return {item["slug"]: item for item in read(DATA)}


def test_every_section_is_there_in_rulebook_order(sections):
    assert list(sections) == SLUGS == list(KIND_SLUGS)
    assert [item["order"] for item in sections.values()] == list(range(1, len(SLUGS) + 1))


def test_every_refusal_links_to_a_section_of_this_page():
    assert set(MOGELEI_CODES.values()) <= set(SLUGS)


def test_every_language_has_every_title_and_body(sections):
    for slug, item in sections.items():
        for field in ("title", "body"):
            texts = {lang: item[field][lang].strip() for lang in LANGS}
            assert all(texts.values()), (slug, field)
        # A title may be the same word in two languages ("Tips"); a body never is.
        assert len({item["body"][lang] for lang in LANGS}) == len(LANGS), f"{slug}: a language is left untranslated"


def test_every_picture_is_a_mogelei_card_and_every_language_shows_the_same_ones(sections):
    for slug, item in sections.items():
        pictures = {lang: CARD.findall(item["body"][lang]) for lang in LANGS}
        assert all(rules_card(name) is not None for name in pictures["en"]), (slug, pictures["en"])
        assert all(p == pictures["en"] for p in pictures.values()), slug


# The colour words of each language, inflected ("die schwarze 3", "de rode 2", "l'8 nero").
COLOUR_WORDS = {
    "de": {"black": r"schwarz", "red": r"\brot", "yellow": r"\bgelb", "blue": r"\bblau"},
    "en": {"black": r"\bblack\b", "red": r"\bred\b", "yellow": r"\byellow\b", "blue": r"\bblue\b"},
    "fr": {"black": r"\bnoir", "red": r"\brouge", "yellow": r"\bjaune", "blue": r"\bbleu"},
    "nl": {"black": r"\bzwart", "red": r"\bro(?:od|de)\b", "yellow": r"\bge(?:el|le)\b", "blue": r"\bblauw"},
    "it": {"black": r"\bner[oa]", "red": r"\bross[oa]", "yellow": r"\bgiall[oa]", "blue": r"\bblu\b"},
}


def test_the_words_name_every_card_a_picture_shows(sections):
    """A picture is a help, not the only way to know the card: its line also says the value and the colour.

    "The cards" shows one sample card per colour and per egg count, which the words name by colour
    or by range; every other picture stands for one card of the story.
    """
    for slug, item in sections.items():
        if slug == "material":
            continue
        for lang in LANGS:
            for line in item["body"][lang].splitlines():
                words = CARD.sub(" ", line)
                for name in CARD.findall(line):
                    colour, _, value = name.partition("-")
                    if colour not in COLOUR_WORDS[lang]:
                        continue  # back and reward: the words say "face down" and "reward card"
                    assert re.search(rf"(?<![\d]){value}(?![\d])", words), (slug, lang, name, line)
                    assert re.search(COLOUR_WORDS[lang][colour], words, re.I), (slug, lang, name, line)


def test_links_go_to_sections_of_this_page_in_every_language(sections):
    for slug, item in sections.items():
        links = {lang: sorted(LINK.findall(item["body"][lang])) for lang in LANGS}
        assert all(href.startswith("#") and href[1:] in SLUGS for href in links["en"]), (slug, links["en"])
        assert all(found == links["en"] for found in links.values()), slug


def test_no_stray_markup(sections):
    for slug, item in sections.items():
        for lang in LANGS:
            for paragraph in re.split(r"\n\s*\n", item["body"][lang]):
                assert paragraph.count("**") % 2 == 0, (slug, lang, paragraph)
            assert not re.search(r"</?[A-Za-z][^>]*>", item["body"][lang]), (slug, lang)
            assert "{card:" not in CARD.sub("", item["body"][lang]), (slug, lang)


def test_the_card_values_per_player_count_are_the_engines(sections):
    for lang in LANGS:
        rows = re.findall(r"^- (\d) \w+ ?: (?:de )?1(?:–| à )(\d+)$", sections["material"]["body"][lang], re.M)
        assert {int(n): int(top) for n, top in rows} == {n: values(n)[-1] for n in range(3, 9)}, lang


def test_the_eggs_on_the_page_are_the_engines(sections):
    """The page says which cards carry how many eggs, and that this is the site's choice."""
    shown = CARD.findall(sections["material"]["body"]["en"])[-4:-1]
    assert [eggs(card) for card in shown] == [1, 2, 3]
    for lang, words in {"en": "printed rules never say", "de": "steht nicht in der gedruckten Spielregel",
                        "fr": "La règle imprimée ne dit pas", "nl": "De gedrukte spelregels zeggen niet",
                        "it": "Le regole stampate non dicono"}.items():
        assert words in sections["material"]["body"][lang], lang


def test_the_decisions_beyond_the_rulebook_are_said_on_the_page(sections):
    """Who deals first and the match length are the site's choices too (the lobby offers them)."""
    for lang, (dealer, one_game) in {
        "en": ("don't say who deals first", "just one game"),
        "de": ("Wer zuerst gibt, sagt die gedruckte Spielregel nicht", "ein einziges Spiel"),
        "fr": ("ne dit pas qui donne en premier", "une seule partie"),
        "nl": ("Wie als eerste geeft, staat niet in de gedrukte spelregels", "één enkel spel"),
        "it": ("non dicono chi fa il mazziere per primo", "una partita sola"),
    }.items():
        assert dealer in sections["setup"]["body"][lang], lang
        assert one_game in sections["end"]["body"][lang], lang


@pytest.mark.parametrize("lang", LANGS)
def test_where_the_table_is_set_up_the_tempo_is_said_to_slow_the_bots(sections, lang):
    """Mogelei has no fast window, but the tempo a table chooses stretches its bots' pace (issue 33)."""
    body = sections["setup"]["body"][lang]
    for name in TEMPO_NAMES[lang][1:]:
        assert name in body, f"setup ({lang}) should name the tempo {name!r}"
    assert re.search(r"\bbots?\b", body, re.IGNORECASE), f"setup ({lang}) should say that the tempo slows the bots"

def test_the_worked_example_is_the_engines_worked_example(sections):
    """The pictures tell the game the engine test replays: two passes, B accuses C, A earns the fattest egg."""
    hidden = "back"
    told = [hidden if card == "black-10" else card for card in PASS_1] + [
        PASS_2[3], hidden, hidden, PASS_2[1], hidden,        # revealed in the order D, E, A, B, C
        PASS_2[2], PASS_2[0], PASS_2[4], "reward"]           # C's card, then A's and E's, A's reward
    for lang in LANGS:
        assert CARD.findall(sections["example"]["body"][lang]) == told, lang
    collected = PASS_1 + PASS_2
    assert len(collected) == 10 and sum(eggs(card) for card in collected) == 14
    for lang in LANGS:
        assert re.search(r"\b10\b", sections["example"]["body"][lang]) and " 14 " in sections["example"]["body"][lang]
    assert values(5)[-1] == 15
    assert all(" 15." in sections["example"]["body"][lang] for lang in LANGS), "with five players, 1 to 15"


def test_the_data_file_keeps_its_two_space_layout():
    text = DATA.read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n"
