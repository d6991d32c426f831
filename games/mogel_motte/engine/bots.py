"""Bots for Mogel Motte: they play, give, hand over, slap, race, cheat and guard from their own view only.

A bot never sees the :class:`~games.mogel_motte.engine.game.Game` object, other hands or the draw
order: :func:`next_move` and :func:`observe` hand it ``game.view(seat)`` (whose
``changed_at`` is the time the game last changed, which every seat can see happen) and
``game.legal_actions(seat)``, as a human at the table would see them.

The driver side (the web game, the tests, the benchmark) uses three functions:

* :func:`next_move` – the earliest move any bot wants to make from the current state;
* :func:`observe` – call after every ``apply``/``advance`` so that bots remember what they saw;
* :func:`play_bots` – a whole game (or up to a time) played by bots alone.

Everything is deterministic: randomness comes from ``random.Random`` seeded by the
seed, the seat and the length of the game's log, and every delay is measured from the
time of the last logged event. The probabilities and delays per level are documented
in ``docs/cheating-model.md``; the numbers live in :data:`PROFILES`.

:class:`BaselineBot` is the simple, honest bot the first tests use; :class:`Bot` builds on it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import cards as C
from .game import tempo_of, window_ms
from .tells import expected_sizes, log_read, shrunk

LEVELS = ("easy", "normal", "hard")

# -- levels ----------------------------------------------------------------------------
#
# Times are in ms, at the usual tempo. "Reflex" times (slap, race, catch) are measured from the
# moment the thing happened and do not scale with ``pace_ms``; deliberate moves (play, draw, gift,
# hand-over, cheat) are drawn around ``pace_ms`` and scale with it. Every one of them, reflexes
# included, is multiplied by the game's tempo (``options["tempo"]``, read from the view), as the
# windows are: at ×3 a bot slaps three times as late in a window three times as long, so a person
# reacting three times as slowly fares as at ×1 (bench/tempo.py). A slap or race counts
# from the moment the window's card is on the pile (``land_ms`` after it was played at a
# digital table). Slap times are set against a child on a phone who reacts 0.6-0.9 s after
# the mosquito is on the pile, whose slap counts at the time it was made (the server credits
# the network, mogel/play/service.py): such a child is the slowest against "easy" bots in at
# most one mosquito in (players + 1), against "normal" about one in players, against "hard"
# more often (bench/windows.py, docs/cheating-model.md, section 5a).

PROFILES: dict[str, dict] = {
    "easy": {
        # playing: chance to play a random fitting card instead of a considered one
        "play_noise": 0.35,
        # mosquito: slap reaction after the window opens, chance to be distracted (slap late)
        "slap_ms": (1100, 1750), "slap_miss": 0.15, "slap_late_ms": (1850, 2450),
        # cockroach: race reaction, chance not to race at all
        "race_ms": (850, 1700), "race_miss": 0.30,
        # guarding: chance to notice a cheat when idle / on its own turn / during a window
        "notice": {"idle": 0.55, "turn": 0.30, "window": 0.20},
        "notice_bonus_repeat": 0.15,   # that seat was seen cheating before (this game)
        "notice_bonus_few": 0.10,      # that seat holds 3 cards or fewer
        "catch_ms": (1200, 3800),      # delay from the cheat to "Caught!"
        "late_call": 0.6,              # chance to call anyway when too slow (a wrong accusation)
        "false_alarm": 0.006,          # per legal move of another seat: a wrong accusation
        # cheating: chance per change of the game to start a cheat, and how timing matters
        "cheat_rate": 0.05,
        "cheat_busy": {"idle": 1.0, "turn": 1.0, "window": 1.0},
        "cheat_after_catch": 0.6,      # factor for 8 s after any Caught!
        "cheat_numbers": 0.5,          # factor when only number cards are left to cheat
        "cheat_ms": (300, 2500),       # delay after the change (scaled by pace)
    },
    "normal": {
        "play_noise": 0.0,
        "slap_ms": (950, 1400), "slap_miss": 0.05, "slap_late_ms": (1450, 2350),
        "race_ms": (650, 1350), "race_miss": 0.12,
        "notice": {"idle": 0.75, "turn": 0.45, "window": 0.30},
        "notice_bonus_repeat": 0.15,
        "notice_bonus_few": 0.10,
        "catch_ms": (800, 3000),
        "late_call": 0.3,
        "false_alarm": 0.003,
        "cheat_rate": 0.05,
        "cheat_busy": {"idle": 0.5, "turn": 2.5, "window": 2.5},
        "cheat_after_catch": 0.3,
        "cheat_numbers": 0.4,
        "cheat_ms": (150, 1000),
    },
    "hard": {
        "play_noise": 0.0,
        "slap_ms": (700, 1150), "slap_miss": 0.03, "slap_late_ms": (1200, 2200),
        "race_ms": (520, 1100), "race_miss": 0.05,
        "notice": {"idle": 0.90, "turn": 0.60, "window": 0.40},
        "notice_bonus_repeat": 0.15,
        "notice_bonus_few": 0.10,
        "catch_ms": (500, 2000),
        "late_call": 0.0,
        "false_alarm": 0.001,
        "cheat_rate": 0.06,
        "cheat_busy": {"idle": 0.1, "turn": 4.0, "window": 4.0},
        "cheat_after_catch": 0.1,
        "cheat_numbers": 0.3,
        "cheat_ms": (80, 450),
    },
}

AFTER_CATCH_MS = 8000
PLAY_MS = (0.7, 1.4)          # play/draw/gift/hand-over delay, as a factor of pace_ms
NOTICE_CAP = 0.95

# Hand-size bookkeeping: how each public event changes the hand sizes every seat can see.
_LEGAL_SHEDS = ("played", "raced", "spider_gave", "handed")


def cheat_kind(card: str) -> str:
    """The kinds a cheater tells apart (hard's order of preference, the expert sampler's weights):
    "moth", "action" or "number"."""
    kind = C.kind(card)
    return "moth" if kind == C.MOTH else "action" if kind in C.ACTION_KINDS else "number"


def _badness(card: str) -> tuple[int, int]:
    """How much a card hurts if it stays in hand: minus points first, then value."""
    c = C.card(card)
    return c.minus_points, c.value


class BaselineBot:
    """An honest bot: sheds its costliest card, gives to the leader; never cheats nor calls Caught!."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[str]) -> str | None:
        """The action this bot takes now, or None when it owes nothing."""
        return _baseline_choice(view, legal, self.rng)


def _baseline_choice(view: dict, legal: list[str], rng: random.Random) -> str | None:
    owed = [a for a in legal if not a.startswith(("cheat ", "catch "))]
    if not owed:
        return None
    for quick in ("slap", "race"):
        hit = [a for a in owed if a.startswith(quick)]
        if hit:
            return hit[0]
    plays = [a for a in owed if a.startswith("play ")]
    if plays:
        # Shed the costliest card first; break ties at random so bots are not predictable.
        return max(plays, key=lambda a: (_badness(a.split()[1]), rng.random()))
    gifts = [a for a in owed if a.startswith("give ")]
    if gifts:
        leader = min((s for s in range(view["players"]) if s != view["seat"]),
                     key=lambda s: (view["hand_sizes"][s], rng.random()))
        to_leader = [a for a in gifts if a.endswith(f" {leader}")]
        return max(to_leader, key=lambda a: _badness(a.split()[1]))
    handovers = [a for a in owed if a.startswith("hand ")]
    if handovers:
        return max(handovers, key=lambda a: _badness(a.split()[1]))
    return owed[0]  # "draw" or "keep"


# -- what a seat can tell from its view ----------------------------------------------------

def guard_busy(view: dict) -> str:
    """How busy the guard is, as any seat can see: "turn", "window" or "idle".

    "turn": the guard is on turn, owes a spider gift, owes a mosquito hand-over or is
    settling a Caught!; "window": a mosquito or cockroach window is open; else "idle".
    """
    guard = view["guard"]
    if view["settling"] is not None:
        return "turn"
    if view["window"] is not None:
        return "window"
    phase = view["phase"]
    if phase == "turn" and view["turn"] == guard:
        return "turn"
    if phase == "spider" and view["spider"] and view["spider"]["by"] == guard:
        return "turn"
    if phase == "mosquito_gifts" and view["gifts"] and guard in view["gifts"]["from"]:
        return "turn"
    return "idle"


def _window_opened(view: dict) -> tuple[int, int] | None:
    """(position in the round's log as this seat sees it, time its card was on the pile) of the event
    that opened the current window. At a digital table the card lands a moment after it was played
    (the ``land_ms`` option): like a person, a bot reacts to the card on the pile."""
    if view["window"] is None:
        return None
    code = view["window"]["kind"] + "_open"
    log = view["log"]
    for i in range(len(log) - 1, -1, -1):
        if log[i]["code"] == code:
            return view.get("log_start", 0) + i, log[i].get("landed", log[i]["t"])
    return None



def tempo(view: dict) -> int:
    """The game's tempo as the bot sees it on the table (1 in a game of before the tempo, or in a
    view made by hand without the game's options)."""
    return tempo_of(view.get("options") or {})


def _now(view: dict) -> int:
    return view["changed_at"]


# -- the bot -------------------------------------------------------------------------------

class Bot(BaselineBot):
    """A bot of one level ("easy", "normal", "hard"). State between calls lives in ``memory`` only."""

    def __init__(self, level: str = "normal", pace_ms: int = 1000, profile: dict | None = None) -> None:
        if level not in PROFILES:
            raise ValueError(f"level must be one of {LEVELS}")
        super().__init__(0)
        self.level = level
        self.pace_ms = pace_ms
        self.p = {**PROFILES[level], **(profile or {})}

    # -- memory ------------------------------------------------------------------------

    def observe(self, view: dict, memory: dict, rng: random.Random) -> None:
        """Remember what changed since the last look: hand sizes, catches, cheats noticed, windows."""
        sizes = view["hand_sizes"]
        end = view.get("log_start", 0) + len(view["log"])
        memory.setdefault("seen_cheating", {})   # seat -> time this bot last saw it cheat (as guard)
        if memory.get("round") != view["round"] or memory.get("log_n", 0) > end:
            # A new round (or a first look): start counting from what is on the table now.
            memory.update(round=view["round"], log_n=end, sizes=list(sizes), watch={})
            memory.pop("reflex", None)
        self._count(view, memory, rng)
        opened = _window_opened(view)
        if opened is not None and (memory.get("reflex") or {}).get("key") != [view["round"], opened[0]]:
            reflex = self._reflex(view, rng)
            memory["reflex"] = {"key": [view["round"], opened[0]],
                                "at": None if reflex is None else opened[1] + reflex}

    def _count(self, view: dict, memory: dict, rng: random.Random) -> None:
        """Replay the new public events on the remembered hand sizes; a hand smaller than that cheated."""
        me, sizes = view["seat"], view["hand_sizes"]
        new, end = log_read(view, memory)
        expected = expected_sizes(memory["sizes"], new)
        watch = memory["watch"]
        for e in new:
            if e["code"] == "caught":
                memory["last_catch"] = e["t"]
                watch.pop(str(e["accused"]), None)
            elif e["code"] == "wrong_accusation":
                watch.pop(str(e["accused"]), None)
        i_guard = view["guard"] == me and view["settling"] is None
        if i_guard:
            busy = guard_busy(view)
            now = _now(view)
            for seat in shrunk(sizes, expected, me):
                # A hand shrank with no public play, gift or hand-over: someone cheated.
                chance = self.p["notice"][busy]
                if str(seat) in memory["seen_cheating"]:
                    chance += self.p["notice_bonus_repeat"]
                if sizes[seat] <= 3:
                    chance += self.p["notice_bonus_few"]
                noticed = rng.random() < min(chance, max(self.p["notice"][busy], NOTICE_CAP))
                react = rng.randint(*self.p["catch_ms"]) * tempo(view)
                late_call = rng.random() < self.p["late_call"]
                if noticed:
                    memory["seen_cheating"][str(seat)] = now
                    watch[str(seat)] = {"at": now + react, "until": now + window_ms(view["options"], "act_ms"),
                                        "late_call": late_call}
            # A human mistake: now and then the guard takes a legal move for a cheat.
            for e in new:
                if e["code"] in _LEGAL_SHEDS and e["seat"] != me and str(e["seat"]) not in watch:
                    if rng.random() < self.p["false_alarm"]:
                        watch[str(e["seat"])] = {"at": e["t"] + rng.randint(*self.p["catch_ms"]) * tempo(view),
                                                 "until": None, "late_call": True}
        elif watch:
            watch.clear()   # no longer guard
        memory.update(sizes=list(sizes), log_n=end)

    def _reflex(self, view: dict, rng: random.Random) -> int | None:
        """Ms after the window's card is on the pile at which this bot slaps or races (None: it misses the race)."""
        if view["window"]["kind"] == "mosquito":
            if rng.random() < self.p["slap_miss"]:
                return rng.randint(*self.p["slap_late_ms"]) * tempo(view)
            return rng.randint(*self.p["slap_ms"]) * tempo(view)
        if rng.random() < self.p["race_miss"]:
            return None
        return rng.randint(*self.p["race_ms"]) * tempo(view)

    # -- deciding ----------------------------------------------------------------------

    def decide(self, view: dict, legal: list[str], memory: dict, rng: random.Random) -> tuple[str, int] | None:
        """The action this bot wants to take and its delay in ms after the game last changed; None = nothing now."""
        if not legal:
            return None
        now = _now(view)
        choices: list[tuple[int, str]] = []
        catches = [a for a in legal if a.startswith("catch ")]
        if catches:
            choices += self._catch(view, legal, memory, now)
        owed = [a for a in legal if not a.startswith(("cheat ", "catch "))]
        if owed:
            move = self._owed(view, owed, memory, rng, now)
            if move is not None:
                choices.append(move)
        cheats = [a for a in legal if a.startswith("cheat ")]
        if cheats:
            move = self._cheat(view, cheats, owed, memory, rng, now)
            if move is not None:
                choices.append(move)
        if not choices:
            return None
        delay, action = min(choices)
        return action, max(0, delay)

    def _catch(self, view: dict, legal: list[str], memory: dict, now: int) -> list[tuple[int, str]]:
        out = []
        for seat, w in sorted((memory.get("watch") or {}).items()):
            action = f"catch {seat}"
            if action not in legal:
                continue
            if w["until"] is not None and w["at"] >= w["until"] and not w["late_call"]:
                continue   # too slow, and this bot knows it
            out.append((w["at"] - now, action))
        return out

    def _pace(self, rng: random.Random, view: dict) -> int:
        return int(self.pace_ms * tempo(view) * rng.uniform(*PLAY_MS))

    def _owed(self, view: dict, owed: list[str], memory: dict, rng: random.Random,
              now: int) -> tuple[int, str] | None:
        if owed == ["slap"] or owed[0].startswith("race "):
            reflex = memory.get("reflex")
            opened = _window_opened(view)
            if reflex is None or opened is None or reflex["key"] != [view["round"], opened[0]]:
                # observe() was not called since the window opened: roll now.
                at = None if opened is None else self._reflex(view, rng)
                at = max(now, opened[1]) + at if at is not None else None
            else:
                at = reflex["at"]
            if at is None:
                return None
            return at - now, owed[0]
        return self._pace(rng, view), self.choose_owed(view, owed, rng)

    # -- what to play, give and hand over ------------------------------------------------

    def choose_owed(self, view: dict, owed: list[str], rng: random.Random) -> str:
        plays = [a for a in owed if a.startswith("play ")]
        if plays:
            if rng.random() < self.p["play_noise"]:
                return rng.choice(plays)
            if self.level == "hard":
                return max(plays, key=lambda a: (self._play_value(view, a.split()[1]), rng.random()))
            return max(plays, key=lambda a: (_badness(a.split()[1]), rng.random()))
        gifts = [a for a in owed if a.startswith("give ")]
        if gifts:
            to = self._leader(view, rng)
            mine = [a for a in gifts if a.endswith(f" {to}")]
            return max(mine, key=lambda a: (self._dump_value(view, a.split()[1], rng), rng.random()))
        handovers = [a for a in owed if a.startswith("hand ")]
        if handovers:
            return max(handovers, key=lambda a: (self._dump_value(view, a.split()[1], rng), rng.random()))
        return owed[0]  # "draw" or "keep"

    def _leader(self, view: dict, rng: random.Random) -> int:
        others = [s for s in range(view["players"]) if s != view["seat"]]
        if self.level == "easy" and rng.random() < self.p["play_noise"]:
            return rng.choice(others)
        if self.level == "hard":
            return min(others, key=lambda s: (view["hand_sizes"][s], view["scores"][s], rng.random()))
        return min(others, key=lambda s: (view["hand_sizes"][s], rng.random()))

    def _play_value(self, view: dict, card: str) -> float:
        """Hard's view of a play: shed costly cards, prefer actions that hurt the others most."""
        c = C.card(card)
        hand = view["hand"]
        score = float(c.minus_points)
        if len(hand) == 1:
            return 100.0  # going out
        if c.kind == C.SPIDER:
            score += 2.5 if any(C.may_give(h) for h in hand if h != card) else 0
        elif c.kind == C.MOSQUITO:
            score += 2.0
        elif c.kind == C.ANT:
            score += 1.5 * (view["players"] - 1) / 3
        elif c.kind == C.COCKROACH:
            score += 2.0 if str(c.value) in hand else -1.0
        else:
            # Keep a spread of values: shed a value held twice before a lone one.
            score += 0.3 * (hand.count(card) - 1)
        return score

    def _dump_value(self, view: dict, card: str, rng: random.Random) -> float:
        """How glad this bot is to give ``card`` away (it goes to a rival)."""
        c = C.card(card)
        if self.level == "easy" and rng.random() < self.p["play_noise"]:
            return rng.random()
        score = float(c.minus_points) + c.value / 10
        if self.level == "hard" and c.kind in C.ACTION_KINDS:
            # Cards a rival can turn against this bot are given last.
            score += {C.COCKROACH: 1.0, C.SPIDER: 0.5, C.MOSQUITO: -0.5, C.ANT: -1.0}[c.kind]
        return score

    # -- cheating ------------------------------------------------------------------------

    def _cheat(self, view: dict, cheats: list[str], owed: list[str], memory: dict,
               rng: random.Random, now: int) -> tuple[int, str] | None:
        """Maybe make one card disappear: moths first, then action cards, then numbers."""
        hand = view["hand"]
        if len(hand) < 2 or view["act"] is not None:
            return None
        playable = {a.split()[1] for a in owed if a.startswith("play ")}
        by_kind = {"moth": [], "action": [], "number": []}
        for a in cheats:
            card = a.split()[1]
            kind = cheat_kind(card)
            if kind == "moth" or card not in playable or self.level == "easy":
                by_kind[kind].append(a)
        rate = self.p["cheat_rate"] * self.p["cheat_busy"][guard_busy(view)]
        last_catch = memory.get("last_catch")
        if last_catch is not None and now - last_catch < AFTER_CATCH_MS * tempo(view):
            rate *= self.p["cheat_after_catch"]
        if by_kind["moth"]:
            pick = by_kind["moth"]
        elif by_kind["action"]:
            pick = by_kind["action"]
        elif by_kind["number"]:
            pick, rate = by_kind["number"], rate * self.p["cheat_numbers"]
        else:
            return None
        if rng.random() >= rate:
            return None
        action = max(pick, key=lambda a: (_badness(a.split()[1]), rng.random()))
        return int(rng.uniform(*self.p["cheat_ms"]) * self.pace_ms * tempo(view) / 1000), action


# -- the driver side -------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    seat: int
    action: str      # in the engine's notation
    at: int          # ms, game time at which the bot acts


_REFLEXES = ("slap", "race ")


def _rng(seed: int, seat: int, game, salt: str = "") -> random.Random:
    return random.Random(f"{seed}:{seat}:{game.log_length}{salt}")


def next_move(game, bots: dict, memories: dict, seed: int, deliberate_only: bool = False) -> Move | None:
    """The earliest move any bot wants to make from the current state, or None.

    Deterministic: the same state, memories and seed give the same Move. Only legal
    actions are considered; a bot sees only ``game.view(seat)`` and ``game.legal_actions(seat)``.
    A move's time is never before ``game.clock`` (an overdue move happens now).

    ``deliberate_only``: the next play, draw, gift or hand-over alone, as planned, leaving
    out cheats, Caught! and reflexes (a bot draws its owed move before anything else, so
    this is the time the move comes at unless something else happens first).
    """
    if game.over:
        return None
    base = game.log[-1]["t"] if game.log else 0
    best: Move | None = None
    for seat in sorted(bots):
        legal = game.owed_actions(seat) if deliberate_only else game.legal_actions(seat)
        if not legal or deliberate_only and legal[0].startswith(_REFLEXES):
            continue
        memory = memories.setdefault(seat, {})
        choice = bots[seat].decide(game.view(seat), legal, memory, _rng(seed, seat, game))
        if choice is None:
            continue
        action, delay = choice
        if action not in legal:
            raise ValueError(f"bot at seat {seat} chose an illegal action {action!r}")
        move = Move(seat, action, max(game.clock, base + max(0, int(delay))))
        if best is None or move.at < best.at:
            best = move
    return best


def observe(game, bots: dict, memories: dict, seed: int | None = None) -> None:
    """Let every bot update its memory after the game changed (call after every apply/advance)."""
    if seed is None:
        seed = game.seed
    for seat in sorted(bots):
        bots[seat].observe(game.view(seat), memories.setdefault(seat, {}),
                           _rng(seed, seat, game, ":observe"))


def play_bots(game, bots: dict, seed: int, memories: dict | None = None, until: int | None = None,
              max_steps: int = 200_000) -> dict:
    """Let bots play ``game`` until it is over (or game time ``until``); every seat needs a bot for that.

    Returns statistics: every cheat with the guard's busyness at that moment and whether
    it was caught, and the wrong accusations per guard seat.
    """
    memories = {} if memories is None else memories
    stats = {"cheats": [], "wrong": [], "catches": 0}
    open_cheats: dict[int, dict] = {}
    observe(game, bots, memories, seed)
    for _ in range(max_steps):
        if game.over:
            break
        move = next_move(game, bots, memories, seed)
        deadline = game.next_deadline()
        if move is None and deadline is None:
            if until is not None or len(bots) < game.players:
                break
            raise RuntimeError("no bot wants to move and no window will close")
        if deadline is not None and (move is None or deadline <= move.at):
            if until is not None and deadline > until:
                game.advance(until)
                break
            mark = len(game.log)
            game.advance(deadline)
        else:
            if until is not None and move.at > until:
                game.advance(max(until, game.clock))
                break
            if move.action.startswith("cheat "):
                record = {"seat": move.seat, "t": move.at, "guard": game.guard,
                          "busy": guard_busy(game.view(game.guard)), "caught": False,
                          "card": move.action.split()[1]}
                stats["cheats"].append(record)
            mark = len(game.log)
            game.apply(move.seat, move.action, move.at)
            if move.action.startswith("cheat "):
                open_cheats[move.seat] = record
        for e in game.log[mark:]:
            code = e["code"]
            if code == "caught":
                stats["catches"] += 1
                if e["accused"] in open_cheats:
                    open_cheats.pop(e["accused"])["caught"] = True
            elif code == "got_away":
                open_cheats.pop(e["seat"], None)
            elif code == "wrong_accusation":
                stats["wrong"].append({"guard": e["seat"], "accused": e["accused"], "t": e["t"]})
            elif code == "round_end":
                open_cheats.clear()
        observe(game, bots, memories, seed)
    return stats
