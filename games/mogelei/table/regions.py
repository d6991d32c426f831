"""Mogelei's table body, as regions a stream resends on their own (mogel.table.regions,
docs/push.md): each with the partial of ``mogelei/table.html`` that draws it and every context
name that partial reads (the patch tests fail on a name missing here)."""

from mogel.table.regions import Region

BODY = "mogelei/table.html#"


def _status(context) -> bool:
    return bool(context.get("colour") and not context.get("hold") or context.get("last_round"))


def _shown(context) -> bool:
    return not context.get("hold") and not context.get("over")


REGIONS = (
    Region("mz-status", BODY + "status", ("colour", "hold", "last_round"), _status),
    Region("seats", BODY + "seats", ("players", "seats", "back_svg", "action_url", "phase"), _shown),
    Region("controls", BODY + "controls", ("controls", "action_url"), _shown),
    Region("hand", BODY + "hand", ("hand_size", "hand", "replay", "action_url"), _shown),
)
