"""Compile every locale/*/LC_MESSAGES/*.po to .mo with Babel.

Why not `compilemessages`: it needs GNU gettext, which a fresh machine may
lack. Why not `pybabel compile`: it silently skips a catalogue whose header is
fuzzy, which leaves a language untranslated without a word.
"""

import os
import re
import tempfile
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from mogel import games

# English is the msgid language: its catalogue may leave msgstr empty.
SOURCE_LANGUAGE = "en"


_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def interchangeable() -> frozenset[str]:
    """Placeholders any of which a translation may use where the msgid has one of them: every
    game's card forms (``GameKind.interchangeable_placeholders``)."""
    return frozenset().union(*(kind.interchangeable_placeholders for kind in games.all_kinds()))


def card_placeholders(text: str) -> list[str]:
    """The interchangeable placeholders in a format string, in order (``["the_card_acc"]``)."""
    forms = interchangeable()
    return [name for name in _PLACEHOLDER.findall(text) if name in forms]


def catalogue_files():
    for locale_dir in settings.LOCALE_PATHS:
        yield from sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po"))


def language_of(po_path):
    return po_path.parent.parent.name


def read_catalogue(po_path):
    with po_path.open("rb") as fh:
        # abort_invalid: a broken .po is an error, not a partial catalogue.
        return read_po(fh, locale=language_of(po_path), abort_invalid=True)


def problems_in(po_path, catalog):
    """Everything that would make a visitor see English on a translated page."""
    if language_of(po_path) == SOURCE_LANGUAGE:
        return []
    problems = []
    if catalog.fuzzy:
        problems.append("header is marked fuzzy")
    for message in catalog:
        if not message.id:
            continue  # the header
        where = f"line {message.lineno}: {message.id!r}"
        if message.fuzzy:
            problems.append(f"{where} is fuzzy")
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(strings):
            problems.append(f"{where} has an empty translation")
    for message, errors in catalog.check():
        for error in _card_form_errors(message) if card_placeholders(message.id) else errors:
            problems.append(f"line {message.lineno}: {message.id!r}: {error}")
    return problems


def _card_form_errors(message):
    """Format errors of a sentence that names a card, where every card form may stand in for another.

    The msgid has the form English needs ("%(the_card_acc)s"); a translation may use
    any other of the same game (:func:`interchangeable`): checked as if it had used the msgid's.
    """
    english_form = card_placeholders(message.id)[0]
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    as_if = list(strings)
    for form in interchangeable():
        as_if = [s.replace(f"%({form})s", f"%({english_form})s") for s in as_if]
    twin = Message(message.id, as_if[0] if len(as_if) == 1 else tuple(as_if), flags=message.flags,
                   context=message.context)
    return twin.check()


def write_atomically(catalog, mo_path):
    # A runserver or test worker may read the .mo at any moment.
    fd, tmp = tempfile.mkstemp(dir=mo_path.parent, suffix=".mo.tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            write_mo(fh, catalog)
        os.replace(tmp, mo_path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo with Babel; fail on fuzzy or empty entries."

    def handle(self, *args, **options):
        files = list(catalogue_files())
        if not files:
            raise CommandError("No .po files found under LOCALE_PATHS.")

        catalogues, problems = [], []
        for po_path in files:
            try:
                catalog = read_catalogue(po_path)
            except Exception as exc:  # babel raises PoFileError and friends
                problems.append(f"{po_path}: cannot be read: {exc}")
                continue
            problems += [f"{po_path}: {p}" for p in problems_in(po_path, catalog)]
            catalogues.append((po_path, catalog))

        # Validate everything before writing anything, so one bad catalogue
        # never leaves a mix of fresh and stale .mo files behind.
        if problems:
            raise CommandError("Catalogues are not complete:\n  " + "\n  ".join(problems))

        for po_path, catalog in catalogues:
            mo_path = po_path.with_suffix(".mo")
            write_atomically(catalog, mo_path)
            count = sum(1 for m in catalog if m.id and m.string)
            self.stdout.write(f"{mo_path}: {count} messages")
