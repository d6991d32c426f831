"""One seat's ``view`` + ``legal_actions`` as template context for ``games/mogel_motte/templates/mogel_motte/table.html``.

Generic: no game model, no lessons, no bots. See the package docstring for usage.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.mogel_motte.cards.names import card_label, name_card
from games.mogel_motte.cards.render import render_card
from games.mogel_motte.engine import cards as C
from games.mogel_motte.engine.game import window_ms

from mogel.play.shell import log_lines, motion as motion_context
from mogel.table.cards import cached_svg
from mogel.table.memo import per_language

from . import motion
from .events import describe
from .refusals import explain, rule_link

SIDE_VERBS = ("cheat", "catch")
def card_svg(card: str, size: str = "md", decorative: bool = True):
    """The card's inline SVG, cached per language (``mogel.table.cards``: drawing is the slow part)."""
    return cached_svg(("mogel-motte", card, size, decorative),
                      lambda: render_card(card, size=size, decorative=decorative))


def sort_key(card: str) -> tuple[int, int]:
    """Number cards, then action cards (spider, mosquito, cockroach, ant), then moths; by value."""
    c = C.card(card)
    return C.KINDS.index(c.kind), c.value


def _reason(view: dict, legal: list[str], card: str) -> tuple[str, dict]:
    """Why ``card`` has no action now, as a refusal code and its parameters (from the view only)."""
    me, phase = view["seat"], view["phase"]
    kind = C.kind(card)
    if phase == "over":
        return "game_over", {}
    if view.get("settling"):
        if view["settling"]["guard"] == me and kind == C.MOTH:
            return "moth_not_giftable", {"card": card}
        return "settling", {}
    if phase == "turn":
        if view["turn"] != me:
            return "not_your_turn", {}
        top = view["top"]
        if kind == C.MOTH and C.fits(card, top):
            return "moth_not_playable", {"card": card}
        return "does_not_fit", {"card": card, "top": top}
    if phase == "spider":
        if view["spider"] and view["spider"]["by"] == me and kind == C.MOTH:
            return "moth_not_giftable", {"card": card}
        return "waiting", {"reason": "spider"}
    if phase == "mosquito":
        return "not_your_turn", {}
    if phase == "mosquito_gifts":
        if view["gifts"] and me in view["gifts"]["from"] and kind == C.MOTH:
            return "moth_not_giftable", {"card": card}
        return "nothing_to_hand", {}
    if phase == "cockroach":
        value = (view.get("window") or {}).get("value")
        if kind != C.NUMBER and value is not None and C.value(card) == value:
            return "race_needs_number", {"card": card}
        return "no_race_now", {"card": card, "value": value}
    return "not_your_turn", {}


_VERB_LABELS = {
    "play": gettext_lazy("Play"), "race": gettext_lazy("Race"), "hand": gettext_lazy("Hand over"),
    "give": gettext_lazy("Give"), "cheat": gettext_lazy("Cheat"),
}


# A hand card's button shows the verb; its accessible name says the verb with the card, in
# the order and form each language says it ("Spinne 3 ablegen", "Jouer l’araignée 3").
_ACTION_NAMES = {
    "play": gettext_lazy("Play %(the_card_acc)s"), "race": gettext_lazy("Race %(with_the_card)s"),
    "hand": gettext_lazy("Hand over %(the_card_acc)s"), "give": gettext_lazy("Give %(the_card_acc)s"),
    "cheat": gettext_lazy("Cheat %(with_the_card)s"),
}


# A card's name standing alone: the same at every table, so made once per language.
_card_label = per_language()(card_label)


def _verb_label(verb: str) -> str:
    return str(_VERB_LABELS.get(verb, verb))


@per_language()
def action_name(verb: str, card: str) -> str:
    """A hand card button's accessible name, e.g. "Play the spider 3"."""
    return name_card(str(_ACTION_NAMES[verb]), card)


@per_language()
def sleeve_text(card: str) -> str:
    """The line beside my card in the act."""
    return name_card(_("In your sleeve: %(the_card)s"), card)


@per_language()
def top_name(card: str) -> str:
    """The text alternative of the discard pile's top card."""
    return name_card(_("Top of the discard pile: %(the_card)s"), card)


def present(view: dict, legal: list[str], names, *, action_url: str, version, extra: dict | None = None,
            announce: list[dict] | None = None, now: int | None = None, tells: list[dict] | None = None,
            moved: list[dict] | None = None) -> dict:
    """Template context for ``mogel_motte/table.html`` (include it with ``{% include "mogel_motte/table.html" %}``).

    ``view``/``legal``: ``game.view(seat)`` and ``game.legal_actions(seat)`` after ``advance(now)``;
    ``names``: one display name per seat; ``action_url``: where buttons post; ``version``: echoed
    back by every post (``version`` field); ``extra``: merged into the context (e.g. ``poll_url``);
    ``announce``: events (as the seat sees them) to read out in the live region;
    ``now``: game clock for the countdown (default ``view["clock"]``);
    ``tells``: optional, from :func:`games.mogel_motte.table.tells.active` – seats whose hand just shrank
    with no logged reason ({"seat", "until", "new"}; "new" ones are also announced);
    ``moved``: optional, the events to animate (default ``announce``), see :mod:`.motion`.

    Besides the seats, piles, hand and log the context has ``sleeve`` (the viewer's own card
    "in the act", with its countdown), ``flash`` (a short outcome line such as "Got away with
    it!", from the announced events), ``guard_arrived`` (the seat the Guard Bug just moved to)
    and, per seat, ``key`` (the 1–4 shortcut for its Caught! button) and ``tell``.
    """
    me, phase, settling = view["seat"], view["phase"], view.get("settling")
    now = view["clock"] if now is None else now
    window = view.get("window")
    if window and not settling and window["closes"] <= now:
        # Run out by now (the game's clock catches up with the next request): nothing to answer.
        window = None
        legal = [a for a in legal if not a.startswith(("slap", "race "))]
    announce = list(announce or [])
    # Once the game is over nobody can be caught any more, so a last tell would only be noise.
    tell_by_seat = {t["seat"]: t for t in (tells or []) if t["seat"] != me and t["until"] > now and phase != "over"}
    seats = _seats(view, window, legal, names, tell_by_seat, now)
    win = _window(view, window, legal, names, now)
    controls = _controls(view, legal, names, seats, win)
    return {
        # The shared shell (play/table.html) around this game's body.
        "body_template": "mogel_motte/table.html#body",
        "table_classes": (f" table--{win['kind']}" if win else "")
                         + (" table--quick" if controls["slap"] or controls["race"] else ""),
        "round_line": _("Round %(round)s of %(rounds)s") % {"round": view["round"], "rounds": view["rounds"]},
        "me": me, "my_name": names[me], "players": view["players"], "names": list(names),
        "action_url": action_url, "version": version,
        "phase": phase, "round": view["round"], "rounds": view["rounds"], "over": phase == "over",
        "seats": seats, "others": seats[:-1], "my_seat": seats[-1],
        **_hand(view, legal, announce),
        **_piles(view),
        "window": win, "settling": settling, "controls": controls,
        "prompt": _prompt(view, legal, names, controls, win),
        "my_turn": me in _owing(view),
        "sleeve": _sleeve(view, now),
        **_ticker(view, names, announce, tell_by_seat, controls, moved),
        **(extra or {}),
    }


def _seats(view: dict, window: dict | None, legal: list[str], names, tell_by_seat: dict, now: int) -> list[dict]:
    """The seats, the others clockwise from me, then me: name, hand, score, guard, turn, tell, Caught!."""
    me, players = view["seat"], view["players"]
    legal_set, expected = set(legal), _owing(view)
    act_ms = window_ms(view["options"], "act_ms")
    seats = []
    for position, seat in enumerate([*(((me + i) % players) for i in range(1, players)), me], start=1):
        tell = tell_by_seat.get(seat)
        seats.append({
            "seat": seat,
            "name": names[seat],
            "is_me": seat == me,
            "hand_size": view["hand_sizes"][seat],
            "score": view["scores"][seat],
            "is_guard": view["guard"] == seat,
            "is_turn": view["phase"] == "turn" and view["turn"] == seat and not view.get("settling"),
            "owes": seat in expected,
            "slapped": bool(window and window.get("kind") == "mosquito" and seat in window.get("slapped", [])),
            "catch": f"catch {seat}" if f"catch {seat}" in legal_set else None,
            "key": str(position) if seat != me and position <= 9 else None,
            # "ms": how long the page shows it (tells.active); "visible" False: only a page that
            # showed it a moment ago keeps it moving, to its end (static/mogel_motte/tells.js).
            "tell": {"remaining_ms": tell.get("ms", tell["until"] - now), "total_ms": act_ms,
                     "new": bool(tell.get("new")), "visible": tell.get("visible", True),
                     "id": f"{seat}-{tell.get('since', 0)}"}
            if tell else None,
        })
    return seats


def _hand(view: dict, legal: list[str], announce: list[dict]) -> dict:
    """My hand in order, each card with what it does now or why it does nothing (and the rule)."""
    by_card: dict[str, list[str]] = {}
    for action in legal:
        parts = action.split()
        if len(parts) >= 2 and C.is_card(parts[1]):
            by_card.setdefault(parts[1], []).append(action)
    arrived = _arrived(announce, view["seat"])
    hand = []
    for i, card in enumerate(sorted(view["hand"], key=sort_key)):
        item = {**_hand_card(card, tuple(by_card.get(card, ()))), "index": i}
        if card in arrived:
            arrived.remove(card)
            item["arrived"] = True
        if not item["primary"]:
            code, params = _reason(view, legal, card)
            item["reason"], item["rule_url"] = _explained(code, tuple(sorted(params.items())))
        hand.append(item)
    return {"hand": hand, "hand_size": len(hand)}


@per_language()
def _explained(code: str, params: tuple) -> tuple[str, str | None]:
    """Why a card does nothing, and the link to its rule: the same for the same card and reason."""
    reason, slug = explain(code, dict(params))
    return reason, rule_link(slug)


@per_language()
def _hand_card(card: str, actions: tuple[str, ...]) -> dict:
    """A hand card's button as the same card with the same actions always shows it (its place
    in the hand, ``index``, is the caller's). Shared: the caller copies it before changing it."""
    owed = [a for a in actions if not a.startswith(SIDE_VERBS)]
    verb = owed[0].split()[0] if owed else None
    return {
        "card": card,
        "label": _card_label(card),
        "svg": card_svg(card, "md"),
        "actions": [{"action": a, "verb": a.split()[0], "label": _verb_label(a.split()[0])} for a in actions],
        "primary": owed[0] if owed else None,
        "verb": verb,
        "verb_label": _verb_label(verb) if verb else None,
        "name": action_name(verb, card) if verb else None,
        "cheat_name": action_name("cheat", card),
        # What the button posts: a spider gift posts "give <card>" plus the chosen seat as "to".
        "value": (f"give {card}" if owed[0].startswith("give ") else owed[0]) if owed else None,
        "cheat": next((a for a in actions if a.startswith("cheat ")), None),
        "reason": None, "rule_url": None,
        "arrived": False,
    }

def _piles(view: dict) -> dict:
    """The discard pile's top card, the draw pile's back, the Guard Bug, and the piles' sizes."""
    top = view["top"]
    return {"top": top, "top_name": top_name(top) if top else "", "top_svg": card_svg(top, "md") if top else "",
            "back_svg": card_svg("back", "md"), "guard_svg": card_svg("guard", "sm"),
            "draw_size": view["draw_size"], "discard_size": view["discard_size"]}


def _window(view: dict, window: dict | None, legal: list[str], names, now: int) -> dict | None:
    """The open mosquito or cockroach window: whose, how long it still runs, my slap or race."""
    if not window:
        return None
    me, kind, settling = view["seat"], window["kind"], view.get("settling")
    # The window counts from its card on the pile: until the card has flown there the page
    # shows the whole time left from then, and starts counting when it lands (motion.js).
    left = max(0, window["closes"] - max(now, window.get("landed", now)))
    return {
        "kind": kind,
        "by": window["by"],
        "by_name": names[window["by"]],
        "by_me": window["by"] == me,
        "value": window.get("value"),
        "closes": window["closes"],
        "remaining_ms": left if not settling else None,
        "total_ms": view["options"].get(f"{kind}_ms"),
        "remaining_s": left / 1000 if not settling else None,
        "slap": "slap" if "slap" in legal else None,
        "slapped": me in window.get("slapped", []),
        "race": next((a for a in legal if a.startswith("race ")), None),
    }


def _controls(view: dict, legal: list[str], names, seats: list[dict], win: dict | None) -> dict:
    """The buttons beside the hand: draw, keep, slap, race, the spider's gift, hand over, Caught!."""
    me, players = view["seat"], view["players"]
    give_targets = []
    if view["phase"] == "spider" and view["spider"] and view["spider"]["by"] == me and not view.get("settling"):
        gifts = [a for a in legal if a.startswith("give ")]
        targets = sorted({int(a.split()[2]) for a in gifts}, key=lambda s: (s - me) % players)
        fewest = min(targets, key=lambda s: (view["hand_sizes"][s], (s - me) % players)) if targets else None
        give_targets = [{"seat": s, "name": names[s], "hand_size": view["hand_sizes"][s], "checked": s == fewest}
                        for s in targets]
    return {
        "draw": "draw" if "draw" in legal else None,
        "keep": "keep" if "keep" in legal else None,
        "slap": win["slap"] if win else None,
        "race": win["race"] if win else None,
        "give_targets": give_targets,
        "hand_over": any(a.startswith("hand ") for a in legal),
        "catches": [s for s in seats if s["catch"]],
    }


def _sleeve(view: dict, now: int) -> dict | None:
    """My card in the act ("in my sleeve"), with its countdown."""
    act = view.get("act")
    if not act:
        return None
    remaining = max(0, act["until"] - now) if not view.get("settling") else None
    return {
        "card": act["card"],
        "label": _card_label(act["card"]),
        "text": sleeve_text(act["card"]),
        "svg": card_svg(act["card"], "sm"),
        "remaining_ms": remaining,
        "remaining_s": remaining / 1000 if remaining is not None else None,
        "total_ms": window_ms(view["options"], "act_ms"),
    }


def _ticker(view: dict, names, announce: list[dict], tell_by_seat: dict, controls: dict,
            moved: list[dict] | None) -> dict:
    """The log's ticker, what the live region reads out, the flash line and the moves to animate."""
    me = view["seat"]
    lines = [describe(e, names, me) for e in announce]
    lines += [tell_line(names[seat]) for seat in sorted(tell_by_seat) if tell_by_seat[seat].get("new")]
    if any(e.get("code") == "guard_moved" and e.get("seat") == me for e in announce) and controls["catches"]:
        lines.append(catch_keys_line(len(controls["catches"])))
    return {
        **log_lines(view, names, me, describe),
        "announce": lines,
        "flash": _flash(announce, names, me),
        "guard_arrived": next((e["seat"] for e in reversed(announce) if e.get("code") == "guard_moved"), None),
        "catch_keys": catch_keys_line(len(controls["catches"])) if controls["catches"] else "",
        **motion_context(motion.moves(announce if moved is None else moved, me), lambda c: card_svg(c, "md")),
    }


def tell_line(name: str) -> str:
    """What a watchful player notices: a hand that got smaller with nobody playing."""
    return _("%(name)s's hand just got smaller…") % {"name": name}


def catch_keys_line(count: int) -> str:
    """How to call "Caught!" from the keyboard (keys 1 to ``count``, in table order)."""
    if count <= 1:
        return _("You hold the Guard Bug: key 1 calls “Caught!” on the player shown first.")
    if count == 2:  # "keys 1 to 2" reads oddly in every language
        return _("You hold the Guard Bug: keys 1 and 2 call “Caught!” on the two others, in table order.")
    return _("You hold the Guard Bug: keys 1 to %(n)s call “Caught!” on the players in table order.") % {"n": count}


def _arrived(announce: list[dict], me: int) -> list[str]:
    """Cards that just came into my hand through a Caught!: the hidden card back, the penalty card,
    or the card I drew for a wrong accusation."""
    cards = []
    wrong = False
    for e in announce:
        code = e.get("code")
        if code == "caught" and e.get("accused") == me and e.get("card"):
            cards.append(e["card"])
        elif code == "penalty" and e.get("to") == me and e.get("card"):
            cards.append(e["card"])
        elif code == "wrong_accusation":
            wrong = e.get("seat") == me
        elif code == "drew" and wrong and e.get("seat") == me and e.get("card"):
            cards.append(e["card"])
            wrong = False
    return cards


def _flash(announce: list[dict], names, me: int) -> dict | None:
    """A short, big line for the outcome of a cheat or a Caught! that concerns me (None: nothing)."""
    for e in reversed(announce):
        code = e.get("code")
        if code == "got_away" and e.get("seat") == me:
            return {"kind": "got-away", "text": _("Got away with it!")}
        if code == "caught" and e.get("accused") == me:
            return {"kind": "caught", "text": _("Caught! The Guard Bug comes to you.")}
        if code == "caught" and e.get("seat") == me:
            return {"kind": "catch", "text": _("Caught! Well watched.")}
        if code == "wrong_accusation" and e.get("seat") == me:
            return {"kind": "wrong", "text": _("Wrong guess: you draw a card.")}
    return None


def _owing(view: dict) -> list[int]:
    """The seats the game waits for, from the view (as ``Game.expected`` says, without the game)."""
    phase = view["phase"]
    if phase == "over":
        return []
    if view.get("settling"):
        return [view["settling"]["guard"]]
    if phase == "turn":
        return [view["turn"]]
    if phase == "spider":
        return [view["spider"]["by"]]
    if phase == "mosquito":
        w = view["window"]
        return [s for s in range(view["players"]) if s != w["by"] and s not in w["slapped"]]
    if phase == "mosquito_gifts":
        return list(view["gifts"]["from"])
    return []


def _prompt(view: dict, legal: list[str], names, controls: dict, win: dict | None) -> str:
    """One line that says what happens now, from the viewer's side."""
    me, phase = view["seat"], view["phase"]
    if phase == "over":
        return _("The game is over.")
    if view.get("settling"):
        guard = view["settling"]["guard"]
        if guard == me:
            return _("Caught! Hand the cheat one of your cards as a penalty.")
        return _("Caught! %(name)s hands a penalty card.") % {"name": names[guard]}
    if win and win["kind"] == "mosquito":
        if win["slap"]:
            return _("Mosquito! Slap it, quick!")
        if win["by_me"]:
            return _("Your mosquito: the others slap.")
        return _("You slapped. Waiting for the others.")
    if win and win["kind"] == "cockroach":
        if win["race"]:
            return _("Cockroach! Race with your number card %(value)s!") % {"value": win["value"]}
        return _("Cockroach race: who has a number card %(value)s?") % {"value": win["value"]}
    if phase == "spider":
        by = view["spider"]["by"]
        if by == me:
            return _("Spider: choose a player, then the card to give. Or keep your cards.")
        return _("Spider: %(name)s may give a card away.") % {"name": names[by]}
    if phase == "mosquito_gifts":
        to = view["gifts"]["to"]
        if me in view["gifts"]["from"]:
            return _("Hand %(name)s one of your cards.") % {"name": names[to]}
        if to == me:
            return _("You were the slowest: the others each hand you a card.")
        return _("Everyone hands %(name)s a card.") % {"name": names[to]}
    if view["turn"] == me:
        if controls["draw"]:
            return _("Your turn: no card fits, so draw a card.")
        return _("Your turn: play a card that is one higher or one lower.")
    return _("%(name)s's turn.") % {"name": names[view["turn"]]}
