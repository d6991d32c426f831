"""Fill translations into locale/*/LC_MESSAGES/django.po from a JSON file (a developer tool).

    python scripts/fill_po.py my-strings.json [--makemessages]

The JSON maps each English msgid to its translations; a msgid with a context is
written "context|msgid"; a plural entry gives a list per language [singular, plural]:

    {"Draw a card": {"de": "Karte ziehen", "fr": "...", "nl": "...", "it": "..."},
     "url|rules/": {"de": "regeln/", ...}}

With --makemessages it first runs makemessages for all five languages, so new msgids
from code and templates are in the catalogues. Several people may run it at once: a
lock file serialises them, and each run only touches the entries it names.
"""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("de", "fr", "nl", "it")


def main() -> None:
    source = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    with open("/tmp/mogel-locale.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if "--makemessages" in sys.argv:
            subprocess.run([sys.executable, "manage.py", "makemessages", "--no-obsolete", "-l", "de", "-l", "en",
                            "-l", "fr", "-l", "nl", "-l", "it", "--ignore=.venv", "--ignore=node_modules",
                            "--ignore=bench", "--ignore=tests"], cwd=ROOT, check=True)
        for lang in LANGS:
            path = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
            with open(path, "rb") as f:
                catalog = read_po(f, locale=lang)
            catalog.fuzzy = False
            for key, translations in source.items():
                context, _, msgid = key.rpartition("|") if "|" in key else (None, "", key)
                if lang not in translations:
                    continue  # a file may fill one language only
                text = translations[lang]
                found = None
                for message in catalog:
                    mid = message.id[0] if isinstance(message.id, tuple) else message.id
                    if mid == msgid and (message.context or None) == (context or None):
                        found = message
                        break
                if found is None:
                    msg_id = msgid if not isinstance(text, list) else (msgid, msgid)
                    found = catalog.add(msg_id, context=context or None)
                found.string = tuple(text) if isinstance(text, list) else text
                found.flags.discard("fuzzy")
            with open(path, "wb") as f:
                write_po(f, catalog, width=76, omit_header=False)
    print(f"filled {len(source)} entries in {', '.join(LANGS)}")


if __name__ == "__main__":
    main()
