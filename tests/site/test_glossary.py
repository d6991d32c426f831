"""One term per thing: docs/glossary.md's forbidden synonyms appear in no text of their language.

The texts of a language are its rules sections and summary, its lesson texts and its UI catalogue (for
English, the msgids: English is the msgid language).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("de", "en", "fr", "nl", "it")


def glossary() -> dict[str, dict[str, tuple[str, list[str]]]]:
    """{lang: {concept: (term, [never write, ...])}} from the tables in docs/glossary.md."""
    tables: dict[str, dict] = {}
    lang = None
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## (\w\w) ", line)
        if heading:
            lang = heading.group(1)
            tables[lang] = {}
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if lang and len(cells) == 3 and cells[0] not in ("concept", "---"):
            tables[lang][cells[0]] = (cells[1], [w.strip() for w in cells[2].split(";") if w.strip()])
    return tables


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


def texts(lang: str):
    """(where, text) for every text of the language."""
    for name, what in (("sections.json", "rules section"), ("summary.json", "rules summary")):
        sections = json.loads((ROOT / "mogel" / "rules" / "data" / name).read_text(encoding="utf-8"))
        for section in sections:
            for text in _strings_under(section, lang):
                yield f"{what} {section['slug']}", text
    for path in sorted((ROOT / "tutorial" / "data").rglob("*.json")):
        for text in _strings_under(json.loads(path.read_text(encoding="utf-8")), lang):
            yield path.relative_to(ROOT).as_posix(), text
    with open(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po", "rb") as f:
        catalog = read_po(f, locale=lang)
    for message in catalog:
        if not message.id:
            continue
        source = message.id if lang == "en" else message.string
        for text in (source if isinstance(source, (tuple, list)) else (source,)):
            if text:
                yield f"django.po {message.id if isinstance(message.id, str) else message.id[0]!r}", text


def test_every_language_names_every_concept():
    tables = glossary()
    assert set(tables) == set(LANGS)
    concepts = set(tables["en"])
    for lang in LANGS:
        assert set(tables[lang]) == concepts, lang
        assert all(term for term, _never in tables[lang].values()), lang


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_uses_a_forbidden_synonym(lang):
    rules = glossary().get(lang, {})
    patterns = [(concept, word, re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE))
                for concept, (_term, never) in rules.items() for word in never]
    found = [f"{where}: {word!r} for {concept}" for where, text in texts(lang)
             for concept, word, pattern in patterns if pattern.search(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_is_the_one_the_texts_use(lang):
    """The scan reads all three kinds of text, and each listed term really is in them."""
    where_text = list(texts(lang))
    kinds = {where.split()[0] for where, _t in where_text}
    assert {"rules", "django.po"} <= kinds and any(w.startswith("tutorial/") for w in kinds), kinds
    corpus = "\n".join(t for _w, t in where_text).casefold()
    missing = [term for term, _never in glossary().get(lang, {}).values() if term.casefold() not in corpus]
    assert not missing, missing
