"""Mogel Motte's table body, as regions a stream resends on their own (mogel.table.regions,
docs/push.md): each with the partial of ``mogel_motte/table.html`` that draws it and every
context name that partial reads. A name missing here leaves a changed region unsent: the
patch tests (tests/platform/test_regions.py) then find the patched table unlike the whole one."""

from mogel.table.regions import Region

BODY = "mogel_motte/table.html#"


def _shown(context) -> bool:
    return not context.get("hold")


REGIONS = (
    Region("flash", BODY + "flash", ("flash",), lambda c: bool(c.get("flash")), fresh=True),
    Region("keys", BODY + "keys", ("catch_keys",), lambda c: bool(c.get("shortcuts") and c.get("catch_keys"))),
    Region("seats", BODY + "seats", ("seats", "guard_arrived", "shortcuts", "action_url", "guard_svg"), _shown),
    Region("centre", BODY + "centre", ("draw_size", "back_svg", "top_name", "top_svg", "discard_size", "window"),
           _shown),
    Region("controls", BODY + "controls", ("controls", "window", "action_url"), _shown),
    Region("hand", BODY + "hand", ("hand_size", "hand", "replay", "action_url", "shortcuts", "sleeve"), _shown),
)
