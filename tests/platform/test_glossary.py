"""One term per thing: docs/glossary.md's forbidden synonyms appear in no text of their language.

Each game has its own tables and is checked against them only. The texts of a language in a game
are the game's rules sections (and summary), its lesson texts and its UI catalogue entries (for
English, the msgids: English is the msgid language); see GAMES and game_of_message.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("de", "en", "fr", "nl", "it")

MOGEL_MOTTE, MOGELEI = "mogel-motte", "mogelei"
# Each game's texts are checked against its own tables: a "# <heading>" line in docs/glossary.md
# starts that game's tables (the tables before the first such heading are Mogel Motte's).
GAMES = {
    MOGEL_MOTTE: {
        "heading": None,
        "rules": [ROOT / "games" / "mogel_motte" / "rules" / "data" / "sections.json",
                  ROOT / "games" / "mogel_motte" / "rules" / "data" / "summary.json"],
        "lessons": ROOT / "games" / "mogel_motte" / "lessons" / "data",
    },
    MOGELEI: {
        "heading": "Mogelei",
        "rules": sorted((ROOT / "games" / "mogelei" / "rules" / "data").glob("*.json")),
        "lessons": ROOT / "games" / "mogelei" / "lessons" / "data",
    },
}
# A catalogue entry used only in Mogelei's folder is Mogelei's; every other entry is Mogel Motte's
# (the shared site included).
MOGELEI_SOURCES = ("games/mogelei/",)


def glossary(game: str = MOGEL_MOTTE) -> dict[str, dict[str, tuple[str, list[str]]]]:
    """{lang: {concept: (term, [never write, ...])}} from ``game``'s tables in docs/glossary.md."""
    headings = {spec["heading"]: key for key, spec in GAMES.items() if spec["heading"]}
    tables: dict[str, dict] = {}
    current, lang = MOGEL_MOTTE, None
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        title = re.match(r"^# (.+)$", line)
        if title and title.group(1).strip() in headings:
            current, lang = headings[title.group(1).strip()], None
            continue
        heading = re.match(r"^## (\w\w) ", line)
        if heading:
            lang = heading.group(1) if current == game else None
            if lang:
                tables[lang] = {}
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if lang and len(cells) == 3 and cells[0] not in ("concept", "---"):
            tables[lang][cells[0]] = (cells[1], [w.strip() for w in cells[2].split(";") if w.strip()])
    return tables


def game_of_message(message) -> set[str]:
    """The games whose texts a catalogue entry is part of."""
    places = [filename for filename, _line in message.locations]
    if places and all(place.startswith(MOGELEI_SOURCES) for place in places):
        return {MOGELEI}
    if any(place.startswith(MOGELEI_SOURCES) for place in places):
        return {MOGEL_MOTTE, MOGELEI}
    return {MOGEL_MOTTE}


def _strings_under(node, lang):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == lang and isinstance(value, str):
                yield value
            else:
                yield from _strings_under(value, lang)
    elif isinstance(node, list):
        for item in node:
            yield from _strings_under(item, lang)


def texts(lang: str, game: str = MOGEL_MOTTE):
    """(where, text) for every text of the language in ``game``."""
    spec = GAMES[game]
    for path in spec["rules"]:
        what = "rules summary" if path.stem == "summary" else "rules section"
        for section in json.loads(path.read_text(encoding="utf-8")):
            for text in _strings_under(section, lang):
                yield f"{what} {section['slug']}", text
    for path in sorted(spec["lessons"].rglob("*.json")):
        for text in _strings_under(json.loads(path.read_text(encoding="utf-8")), lang):
            yield path.relative_to(ROOT).as_posix(), text
    with open(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po", "rb") as f:
        catalog = read_po(f, locale=lang)
    for message in catalog:
        if not message.id or game not in game_of_message(message):
            continue
        source = message.id if lang == "en" else message.string
        for text in (source if isinstance(source, (tuple, list)) else (source,)):
            if text:
                yield f"django.po {message.id if isinstance(message.id, str) else message.id[0]!r}", text


@pytest.mark.parametrize("game", GAMES)
def test_every_language_names_every_concept(game):
    tables = glossary(game)
    assert set(tables) == set(LANGS)
    concepts = set(tables["en"])
    for lang in LANGS:
        assert set(tables[lang]) == concepts, lang
        assert all(term for term, _never in tables[lang].values()), lang


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_text_uses_a_forbidden_synonym(game, lang):
    rules = glossary(game).get(lang, {})
    patterns = [(concept, word, re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE))
                for concept, (_term, never) in rules.items() for word in never]
    found = [f"{where}: {word!r} for {concept}" for where, text in texts(lang, game)
             for concept, word, pattern in patterns if pattern.search(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_term_is_the_one_the_texts_use(game, lang):
    """The scan reads every kind of text the game has, and each listed term really is in them."""
    if not GAMES[game]["rules"]:
        pytest.skip(f"{game} has no rules text yet")
    where_text = list(texts(lang, game))
    kinds = {where.split()[0] for where, _t in where_text}
    assert {"rules", "django.po"} <= kinds, kinds
    lessons = GAMES[game]["lessons"].relative_to(ROOT).as_posix()
    if game == MOGEL_MOTTE or any(GAMES[game]["lessons"].rglob("*.json")):
        assert any(w.startswith(lessons) for w in kinds), kinds
    corpus = "\n".join(t for _w, t in where_text).casefold()
    missing = [term for term, _never in glossary(game).get(lang, {}).values() if term.casefold() not in corpus]
    assert not missing, missing


def test_catalogue_entries_are_filed_by_where_they_are_used():
    class Entry:
        def __init__(self, *places):
            self.locations = [(place, 1) for place in places]

    assert game_of_message(Entry("games/mogel_motte/table/present.py")) == {MOGEL_MOTTE}
    assert game_of_message(Entry("games/mogelei/cards/names.py", "games/mogelei/templates/mogelei/table.html")) == {MOGELEI}
    assert game_of_message(Entry("games/mogelei/cards/names.py", "templates/pages/home.html")) == {MOGEL_MOTTE, MOGELEI}
    assert game_of_message(Entry()) == {MOGEL_MOTTE}
