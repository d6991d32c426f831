from io import StringIO
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

TRANSLATED = ["de", "fr", "nl", "it"]
PO = "LC_MESSAGES/django.po"


def po_path(lang):
    return Path(settings.LOCALE_PATHS[0]) / lang / PO


def load_po(path):
    with open(path, "rb") as fh:
        return read_po(fh, locale=path.parent.parent.name)


def entries(catalog):
    # Babel's read_mo returns msgctxt as bytes, read_po as str.
    def text(value):
        return value.decode() if isinstance(value, bytes) else value

    def key(value):
        # Plural entries carry (singular, plural) ids and one string per form.
        return tuple(value) if isinstance(value, (list, tuple)) else value

    def translated(m):
        # An untranslated plural reads as empty strings in the .po file and as its
        # own msgids in the .mo file that Babel writes: neither carries a translation.
        strings = key(m.string)
        if isinstance(strings, tuple):
            return any(strings) and strings != key(m.id)
        return bool(strings)

    return {(text(m.context), key(m.id)): key(m.string) for m in catalog if m.id and translated(m)}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(lang):
    catalog = load_po(po_path(lang))
    assert not catalog.fuzzy, "remove '#, fuzzy' from the header"
    untranslated = [m.id for m in catalog if m.id and (m.fuzzy or not m.string)]
    assert untranslated == []
    assert len(catalog) > 10


@pytest.mark.parametrize("lang", TRANSLATED + ["en"])
def test_compiled_catalogue_matches_its_po_file(lang):
    mo = po_path(lang).with_suffix(".mo")
    assert mo.exists(), "run `python manage.py compilecatalogues` (make setup does)"
    with open(mo, "rb") as fh:
        compiled = read_mo(fh)
    assert entries(compiled) == entries(load_po(po_path(lang))), "stale .mo: run compilecatalogues"


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("de", "Zum Inhalt springen"),
        ("en", "Skip to main content"),
        ("fr", "Aller au contenu principal"),
        ("nl", "Naar de hoofdinhoud"),
        ("it", "Vai al contenuto principale"),
    ],
)
def test_gettext_uses_the_catalogue(lang, expected):
    with translation.override(lang):
        assert translation.gettext("Skip to main content") == expected


def write_po(directory, lang, body):
    target = directory / lang / "LC_MESSAGES"
    target.mkdir(parents=True)
    header = f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (target / "django.po").write_text(header + body, encoding="utf-8")
    return target


def test_compilecatalogues_writes_mo_files(tmp_path, settings):
    settings.LOCALE_PATHS = [tmp_path]
    target = write_po(tmp_path, "de", 'msgid "Home"\nmsgstr "Startseite"\n')
    call_command("compilecatalogues", stdout=StringIO())
    with open(target / "django.mo", "rb") as fh:
        assert entries(read_mo(fh)) == {(None, "Home"): "Startseite"}


@pytest.mark.parametrize(
    "body, complaint",
    [
        ('msgid "Home"\nmsgstr ""\n', "empty translation"),
        ('#, fuzzy\nmsgid "Home"\nmsgstr "Startseite"\n', "fuzzy"),
        ('msgid "Hi %(name)s"\nmsgstr "Hallo %(nom)s"\n', "placeholder"),
    ],
)
def test_compilecatalogues_refuses_incomplete_catalogues(tmp_path, settings, body, complaint):
    settings.LOCALE_PATHS = [tmp_path]
    target = write_po(tmp_path, "fr", body)
    with pytest.raises(CommandError, match=complaint):
        call_command("compilecatalogues")
    assert not (target / "django.mo").exists()


def test_compilecatalogues_lets_english_stay_empty(tmp_path, settings):
    settings.LOCALE_PATHS = [tmp_path]
    write_po(tmp_path, "en", 'msgid "Home"\nmsgstr ""\n')
    call_command("compilecatalogues", stdout=StringIO())
