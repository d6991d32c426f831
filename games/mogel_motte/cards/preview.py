"""Render every card into one standalone HTML file, to look at or screenshot.

    python -m games.mogel_motte.cards.preview out.html [--lang de]

Uses DJANGO_SETTINGS_MODULE (default ``mogel.settings``).
"""

from __future__ import annotations

import argparse
import html
import os
from pathlib import Path


def build_page(lang: str = "en") -> str:
    from django.utils import translation

    from .names import all_cards, card_label
    from .render import SIZES, render_card

    css = (Path(__file__).parent / "static" / "cards" / "cards.css").read_text(encoding="utf-8")
    parts = [
        "<!doctype html>",
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8"><title>Mogel Motte cards</title>',
        f"<style>{css}\n"
        "body{font-family:system-ui,sans-serif;margin:16px;background:#f3efe6;color:#222}"
        ".row{display:flex;flex-wrap:wrap;gap:10px;margin:0 0 18px}"
        "figure{margin:0;display:flex;flex-direction:column;align-items:center;gap:4px}"
        "figcaption{font-size:11px;max-width:110px;text-align:center}"
        "h2{font-size:15px;margin:8px 0}</style></head><body>",
    ]
    with translation.override(lang):
        cards = all_cards()
        for size in SIZES:
            parts.append(f'<h2>{size} ({SIZES[size][0]} px)</h2><div class="row" data-size="{size}">')
            for card in cards:
                caption = f"<figcaption>{html.escape(card_label(card))}</figcaption>" if size != "sm" else ""
                parts.append(f"<figure>{render_card(card, size=size)}{caption}</figure>")
            parts.append("</div>")
    parts.append("</body></html>")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="HTML file to write")
    parser.add_argument("--lang", default="en", help="language of the labels (de, en, fr, nl, it)")
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mogel.settings")
    import django
    from django.conf import settings

    # Let the preview work even before the app is listed in INSTALLED_APPS.
    if "games.mogel_motte.cards" not in settings.INSTALLED_APPS and "games.mogel_motte.cards.apps.CardsConfig" not in settings.INSTALLED_APPS:
        settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "games.mogel_motte.cards"]
    django.setup()

    args.out.write_text(build_page(args.lang), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
