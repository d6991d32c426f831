"""The table's regions, and a stream's patches that render only the regions that changed (docs/push.md).

A *region* is one element of the table, rendered by one partial from a few context names
(``Region.reads``). Every render of the table stamps each region's element with its key
(``data-k``) and a short hash of the values it reads (``data-h``, the ``{% region %}`` tag), so a
POST's answer, a poll and a pushed table all carry them. The hash is computed from the context,
never from markup: a stream knows what changed without rendering anything.

The shell (``play/table.html``) declares its own regions; a game kind declares its body's in
its own package and hands them over as ``GameKind.regions`` (the platform never names a game).
:class:`Painter` is one stream connection's memory of what it last sent: on news it builds the
context as always, hashes every region, and sends a ``patch`` event (the section's new start
tag, the regions whose hash changed, a stub with the hash for each one that did not) or, when in
doubt, the whole table.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from django.template import Context
from django.template.loader import get_template
from django.utils import translation
from django.utils.functional import Promise
from django.utils.html import escape

# The event that carries a patch (table.js applies it itself; whole tables are swapped by htmx).
PATCH = "patch"
# The only event name a patch may replace: news. A redraw, a count-in ("resume"), a friends'
# table's "go on" always go out whole.
NEWS = "table"
# The section's start tag, rendered alone for a patch, and what it reads.
OPEN = "play/table.html#open"
OPEN_READS = ("table_classes", "over", "hold", "version", "shortcuts", "action_url", "poll_url", "poll_ms",
              "wake_in_ms", "away_url")
# The context name under which a stream's render finds the hashes it already computed.
HASHES = "region_hashes"
# Context names that markup outside every region reads: a change of any sends the whole table.
FRAME = ("table_label", "hold", "over")


@dataclass(frozen=True)
class Region:
    """``key``: the element's ``data-k``; ``template``: the partial that renders the element alone;
    ``reads``: every context name the partial reads (its hash is made of their values);
    ``when``: whether the element is on the table (None: always, on a table that is not held);
    ``fresh``: news in itself (the moves to animate, a count-in, a flash): sent whenever present,
    and a table that shows one and a table that does not differ by nothing else."""
    key: str
    template: str
    reads: tuple[str, ...]
    when: Callable[[dict], bool] | None = None
    fresh: bool = False

    def present(self, context: dict) -> bool:
        return self.when is None or bool(self.when(context))


def _has(name: str) -> Callable[[dict], bool]:
    return lambda context: bool(context.get(name))


# The shell's regions, before the game's body and after it (play/table.html).
SHELL_TOP = (
    Region("moves", "play/_moves.html", ("moves", "moves_json", "move_faces"), _has("moves"), fresh=True),
    Region("count-in", "play/_count_in.html", ("count_in_ms",), _has("count_in_ms"), fresh=True),
    Region("message", "play/table.html#message", ("message", "message_kind", "message_url"), _has("message")),
    Region("status", "play/table.html#status", ("round_line", "tempo_label", "prompt", "my_turn")),
)
SHELL_BOTTOM = (
    Region("ticker", "play/table.html#ticker", ("log", "log_total")),
    Region("log", "play/table.html#log_list", ("log", "log_total")),
)


def of(kind) -> tuple[Region, ...]:
    """Every region of ``kind``'s table, in the order of the page."""
    return SHELL_TOP + tuple(getattr(kind, "regions", ())) + SHELL_BOTTOM


@lru_cache(maxsize=64)
def keyed(kind) -> dict[str, Region]:
    """``kind``'s regions by key (a kind is one object for the process's life)."""
    return {region.key: region for region in of(kind)}


def _plain(value):
    """What json cannot write: a lazy translation is its text, anything else its repr (an object
    without a repr of its values then changes its hash at every render: resent, never stale)."""
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return repr(value)


def digest(region: Region, context) -> str:
    """The hash of what ``region`` shows: its inputs' values, in the active language."""
    values = [translation.get_language(), *(context.get(name) for name in region.reads)]
    text = json.dumps(values, default=_plain, separators=(",", ":"), ensure_ascii=False)
    return format(zlib.crc32(text.encode()), "08x")


def stamp(kind, key: str, context) -> str:
    """The attributes that mark region ``key``'s element (nothing on a table of no such region:
    a lesson renders the same partials). A stream's render finds the hashes it computed in
    ``region_hashes``."""
    region = keyed(kind).get(key) if kind is not None else None
    if region is None:
        return ""
    known = context.get(HASHES) or {}
    fresh = " data-fresh" if region.fresh else ""
    return f' data-k="{key}" data-h="{known.get(key) or digest(region, context)}"{fresh}'


def _render(template: str, context: dict, names) -> str:
    """One partial from only the names it declares (a name it reads but does not declare renders
    empty: the tests' whole-table comparison then fails), numbers unlocalized as in the table."""
    part = get_template(template).template
    return part.render(Context({name: context.get(name) for name in names}, use_l10n=False))


class Painter:
    """One stream connection's table: what it last sent (never kept beyond the connection), and
    the event for the next one. ``context(turn, client_version)``: the seat's table context, as a
    poll builds it; ``whole(context)``: the whole table's markup from it."""

    def __init__(self, kind, context: Callable[..., dict], whole: Callable[[dict], str]):
        self.kind, self.context, self.whole = kind, context, whole
        self.regions = of(kind)
        # (frame, present keys, {key: hash}, version) of the table last sent
        self.last: tuple | None = None

    def __call__(self, turn, client_version, name: str) -> tuple[str, str]:
        """The event's data and name for the seat's table now: a patch for news that a patch can
        carry, else the whole table. ``client_version``: the version the page shows. A patch is
        made only against the table this connection last sent, of that very version: a page
        that shows another one (its own move's answer, which the stream did not send again: the
        mover's echo) was drawn from a context this connection never hashed, so it gets the
        whole table instead of a patch it might not fit (docs/push.md, "Order")."""
        context = self.context(turn, client_version)
        kept, self.last = self.last, self._shown(context)
        context[HASHES] = self.last[2]
        # A kind that declares no regions of its body has a body no patch would carry.
        patchable = (name == NEWS and kept is not None and bool(self.kind.regions) and not context.get("over")
                     and not context.get("hold") and kept[:2] == self.last[:2] and kept[3] == client_version)
        if not patchable:
            return self.whole(context).strip(), name
        return self._patch(context, client_version, kept[2]), PATCH

    def _shown(self, context: dict) -> tuple:
        present = [region for region in self.regions if region.present(context)]
        frame = tuple(str(context.get(name)) for name in FRAME)
        return (frame, tuple(region.key for region in present if not region.fresh),
                {region.key: digest(region, context) for region in present}, context.get("version"))

    def _patch(self, context: dict, base, before: dict[str, str]) -> str:
        """``<template data-patch data-base>``: the section's start tag (an empty section), then
        each present region in order, rendered if it changed (or is fresh), else a stub
        ``<template data-keep data-h>`` the page checks against what it shows; the live region's
        lines after it, as a whole table carries them."""
        out = [f'<template data-patch data-base="{escape(str(base))}">',
               _render(OPEN, context, OPEN_READS).strip(), "</section>"]
        for region in self.regions:
            key = region.key
            if key not in self.last[2]:
                continue
            digest_now = self.last[2][key]
            if not region.fresh and before.get(key) == digest_now:
                out.append(f'<template data-keep="{key}" data-h="{digest_now}"></template>')
            else:
                # With the kind: the partial's {% region %} tag stamps it (mogel.table.templatetags).
                out.append(_render(region.template, {**context, "kind": self.kind}, (*region.reads, "kind", HASHES)).strip())
        out.append("</template>")
        if context.get("announce"):
            out.append(_render("play/table.html#announcer", context, ("announce", "news")).strip())
        return "".join(out)
