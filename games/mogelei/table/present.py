"""One seat's Mogelei ``view`` + ``legal_actions`` as template context for ``games/mogelei/templates/mogelei/table.html``.

Generic like :mod:`games.mogel_motte.table.present`: no game row, no bots, no lessons. The view is the
engine's ``Game.view(seat)`` (docs: /work/mz-spec.md, "View"); it never holds another seat's
face-down card, and nothing here adds one.
"""

from __future__ import annotations

import json

from django.template.loader import render_to_string
from django.utils.html import strip_tags
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.utils.translation import pgettext

from mogel.play import shell
from mogel.table.cards import cached_svg
from mogel.table.memo import per_language
from mogel.core.seats import placed
from games.mogelei.cards.palette import PALETTE
from games.mogelei.cards.render import render_back, render_card
from games.mogelei.engine.cards import eggs as _eggs

from . import motion
from .events import describe
from .names import COLOURS, FAMILY, card_name, colour_label, colour_name, member_name, signed, split
from .refusals import explain, rule_link

def card_svg(card: str, size: str, eggs_option: str = "by_value"):
    """The card's decorative SVG (``games.mogelei.cards``), cached per language (``mogel.table.cards``)."""
    return cached_svg(("mogelei", card, size, eggs_option), lambda: (
        render_back(size, decorative=True) if card == "back"
        else render_card(card, size, decorative=True, eggs_option=eggs_option)))


@per_language()
def face(card: str, eggs_option: str = "by_value", size: str = "sm") -> dict:
    """A face-up card: its picture, colour, value, fried eggs and its name for running text
    (the same for every table: made once per language, shared, never changed)."""
    colour, value = split(card)
    return {"id": card, "colour": colour, "member": FAMILY[colour], "value": value,
            "eggs": _eggs(card, eggs_option), "name": card_name(card), "svg": card_svg(card, size, eggs_option)}


@per_language(maxsize=64)
def colour_info(colour: str | None) -> dict | None:
    """A colour as the table shows it: its name, family member and symbol (in the colour's ink);
    made once per language, shared, never changed."""
    if colour not in FAMILY:
        return None
    info = {"key": colour, "member": FAMILY[colour], "name": colour_name(colour),
            "member_name": member_name(colour), "label": colour_label(colour), **PALETTE[colour]}
    symbol = cached_svg(("mogelei", "symbol", colour), lambda: render_to_string("mogelei/_symbol.html", {"c": info}))
    return {**info, "symbol": symbol}


def accuse_name(name: str) -> str:
    """The accessible name of an accusation button: "Accuse Lotte: you're bluffing!"."""
    return _("Accuse %(name)s: you're bluffing!") % {"name": name}


def _laid(view: dict) -> set[int]:
    laid = view.get("laid") or []
    if laid and isinstance(laid[0], bool):
        return {s for s, done in enumerate(laid) if done}
    return set(laid)


def _finished_stack(entry: dict, seat: int) -> list[dict]:
    """A seat's cards of the round just settled: the earlier passes face down (never their
    cards: nobody sees them, ever), the last pass turned up."""
    last = entry["last_pass"][seat]
    return [*({"card": None, "face": "down"} for _ in range(entry.get("passes", 1) - 1)),
            {"card": last, "face": "up", "how": _came_up(entry, seat)}]


def _came_up(entry: dict, seat: int) -> str:
    """How a card of a settled round's last pass came face up: revealed, accused or turned up."""
    if seat in entry.get("revealed", []):
        return "revealed"
    return "accused" if seat == entry.get("accused") else "hidden"


def _came_up_mark(how: str) -> str:
    """The short mark under a seat's turned-up card at the round's end."""
    return {"revealed": pgettext("round end mark", "revealed"), "accused": pgettext("round end mark", "accused"),
            "hidden": pgettext("round end mark", "turned up")}[how]


def _stack(view: dict, seat: int, eggs_option: str, finished: dict | None = None) -> list[dict]:
    items = []
    entries = _finished_stack(finished, seat) if finished else view["stacks"][seat]
    for number, entry in enumerate(entries, start=1):
        shown = entry.get("face")
        card = entry.get("card")
        item = {"pass": number, "face": shown, "mine": bool(entry.get("mine"))}
        if entry.get("how"):
            item["how"] = _came_up_mark(entry["how"])
        if card and shown == "up" or card and entry.get("mine"):
            item["card"] = face(card, eggs_option)
        items.append(item)
    return items


def _stack_label(stack: list[dict], name: str) -> str:
    """A seat's cards of this round for a screen reader: "Lotte: 2 cards, the top one black 12"."""
    laid = [i for i in stack if i["face"] != "empty"]
    if not laid:
        return _("%(name)s: no card laid yet") % {"name": name}
    top = laid[-1]
    d = {"name": name, "n": len(laid)}
    if top["face"] == "up":
        d["card"] = top["card"]["name"]
        return ngettext("%(name)s: %(n)s card laid, face up: %(card)s",
                        "%(name)s: %(n)s cards laid, the top one face up: %(card)s", d["n"]) % d
    if top.get("card"):
        d["card"] = top["card"]["name"]
        return ngettext("%(name)s: %(n)s card laid, face down (yours: %(card)s)",
                        "%(name)s: %(n)s cards laid, the top one face down (yours: %(card)s)", d["n"]) % d
    return ngettext("%(name)s: %(n)s card laid, face down", "%(name)s: %(n)s cards laid, the top one face down",
                    d["n"]) % d


def _hand(view: dict, legal: set[str], eggs_option: str) -> list[dict]:
    me, phase = view["seat"], view["phase"]
    colour = view.get("colour")
    holds_colour = colour is not None and any(split(c)[0] == colour for c in view["hand"])
    hand = []
    for i, card in enumerate(view["hand"]):
        if f"lay {card}" in legal:
            code, params = None, ()
        elif phase == "lay" and me in _laid(view):
            code, params = "already_laid", ()
        elif phase == "lay" and holds_colour:
            code, params = "must_follow", (("colour", colour),)
        else:
            code, params = "not_your_lay", ()
        hand.append({**_hand_card(card, eggs_option, code, params), "index": i})
    return hand


@per_language()
def _hand_card(card: str, eggs_option: str, code: str | None, params: tuple) -> dict:
    """A hand card as the same card, laid or refused for the same reason, always shows: its
    face, and what laying it says or why it cannot be laid now (``code``: None, it can).
    Shared: the caller copies it before changing it."""
    item = {**face(card, eggs_option, "md"), "action": None, "reason": None, "rule_url": None}
    if code is None:
        item["action"] = f"lay {card}"
        item["lay_name"] = _("Lay %(card)s face down") % {"card": item["name"]}
    else:
        item["reason"], anchor = explain(code, dict(params))
        item["rule_url"] = rule_link(anchor)
    return item


def _prompt(view: dict, legal: set[str], names) -> str:
    me, phase = view["seat"], view["phase"]
    colour = colour_label(view["colour"]) if view.get("colour") else ""
    if phase == "over":
        return _("The match is over.") if view["games"] > 1 else _("The game is over.")
    if phase == "call":
        if view["caller"] == me:
            return _("You are the caller: call a colour.")
        return _("%(name)s is the caller and calls a colour.") % {"name": names[view["caller"]]}
    if phase == "lay":
        if any(a.startswith("lay ") for a in legal):
            return _("Lay a card face down: %(colour)s if you have it.") % {"colour": colour}
        return _("Waiting for the others to lay their cards.")
    if phase == "reveal":
        nxt = view.get("reveal_next")
        if nxt == me:
            if "reveal" in legal:
                return _("Reveal your card, or keep it hidden and bluff?")
            return _("Your card is not %(colour)s: keep it hidden.") % {"colour": colour}
        return _("%(name)s decides: reveal or keep hidden?") % {"name": names[nxt] if nxt is not None else "?"}
    if phase == "choose":
        on = view.get("on_turn")
        if on == me:
            # Everyone else revealed: nobody can be accused, so the prompt does not offer it.
            accuse = any(a.startswith("accuse ") for a in legal)
            if "continue" in legal:
                return (_("It's your turn: continue, end the round, or accuse someone of bluffing.") if accuse
                        else _("It's your turn: continue or end the round."))
            return (_("It's your turn: end the round, or accuse someone of bluffing.") if accuse
                    else _("It's your turn: end the round."))
        return _("It's %(name)s's turn: continue, end or accuse?") % {"name": names[on] if on is not None else "?"}
    return ""


def _owing(view: dict) -> set[int]:
    phase = view["phase"]
    if phase == "call":
        return {view["caller"]}
    if phase == "lay":
        return set(range(view["players"])) - _laid(view)
    if phase == "reveal" and view.get("reveal_next") is not None:
        return {view["reveal_next"]}
    if phase == "choose" and view.get("on_turn") is not None:
        return {view["on_turn"]}
    return set()


def present(view: dict, legal: list[str], names, *, action_url: str, version, extra: dict | None = None,
            announce: list[dict] | None = None, moved: list[dict] | None = None) -> dict:
    """Template context for the shared shell ``play/table.html`` around ``mogelei/table.html#body``.

    ``announce``: events (as the seat sees them) read out once in the live region;
    ``moved``: the events to animate (default ``announce``). The rest as :func:`games.mogel_motte.table.present.present`.
    """
    me, players, phase = view["seat"], view["players"], view["phase"]
    legal_set = set(legal)
    eggs_option = view.get("eggs_option") or "by_value"
    owing = _owing(view)
    laid = _laid(view)
    # Until the next round's colour is called, the table still shows the round just settled:
    # its last pass turned up, who collected, who laid the fattest egg.
    finished = view["history"][-1] if phase == "call" and view.get("history") else None
    # Its result in words stays longer: until the player's own first move of the next round,
    # so a quick bot's call cannot take it away before it was read.
    reading = view["history"][-1] if view.get("history") and _still_reading(view) else None
    seats = []
    for seat in [*(((me + i) % players) for i in range(1, players)), me]:
        stack = _stack(view, seat, eggs_option, finished)
        accuse = f"accuse {seat}"
        seats.append({
            "seat": seat, "name": names[seat], "is_me": seat == me,
            "hand_size": view["hand_sizes"][seat], "pile": view["piles"][seat], "rewards": view["rewards"][seat],
            "stack": stack, "stack_label": _stack_label(stack, names[seat]), "done": bool(finished),
            "came_up": stack[-1].get("how") if finished and stack else None,
            "collected": bool(finished) and finished["collector"] == seat,
            "is_caller": phase != "over" and seat == (view.get("pass_caller") if view.get("pass_caller") is not None
                                                      else view.get("caller")),
            "is_dealer": seat == view.get("dealer"),
            "owes": seat in owing,
            "on_turn": phase == "choose" and view.get("on_turn") == seat,
            "deciding": phase == "reveal" and view.get("reveal_next") == seat,
            "laid": phase == "lay" and seat in laid,
            "accuse": accuse if accuse in legal_set else None,
            "accuse_name": accuse_name(names[seat]),
        })
    calls = [{"action": f"call {c}", **colour_info(c)} for c in COLOURS if f"call {c}" in legal_set]
    controls = {
        "calls": calls,
        "reveal": "reveal" in legal_set,
        "hide": "hide" in legal_set,
        "cannot_reveal": explain("cannot_reveal")[0] if "hide" in legal_set and "reveal" not in legal_set else None,
        "continue": "continue" in legal_set,
        "end": "end" in legal_set,
        "accusations": [s for s in seats if s["accuse"]],
    }
    controls["any"] = bool(calls or controls["hide"] or controls["end"] or controls["continue"])
    announce = list(announce or [])
    where = [_("Round %(round)s") % {"round": view.get("game_round", view["round"])}]
    if view["games"] > 1:
        where.insert(0, _("Game %(game_no)s of %(games)s") % view)
    if view.get("pass_no"):
        where.append(_("Pass %(pass_no)s") % view)
    return {
        "me": me, "my_name": names[me], "players": players, "names": list(names),
        "round_line": " · ".join(where), "table_classes": f" mz-table mz-phase--{phase}",
        "action_url": action_url, "version": version, "phase": phase, "over": phase == "over",
        "game_no": view["game_no"], "games": view["games"], "round": view.get("game_round", view["round"]), "pass_no": view.get("pass_no"),
        "colour": colour_info(view.get("colour")),
        "seats": seats, "others": seats[:-1], "my_seat": seats[-1],
        "hand": _hand(view, legal_set, eggs_option), "hand_size": len(view["hand"]),
        "rewards_left": view.get("rewards_left"),
        "last_round": round_summary(reading, names, me, eggs_option) if reading else None,
        "controls": controls,
        "prompt": _prompt(view, legal_set, names),
        "my_turn": me in owing and bool(legal),
        **_log(view, names, me, eggs_option),
        "announce": [describe(e, names, me) for e in announce],
        **shell.motion(motion.moves(announce if moved is None else moved, me), lambda card: card_svg(card, "md")),
        "back_svg": card_svg("back", "sm"),
        **(extra or {}),
    }


def _still_reading(view: dict) -> bool:
    """Whether the player has not yet moved in the round after the last one settled: the
    caller has not called, or the player has not laid its card of the first pass."""
    if view["phase"] == "call":
        return True
    return view["phase"] == "lay" and view.get("pass_no") == 1 and view["seat"] not in _laid(view)


def _log(view: dict, names, me: int, eggs_option: str) -> dict:
    """The log: every finished round of this game in one line each (the engine keeps only the
    current round's events), then the current round's events."""
    lines = shell.log_lines(view, names, me, describe)
    earlier = [{"code": "round_result", "text": _round_line(json.dumps(entry, sort_keys=True), tuple(names), me,
                                                            eggs_option)}
               for entry in view.get("history") or []]
    return {"log": earlier + lines["log"], "log_total": lines["log_total"] + len(earlier)}


@per_language()
def _round_line(entry: str, names: tuple, me: int, eggs_option: str) -> str:
    """A finished round's line in the log (``entry``: its ``history`` entry as JSON). It never
    changes once the round is over, but every table of the game shows it: rendered once."""
    summary = round_summary(json.loads(entry), names, me, eggs_option)
    return " ".join(strip_tags(render_to_string("mogelei/_round_result.html", {"summary": summary})).split())


def _accusation(entry: dict, names, me: int) -> str:
    """The round's accusation in one sentence: who accused whom, rightly or not, and the card.
    (Who collects is said next to it, so unlike the ticker's sentence it stops at the card.)"""
    accuser, target = entry.get("on_turn"), entry["accused"]
    d = {"name": names[accuser] if accuser is not None else "?", "target": names[target],
         "card": card_name(entry["last_pass"][target])}
    who = "me" if accuser == me else "target" if target == me else "others"
    sentences = {
        (True, "me"): pgettext("round end", "You accused %(target)s: rightly, %(card)s."),
        (True, "target"): pgettext("round end", "%(name)s accused you: rightly, your %(card)s."),
        (True, "others"): pgettext("round end", "%(name)s accused %(target)s: rightly, %(card)s."),
        (False, "me"): pgettext("round end", "You accused %(target)s: wrongly, %(card)s."),
        (False, "target"): pgettext("round end", "%(name)s accused you: wrongly, your %(card)s."),
        (False, "others"): pgettext("round end", "%(name)s accused %(target)s: wrongly, %(card)s."),
    }
    return sentences[(bool(entry.get("right")), who)] % d


def round_summary(entry: dict, names, me: int, eggs_option: str = "by_value") -> dict:
    """The end of a round from its ``history`` entry: the last pass turned up (each seat's card
    and how it came up), who collected how many cards, who got the fattest egg.

    Only the last pass is ever turned up; the earlier passes are in the count only.
    """
    how = {"revealed": pgettext("last pass", "revealed"), "accused": pgettext("last pass", "uncovered"),
           "hidden": pgettext("last pass", "was hidden")}
    rows = []
    for seat, card in enumerate(entry.get("last_pass") or []):
        kind = _came_up(entry, seat)
        rows.append({"name": names[seat], "is_me": seat == me, "card": face(card, eggs_option), "how": how[kind],
                     "egg": seat == entry.get("reward")})
    collector, reward, accused = entry["collector"], entry.get("reward"), entry.get("accused")
    accusation = _accusation(entry, names, me) if accused is not None else None
    return {"colour": colour_info(entry.get("colour")), "accusation": accusation,
            "round": entry.get("game_round", entry.get("round")), "rows": rows, "collector": names[collector],
            "collector_is_me": collector == me, "count": entry.get("count", 0),
            "reward": names[reward] if reward is not None else None, "reward_is_me": reward == me}


def game_summary(view: dict, names, me: int, ranking: list[list[int]] | None = None) -> dict:
    """The finished games of the match: eggs, reward cards and points per seat, and the totals."""
    games = view.get("games_history") or []
    players = view["players"]
    rows = []
    for seat in range(players):
        rows.append({"name": names[seat], "is_me": seat == me,
                     "games": [{"eggs": g["eggs"][seat], "eggs_shown": signed(-g["eggs"][seat]),
                                "rewards": g["rewards"][seat], "points": g["points"][seat],
                                "points_shown": signed(g["points"][seat])} for g in games],
                     "total": sum(g["points"][seat] for g in games)})
        rows[-1]["total_shown"] = signed(rows[-1]["total"])
    last = rows and games and [{"name": r["name"], "is_me": r["is_me"], **r["games"][-1]} for r in rows]
    places = []
    for place, s in placed(ranking or []):
        places.append({"place": place, "name": names[s], "is_me": s == me, "total": rows[s]["total"],
                       "total_shown": rows[s]["total_shown"]})
    return {"game": len(games), "games": list(range(1, len(games) + 1)), "rows": rows, "last": last or [],
            "ranking": places, "won": bool(ranking) and me in ranking[0]}
