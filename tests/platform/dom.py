"""A small DOM for tests of pushed patches (mogel.table.regions): parse markup with html.parser,
apply a stream's patch to a table as table/patch.js does, and write a tree back out in one
canonical form (attributes in the order written), so two tables compare as the browser would build them."""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser

VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())


class El:
    def __init__(self, tag: str, attrs):
        self.tag = tag
        self.attrs = {name: "" if value is None else value for name, value in attrs}
        self.kids: list[El | str] = []

    def elements(self) -> list["El"]:
        return [k for k in self.kids if isinstance(k, El)]

    def find(self, **attrs) -> "El | None":
        for kid in self.elements():
            if all(kid.attrs.get(name.replace("_", "-")) == value for name, value in attrs.items()):
                return kid
            found = kid.find(**attrs)
            if found is not None:
                return found
        return None


    def walk(self):
        for kid in self.elements():
            yield kid
            yield from kid.walk()


def actions(table: El) -> list[str]:
    """What the table's buttons post (name="action"), as a player could press them."""
    return [el.attrs["value"] for el in table.walk() if el.attrs.get("name") == "action" and "value" in el.attrs
            and el.tag == "button"]


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = El("#document", [])
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        el = El(tag, attrs)
        self.stack[-1].kids.append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].kids.append(El(tag, attrs))

    def handle_endtag(self, tag):
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data):
        self.stack[-1].kids.append(data)


def parse(html: str) -> El:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def table_of(html: str) -> El:
    found = parse(html).find(id="table")
    assert found is not None, html[:500]
    return found


def write(node: El | str, skip: tuple = (), one_render: bool = True) -> str:
    """``node`` in one canonical form; ``skip``: the regions (data-k) left out; whitespace between
    elements is set aside (the browser lays it out the same). Not ``one_render``: what differs
    between two renders of the same table is set aside, the CSRF token (masked anew each time)."""
    if isinstance(node, str):
        return escape(node, quote=False) if node.strip() else ""
    attrs = {name: value for name, value in node.attrs.items()
             if one_render or name != "data-h" and not (name == "value" and node.attrs.get("name") == "csrfmiddlewaretoken")}
    attrs = "".join(f' {name}="{escape(value)}"' for name, value in attrs.items())
    inner = "".join(write(k, skip, one_render) for k in node.kids
                    if isinstance(k, str) or k.attrs.get("data-k") not in skip)
    return f"<{node.tag}{attrs}>" if node.tag in VOID else f"<{node.tag}{attrs}>{inner}</{node.tag}>"


def _regions(table: El) -> list[tuple[El, El]]:
    """(parent, element) of every region (data-k) inside ``table``, in document order."""
    found = []

    def walk(parent: El) -> None:
        for kid in parent.elements():
            if "data-k" in kid.attrs:
                found.append((parent, kid))
            else:
                walk(kid)
    walk(table)
    return found


def apply(table: El, patch_html: str) -> bool:
    """Apply a patch event's text to ``table`` (in place) as table/patch.js does; False (and
    ``table`` untouched) when it does not fit: the table shows other regions, or a kept region
    that is not the one the patch says (its hash)."""
    template = parse(patch_html).find(data_patch="")
    parts = template.elements() if template is not None else []
    if not parts or parts[0].tag != table.tag or parts[0].attrs.get("id") != table.attrs.get("id"):
        return False
    section, regions = parts[0], parts[1:]
    live = _regions(table)
    by_key = {el.attrs["data-k"]: (parent, el) for parent, el in live}
    lasting = [el.attrs["data-k"] for _parent, el in live if "data-fresh" not in el.attrs]
    wanted = [el.attrs.get("data-keep", el.attrs.get("data-k")) for el in regions if "data-fresh" not in el.attrs]
    if lasting != wanted:
        return False
    for el in regions:
        if "data-keep" in el.attrs and by_key[el.attrs["data-keep"]][1].attrs.get("data-h") != el.attrs.get("data-h"):
            return False
    for parent, el in live:
        if "data-fresh" in el.attrs:
            parent.kids.remove(el)
    waiting = []   # fresh regions, placed before the next lasting one
    for el in regions:
        if "data-fresh" in el.attrs:
            waiting.append(el)
            continue
        parent, was = by_key[el.attrs.get("data-keep", el.attrs.get("data-k"))]
        at = parent.kids.index(was)
        parent.kids[at:at + 1] = [*waiting, was if "data-keep" in el.attrs else el]
        waiting = []
    if waiting:
        return False
    table.attrs = dict(section.attrs)
    return True


def follow(html: str, events: list[dict]) -> str:
    """The page's table after the stream's table events, from ``html`` (what it showed): a whole
    table replaces it, a patch is applied as table/patch.js applies it (and must fit)."""
    for pushed in events:
        if pushed["event"] != "patch":
            html = pushed["data"]
            continue
        table = table_of(html)
        assert apply(table, pushed["data"]), "a patch the page could not apply"
        html = write(table)
    return html
