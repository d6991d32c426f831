"""The small, safe markup of the rules sections' bodies.

Everything is escaped; only these constructs become HTML:

* a blank line separates paragraphs;
* consecutive lines starting with ``- `` form a list (``<ul>``); an indented
  line right after an item continues that item;
* ``**bold**`` becomes ``<strong>``;
* ``[text](#slug)`` links to another section of the rules page, but only for
  the game's anchors (its kind's ``rule_slugs``; anything else stays text);
* ``{card:<card>}`` (e.g. ``{card:red3}``) draws a small card picture of the game (its kind's
  ``rules_card``), with its translated name as text alternative;
* a paragraph starting with ``> `` is an example or tip box
  (``<aside class="rule-example">``); inside it, lists and the inline
  constructs work as above.

The markup is the same for every game; the ``game`` argument (a kind's key) only says which
anchors and which card pictures exist.

:func:`render` never raises on bad input (a wrong card or link is shown as
the text the author typed); :func:`problems` lists such mistakes so that a
test can keep the authored content clean.
"""

from __future__ import annotations

import re

from django.utils.html import escape as _escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from mogel import games


_INLINE = re.compile(
    r"\*\*(?P<bold>.+?)\*\*"
    r"|\[(?P<text>[^\[\]\n]+)\]\((?P<href>[^()\s]*)\)"
    r"|\{card:(?P<card>[^{}\s]*)\}"
)
_BLOCK_SPLIT = re.compile(r"\n[ \t]*\n")
_ITEM = re.compile(r"^- +")
_QUOTE = re.compile(r"^> ?")
NBSP, NNBSP = "\u00a0", "\u202f"
# "9 × 1" must not break around the ×.
_TIMES = re.compile(r"(?<=\d) (×) (?=\d)")
# French puts a space before ; : ! ? » and after « that must not break.
_FR_BEFORE = re.compile(r" ([;:!?»])")
_FR_AFTER = re.compile(r"(«) ")


def escape(text: str) -> str:
    """Escape ``text`` and keep a few typographic pairs on one line."""
    text = _TIMES.sub(f"{NBSP}\\1{NBSP}", text)
    if (get_language() or "").startswith("fr"):
        text = _FR_BEFORE.sub(f"{NNBSP}\\1", text)
        text = _FR_AFTER.sub(f"\\1{NNBSP}", text)
    return _escape(text)


class _Game:
    """What the markup needs of one game: its anchors and its card pictures."""

    def __init__(self, game: str):
        self.kind = games.get(game)
        self.slugs = frozenset(self.kind.rule_slugs)

    def card(self, name: str) -> str | None:
        picture = self.kind.rules_card(name)
        return None if picture is None else str(picture)


def _inline(text: str, game: _Game, bold_allowed: bool = True) -> str:
    out, pos = [], 0
    for match in _INLINE.finditer(text):
        out.append(escape(text[pos : match.start()]))
        pos = match.end()
        if match["bold"] is not None:
            if bold_allowed:
                out.append(f"<strong>{_inline(match['bold'], game, bold_allowed=False)}</strong>")
            else:
                out.append(escape(match["bold"]))
        elif match["text"] is not None:
            href = match["href"]
            if href.startswith("#") and href[1:] in game.slugs:
                out.append(f'<a href="{escape(href)}">{_inline(match["text"], game, bold_allowed)}</a>')
            else:
                out.append(_inline(match["text"], game, bold_allowed))
        else:
            picture = game.card(match["card"])
            out.append(picture if picture is not None else escape(match.group(0)))
    out.append(escape(text[pos:]))
    return "".join(out)


def _lines_to_html(lines: list[str], game: _Game) -> str:
    """One block without blank lines: paragraphs and lists, in order."""
    html: list[str] = []
    paragraph: list[str] = []
    items: list[list[str]] = []

    def flush_paragraph():
        if paragraph:
            html.append("<p>" + "\n".join(_inline(line, game) for line in paragraph) + "</p>")
            paragraph.clear()

    def flush_list():
        if items:
            html.append("<ul>" + "".join("<li>" + _inline(" ".join(item), game) + "</li>" for item in items) + "</ul>")
            items.clear()

    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if _ITEM.match(line):
            flush_paragraph()
            items.append([_ITEM.sub("", line, count=1)])
        elif items and raw[:1] in (" ", "\t"):
            items[-1].append(line)
        else:
            flush_list()
            paragraph.append(line)
    flush_paragraph()
    flush_list()
    return "".join(html)


def _blocks(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    return [block for block in _BLOCK_SPLIT.split(text) if block.strip()]


def render(text: str | None, game: str) -> SafeString:
    """The body markup as safe HTML (see the module docstring)."""
    known = _Game(game)
    html = []
    for block in _blocks(text or ""):
        lines = block.split("\n")
        if _QUOTE.match(lines[0].lstrip()):
            inner = [_QUOTE.sub("", line.lstrip(), count=1) if _QUOTE.match(line.lstrip()) else line for line in lines]
            html.append(f'<aside class="rule-example">{_lines_to_html(inner, known)}</aside>')
        else:
            html.append(_lines_to_html(lines, known))
    return mark_safe("\n".join(html))


def inline_text(text: str | None) -> SafeString:
    """A title: escaped, typographic pairs kept together, no markup."""
    return mark_safe(escape(text or ""))


def plain_text(text: str | None) -> str:
    """The body's words without markup and without card pictures.

    Card tokens are dropped (``{card:red5}`` is not the number 5), link
    targets too; what is left is what a reader reads.
    """
    def replace(match):
        if match["bold"] is not None:
            return match["bold"]
        if match["text"] is not None:
            return match["text"]
        return " "

    return _INLINE.sub(replace, text or "")


def problems(text: str | None, game: str) -> list[str]:
    """Markup mistakes in ``text``: unknown links or cards, stray ``**``, HTML tags."""
    known = _Game(game)
    found = []
    for match in _INLINE.finditer(text or ""):
        if match["text"] is not None:
            href = match["href"]
            if not (href.startswith("#") and href[1:] in known.slugs):
                found.append(f"link to unknown section {href!r} in {match.group(0)!r}")
        elif match["card"] is not None and known.card(match["card"]) is None:
            found.append(f"unknown card {match.group(0)!r}")
    rest = _INLINE.sub(" ", text or "")
    if "**" in rest:
        found.append("unbalanced ** (bold)")
    if re.search(r"\{card:", rest):
        found.append("malformed {card:...}")
    if re.search(r"\]\(", rest):
        found.append("malformed [text](#slug) link")
    if re.search(r"</?[A-Za-z][^>]*>", rest):
        found.append("HTML tag (shown as text, not as HTML)")
    return found
