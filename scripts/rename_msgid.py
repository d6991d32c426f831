"""Give a catalogue entry a new English msgid and keep its translations (a developer tool).

    python scripts/rename_msgid.py renames.json

The JSON maps each old msgid ("context|msgid" for a context) to {"msgid": new, and optionally
"de"/"fr"/"nl"/"it": a new translation}. Use it when the English wording changes but the
translations already say the right thing, so no entry is left fuzzy or lost until the next
makemessages run moves its source references.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    renames = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    for lang in ("de", "en", "fr", "nl", "it"):
        path = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
        with open(path, "rb") as f:
            catalog = read_po(f, locale=lang)
        for key, change in renames.items():
            context, _, old = key.rpartition("|") if "|" in key else (None, "", key)
            message = catalog.get(old, context=context or None)
            if message is None:
                sys.exit(f"{lang}: no entry {key!r}")
            catalog.delete(old, context=context or None)
            renamed = catalog.add(change["msgid"], string=change.get(lang, message.string), context=context or None,
                                  locations=message.locations, flags=message.flags - {"fuzzy"},
                                  auto_comments=message.auto_comments, user_comments=message.user_comments)
            renamed.string = change.get(lang, message.string)
        with open(path, "wb") as f:
            write_po(f, catalog, width=76, omit_header=False)
    print(f"renamed {len(renames)} entries")


if __name__ == "__main__":
    main()
