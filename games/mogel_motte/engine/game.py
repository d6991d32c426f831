"""The Mogel Motte state machine: one :class:`Game` holds a whole game, round after round.

Shape (after OpenSpiel's Python games): ``legal_actions(seat)`` lists what a seat may do
now, ``apply(seat, action, at)`` does it, ``view(seat)`` is what that seat may see.
Time is an input: every action carries the millisecond at which it happened and
``advance(now)`` closes the windows that ran out; the engine never reads a clock.
Chance comes only from the game's seed, so the same seed and the same actions replay
the same game byte for byte.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
from collections import Counter

from mogel.core.eventlog import EventLog, public

from . import cards as C
from .errors import IllegalAction

PHASE_TURN = "turn"              # the player on turn plays or draws
PHASE_SPIDER = "spider"          # the spider's player gives a card away or keeps it
PHASE_MOSQUITO = "mosquito"      # slap window
PHASE_GIFTS = "mosquito_gifts"   # everyone hands the slowest slapper a card
PHASE_COCKROACH = "cockroach"    # race window
PHASE_OVER = "over"              # the last round has been scored

DEFAULT_OPTIONS = {
    "ant_pile": "discard",
    "rounds": "full",
    "first_guard": 0,
    # Measured on a slowed-down phone (bench/windows.py, docs/cheating-model.md): a slap
    # arrives up to ~1.3 s after the mosquito, a race up to ~1.7 s after the cockroach.
    "mosquito_ms": 2500,
    "cockroach_ms": 3000,
    "act_ms": 3000,
    # At a digital table the played mosquito or cockroach flies onto the pile first: the
    # window counts from its landing (everyone, bots too, can react only to what is there).
    # 0 at a real table, where the card is on the pile as it is played.
    "land_ms": 0,
    # The table's tempo: a whole factor on every window (and every bot timing: bots.py) set
    # against a person, so a child, a grandparent or a screen-reader user gets the time they need
    # at a table that agrees (WCAG 2.2.1, docs/platform.md "Tempo"). Games of before it hold none: 1.
    "tempo": 1,
}
MIN_WINDOW_MS = 500
MAX_TEMPO = 10
MAX_LAND_MS = 3000
# A seat in an action: ASCII digits only. str.isdigit() also takes "²" or "①", which int()
# then refuses; and a few digits are plenty (int() refuses thousands of them too).
_SEAT_NUMBER = re.compile(r"[0-9]{1,3}")
MIN_PLAYERS, MAX_PLAYERS = 3, 5
# A turn that begins in the same position for the fifth time in a round blocks the round, scored
# as a round nobody can play on (docs/rules-decisions.md, section 28: why five, what "the same" is).
BLOCK_AT = 5

# The fields that make up a game; to_json/from_json round-trip exactly these.
_FIELDS = (
    "players", "seed", "shuffles", "options", "round", "starter", "guard", "turn",
    "phase", "hands", "draw", "discard", "under", "scores", "spider", "window",
    "gifts", "acts", "settling", "empty_passes", "clock", "log", "round_log_start",
    "history", "log_base", "log_dropped", "positions",
)


def _options(players: int, given: dict) -> dict:
    unknown = set(given) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown options: {sorted(unknown)}")
    options = {**DEFAULT_OPTIONS, **given}
    if options["ant_pile"] not in ("discard", "draw"):
        raise ValueError("ant_pile must be 'discard' or 'draw'")
    if options["rounds"] not in ("full", "single"):
        raise ValueError("rounds must be 'full' or 'single'")
    if not (isinstance(options["first_guard"], int) and 0 <= options["first_guard"] < players):
        raise ValueError("first_guard must be a seat")
    for key in ("mosquito_ms", "cockroach_ms", "act_ms"):
        if not (isinstance(options[key], int) and options[key] >= MIN_WINDOW_MS):
            raise ValueError(f"{key} must be a whole number of at least {MIN_WINDOW_MS}")
    land = options["land_ms"]
    if not (isinstance(land, int) and not isinstance(land, bool) and 0 <= land <= MAX_LAND_MS):
        raise ValueError(f"land_ms must be a whole number from 0 to {MAX_LAND_MS}")
    tempo = options["tempo"]
    if not (isinstance(tempo, int) and not isinstance(tempo, bool) and 1 <= tempo <= MAX_TEMPO):
        raise ValueError(f"tempo must be a whole number from 1 to {MAX_TEMPO}")
    return options


def tempo_of(options: dict) -> int:
    """The game's tempo (1 in a game saved before there was one)."""
    return options.get("tempo", 1)


def window_ms(options: dict, key: str) -> int:
    """How long the window ``key`` ("mosquito_ms", "cockroach_ms", "act_ms") stays open at the game's tempo.
    The card's flight (``land_ms``) is the page's animation, not a person's time: it never scales."""
    return options.get(key, DEFAULT_OPTIONS[key]) * tempo_of(options)


class Game(EventLog):
    """A game of Mogel Motte. Build one with :meth:`new`, :meth:`from_scenario` or :meth:`from_json`."""

    # The time a position's turn comes round that blocks the round (None: never, for a benchmark's baseline).
    block_at: int | None = BLOCK_AT

    # -- construction ---------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, **options) -> Game:
        if not (isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise ValueError(f"Mogel Motte is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        game = cls._blank(players, seed, _options(players, options))
        game.starter = game.options["first_guard"]
        game._deal_round(at=0)
        return game

    @classmethod
    def from_scenario(cls, scenario: dict, seed: int = 0) -> Game:
        """Any position, for tests and tutorials; it need not hold all 71 cards."""
        known = {"players", "hands", "discard", "draw", "guard", "turn", "scores", "round",
                 "options", "under", "starter"}
        if set(scenario) - known:
            raise ValueError(f"unknown scenario keys: {sorted(set(scenario) - known)}")
        players = scenario["players"]
        if not (isinstance(players, int) and 2 <= players <= MAX_PLAYERS):
            raise ValueError("a scenario needs 2 to 5 players")
        game = cls._blank(players, seed, _options(players, scenario.get("options", {})))
        hands = [list(h) for h in scenario["hands"]]
        if len(hands) != players or not all(hands):
            raise ValueError("a scenario needs one non-empty hand per player")
        game.hands = hands
        game.discard = list(scenario["discard"])
        game.draw = list(scenario.get("draw", []))
        game.under = list(scenario.get("under", []))
        if not game.discard:
            raise ValueError("the discard pile needs a top card")
        everything = Counter(c for h in hands for c in h)
        everything.update(game.discard + game.draw + game.under)
        for c, n in everything.items():
            C.card(c)  # raises for anything that is not a card
            if n > C.DECK_COUNTS[c]:
                raise ValueError(f"the deck has only {C.DECK_COUNTS[c]} of {c!r}")
        for key in ("guard", "turn", "starter"):
            seat = scenario.get(key, scenario["guard"] if key != "guard" else None)
            if not (isinstance(seat, int) and 0 <= seat < players):
                raise ValueError(f"{key} must be a seat")
            setattr(game, key, seat)
        game.scores = list(scenario.get("scores", [0] * players))
        if len(game.scores) != players:
            raise ValueError("one score per player")
        game.round = scenario.get("round", 1)
        if not (isinstance(game.round, int) and 1 <= game.round <= game.total_rounds):
            raise ValueError("round out of range")
        # A scenario is often a position in the middle of a round: the event says whose turn
        # it is, so that its sentence need not claim the guard has just started.
        game._log(0, "round_start", round=game.round, guard=game.guard, starter=game.starter,
                  top=game.discard[-1], turn=game.turn)
        game._turn_begins(0)
        return game

    @classmethod
    def _blank(cls, players: int, seed: int, options: dict) -> Game:
        if not isinstance(seed, int):
            raise ValueError("the seed is a whole number")
        game = cls.__new__(cls)
        game.players, game.seed, game.shuffles, game.options = players, seed, 0, options
        game.round, game.starter, game.guard, game.turn = 1, 0, 0, 0
        game.phase = PHASE_TURN
        game.hands = [[] for _ in range(players)]
        game.draw, game.discard, game.under = [], [], []
        game.scores = [0] * players
        game.spider = game.window = game.gifts = game.settling = None
        game.acts = {}
        game.empty_passes = 0
        game.clock = 0
        game.log, game.round_log_start, game.history = [], 0, []
        game.log_base, game.log_dropped = 0, [0] * players
        game.positions = {}
        return game

    def to_json(self) -> str:
        state = {f: getattr(self, f) for f in _FIELDS}
        state["acts"] = {str(k): v for k, v in self.acts.items()}
        return json.dumps(state, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        state = json.loads(text)
        # Games saved before the log could be trimmed hold it whole.
        state.setdefault("log_base", 0)
        state.setdefault("log_dropped", [0] * state["players"])
        # Games saved before positions were counted start counting where they stand.
        state.setdefault("positions", {})
        game = cls.__new__(cls)
        for f in _FIELDS:
            setattr(game, f, state[f])
        game.acts = {int(k): v for k, v in state["acts"].items()}
        return game

    # -- the log (shared with Mogelei: mogel/core/eventlog.py) -------------------------

    def log_needed_from(self) -> int:
        """Absolute index of the oldest event the game, its views and its bots still read.

        That is the last public event (its time paces the bots) and, while a window is
        open, the event that opened it (its time starts every reflex).
        """
        i = self._last_public()
        if self.window is not None:
            log, code = self.log, self.window["kind"] + "_open"
            while i > 0 and log[i]["code"] != code:
                i -= 1
        return self.log_base + i

    # -- what is true now -----------------------------------------------------------

    @property
    def total_rounds(self) -> int:
        return self.players if self.options["rounds"] == "full" else 1

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def top(self) -> str:
        return self.discard[-1]

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _clockwise_from(self, seat: int) -> list[int]:
        """The other seats in clockwise order, starting left of ``seat``."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def legal_actions(self, seat: int) -> list[str]:
        """Every action ``seat`` may take now, in notation. Windows are as of the last action or advance."""
        return self._owed(seat) + self._side(seat)

    def owed_actions(self, seat: int) -> list[str]:
        """The legal actions other than cheating and Caught!: what the game waits for from ``seat``."""
        return list(self._owed(seat))

    # Legal actions computed since the last logged event. Every change of state logs one
    # (see _log), which forgets them; this spares apply() from recomputing what the caller
    # has just asked for.
    _owed_cache: dict | None = None
    _side_cache: dict | None = None

    def _owed(self, seat: int) -> list[str]:
        cache = self._owed_cache
        if cache is None:
            cache = self._owed_cache = {}
        found = cache.get(seat)
        if found is None:
            found = cache[seat] = self._owed_now(seat)
        return found

    def _side(self, seat: int) -> list[str]:
        cache = self._side_cache
        if cache is None:
            cache = self._side_cache = {}
        found = cache.get(seat)
        if found is None:
            found = cache[seat] = self._side_now(seat)
        return found

    def _owed_now(self, seat: int) -> list[str]:
        if self.phase == PHASE_TURN and self.settling is None:  # most decisions: play or draw
            if type(seat) is not int or seat != self.turn:
                return []
            plays = _PLAYS_ON[self.discard[-1]][seat == self.guard]
            found = [plays[c] for c in self.hands[seat] if c in plays]
            if len(found) > 1:
                found = list(dict.fromkeys(found))  # two 3s in hand are one move
            return found or ["draw"]
        if self.phase == PHASE_OVER or not (isinstance(seat, int) and 0 <= seat < self.players):
            return []
        hand = self.hands[seat]
        if self.settling is not None:
            if seat != self.settling["guard"]:
                return []
            return [_HAND[c] for c in dict.fromkeys(hand) if c in C.GIFTABLE]
        phase = self.phase
        if phase == PHASE_SPIDER:
            if seat != self.spider["by"]:
                return []
            others = self._clockwise_from(seat)
            return [f"give {c} {to}" for c in dict.fromkeys(hand) if c in C.GIFTABLE for to in others] + ["keep"]
        if phase == PHASE_MOSQUITO:
            if seat != self.window["by"] and seat not in self.window["slapped"]:
                return ["slap"]
            return []
        if phase == PHASE_GIFTS:
            if seat in self.gifts["from"]:
                return [_HAND[c] for c in dict.fromkeys(hand) if c in C.GIFTABLE]
            return []
        wanted = str(self.window["value"])  # PHASE_COCKROACH
        return [_RACE[wanted]] if wanted in hand else []

    def _side_now(self, seat: int) -> list[str]:
        """Cheating and Caught!, open to their seats at any time except while a Caught! is settled."""
        if (self.phase == PHASE_OVER or self.settling is not None
                or not (isinstance(seat, int) and 0 <= seat < self.players)):
            return []
        if seat == self.guard:
            return list(_CATCHES[self.players][seat])
        if len(self.hands[seat]) >= 2 and seat not in self.acts:
            return [_CHEAT[c] for c in dict.fromkeys(self.hands[seat])]
        return []

    def expected(self) -> list[int]:
        """The seats the game is waiting for (turn, gift, slap, hand-over); cheats and catches are never owed."""
        if self.phase == PHASE_OVER:
            return []
        if self.settling is not None:
            return [self.settling["guard"]] if self._owed(self.settling["guard"]) else []
        if self.phase == PHASE_TURN:
            return [self.turn]
        if self.phase == PHASE_SPIDER:
            return [self.spider["by"]]
        if self.phase == PHASE_MOSQUITO:
            return [s for s in self._clockwise_from(self.window["by"]) if s not in self.window["slapped"]]
        if self.phase == PHASE_GIFTS:
            return list(self.gifts["from"])
        return [s for s in range(self.players) if str(self.window["value"]) in self.hands[s]]

    def next_deadline(self) -> int | None:
        """When the next window closes by itself (None while a Caught! is settled: clocks stand still)."""
        if self.settling is not None or self.phase == PHASE_OVER:
            return None
        window = self.window
        if not self.acts:
            return window["closes"] if window is not None else None
        times = [act["until"] for act in self.acts.values()]
        if window is not None:
            times.append(window["closes"])
        return min(times)

    # -- acting ---------------------------------------------------------------------

    def advance(self, now: int) -> list[dict]:
        """Close every window that has run out by ``now``; returns the public events."""
        if not isinstance(now, int) or now < self.clock:
            raise IllegalAction("time_backwards", f"time {now!r} is before {self.clock}")
        # Most of the time no window is open and nobody is in the act: nothing can close.
        deadline = self.next_deadline() if self.window is not None or self.acts else None
        if deadline is None or deadline > now:
            self.clock = now
            return []
        mark = len(self.log)
        self._close_windows(now)
        self.clock = now
        return self._public(self.log[mark:])

    def apply(self, seat: int, action: str, at: int) -> list[dict]:
        """Do ``action`` for ``seat`` at time ``at`` (ms); returns the public events it caused.

        Windows that ran out before ``at`` close first (so a late slap is refused). An
        illegal action raises :class:`IllegalAction` and leaves the game exactly as it was.
        """
        if not isinstance(at, int):
            raise IllegalAction("time_backwards", f"time {at!r} is before {self.clock}")
        dated = at
        if at < self.clock:
            # A slap may be dated back to the mosquito's opening: a player's tap that reached
            # the server late (its network, its screen) still counts at the time it was made.
            # The rules judge it on the table as it stands now; its date only places it among
            # the slaps (see slowest_slapper). The log stays in time order: it is logged now.
            window = self.window
            if not (action == "slap" and window is not None and window["kind"] == "mosquito"
                    and at >= window.get("opened", self.clock)):
                raise IllegalAction("time_backwards", f"time {at!r} is before {self.clock}")
            at = self.clock
        deadline = self.next_deadline() if self.window is not None or self.acts else None
        due = deadline is not None and deadline <= at
        saved = self.to_json() if due else None
        mark = len(self.log)
        if due:
            self._close_windows(at)
        if not isinstance(action, str) or not (
                action in self._owed(seat) or action.startswith(("cheat ", "catch ")) and action in self._side(seat)):
            error = self._why_illegal(seat, action)
            if saved is not None:
                self.__dict__.update(Game.from_json(saved).__dict__)
                self._owed_cache = self._side_cache = None
            raise error
        self.clock = at
        # Handlers get the split action: [verb, argument, ...].
        parts = action.split()
        if dated != at:
            self._do_slap(seat, parts, at, dated)
        else:
            _DO[parts[0]](self, seat, parts, at)
        if self.phase == PHASE_GIFTS:
            self._settle_gifts(at)
        if not self.hands[seat] and self.phase != PHASE_OVER:
            # Only the acting seat can have lost its last card (a cheat never takes the last one).
            self._end_round(at, out=seat)
        return self._public(self.log[mark:])

    def _do_play(self, seat: int, parts: list[str], at: int) -> None:
        played = parts[1]
        self.hands[seat].remove(played)
        self.discard.append(played)
        self.empty_passes = 0
        self._log(at, "played", seat=seat, card=played)
        if not self.hands[seat]:
            return  # the last card ends the round; an action card's action is not carried out
        kind = _KIND[played]
        if kind == C.SPIDER:
            self.phase, self.spider = PHASE_SPIDER, {"by": seat}
        elif kind == C.MOSQUITO:
            landed = at + self.options.get("land_ms", 0)
            closes = landed + window_ms(self.options, "mosquito_ms")
            self.phase = PHASE_MOSQUITO
            self.window = {"kind": "mosquito", "by": seat, "opened": at, "closes": closes, "slapped": [],
                           "slapped_at": [], **self._landed(landed, at)}
            self._log(at, "mosquito_open", seat=seat, closes=closes, **self._landed(landed, at))
        elif kind == C.COCKROACH:
            landed = at + self.options.get("land_ms", 0)
            closes = landed + window_ms(self.options, "cockroach_ms")
            value = C.value(played)
            self.phase = PHASE_COCKROACH
            self.window = {"kind": "cockroach", "by": seat, "value": value, "closes": closes,
                           **self._landed(landed, at)}
            self._log(at, "cockroach_open", seat=seat, value=value, closes=closes, **self._landed(landed, at))
        else:
            if kind == C.ANT:
                self._ant(seat, at)
            self.turn = self._next(seat)
            self._turn_begins(at)

    @staticmethod
    def _landed(landed: int, at: int) -> dict:
        """``{"landed": t}`` when the window's card lands after it was played (a digital table), else nothing."""
        return {"landed": landed} if landed != at else {}

    def _ant(self, seat: int, at: int) -> None:
        from_discard = self.options["ant_pile"] == "discard"
        for other in self._clockwise_from(seat):
            if from_discard and len(self.discard) > 1:
                taken = self.discard.pop(-2)  # the card right under the ant
                self.hands[other].append(taken)
                self._log(at, "ant_took", seat=other, card=taken)
            else:
                self._draw_for(other, at, "ant_drew")

    def _do_draw(self, seat: int, parts: list[str], at: int) -> None:
        if self._draw_for(seat, at, "drew"):
            self.empty_passes = 0
        else:
            self.empty_passes += 1
        self.turn = self._next(seat)
        if self.empty_passes >= self.players:
            # Nothing left to draw and nobody could play for a whole lap: the round would never end.
            self._end_round(at, out=None)
        else:
            self._turn_begins(at)

    def _draw_for(self, seat: int, at: int, code: str) -> bool:
        """One card from the draw pile into ``seat``'s hand, reshuffling the discard pile if needed."""
        if not self.draw and len(self.discard) > 1:
            self.draw = self.discard[:-1]
            self.discard = self.discard[-1:]
            self._rng().shuffle(self.draw)
            self._log(at, "reshuffled", size=len(self.draw))
        if not self.draw:
            self._log(at, "nothing_to_draw", seat=seat)
            return False
        drawn = self.draw.pop()
        self.hands[seat].append(drawn)
        self._log(at, code, seat=seat, card=drawn, see=[seat])
        return True

    def _do_give(self, seat: int, parts: list[str], at: int) -> None:
        gift, to = parts[1], int(parts[2])
        self.hands[seat].remove(gift)
        self.hands[to].append(gift)
        self._log(at, "spider_gave", seat=seat, to=to, card=gift, see=[seat, to])
        self._after_spider(seat, at)

    def _do_keep(self, seat: int, parts: list[str], at: int) -> None:
        self._log(at, "spider_kept", seat=seat)
        self._after_spider(seat, at)

    def _after_spider(self, seat: int, at: int) -> None:
        self.phase, self.spider = PHASE_TURN, None
        self.turn = self._next(seat)
        self._turn_begins(at)

    def _do_slap(self, seat: int, parts: list[str], at: int, dated: int | None = None) -> None:
        window = self.window
        # A window stored before slaps had times: its earlier slaps count as made at its opening.
        times = window.setdefault("slapped_at", [window.get("opened", 0)] * len(window["slapped"]))
        window["slapped"].append(seat)
        times.append(at if dated is None else dated)
        if dated is None:
            self._log(at, "slapped", seat=seat)
        else:
            self._log(at, "slapped", seat=seat, dated=dated)
        if len(window["slapped"]) == self.players - 1:
            self._close_mosquito(at)

    def _close_mosquito(self, at: int) -> None:
        by = self.window["by"]
        slowest = slowest_slapper(by, self.players, self.window["slapped"], self.window.get("slapped_at"),
                                  self._tie_order(self.window))
        self.window = None
        self._log(at, "mosquito_slowest", seat=slowest)
        self.phase = PHASE_GIFTS
        self.gifts = {"by": by, "to": slowest, "from": self._clockwise_from(slowest)}
        self._settle_gifts(at)

    def _settle_gifts(self, at: int) -> None:
        """Drop givers with nothing to give (only moths, e.g. after a cheat); resume play once all gave."""
        self.gifts["from"] = [s for s in self.gifts["from"] if not C.GIFTABLE.isdisjoint(self.hands[s])]
        if not self.gifts["from"]:
            self.phase, self.turn = PHASE_TURN, self._next(self.gifts["by"])
            self.gifts = None
            self._turn_begins(at)

    def _do_hand(self, seat: int, parts: list[str], at: int) -> None:
        given = parts[1]
        if self.settling is not None:
            accused = self.settling["accused"]
            self.hands[seat].remove(given)
            self.hands[accused].append(given)
            self._log(at, "penalty", seat=seat, to=accused, card=given, see=[seat, accused])
            self._settled(at)
            return
        to = self.gifts["to"]
        self.hands[seat].remove(given)
        self.hands[to].append(given)
        self._log(at, "handed", seat=seat, to=to, card=given, see=[seat, to])
        self.gifts["from"].remove(seat)

    def _do_race(self, seat: int, parts: list[str], at: int) -> None:
        raced = parts[1]
        self.hands[seat].remove(raced)
        self.discard.append(raced)
        self._log(at, "raced", seat=seat, card=raced)
        self._close_cockroach(at, raced=True)

    def _close_cockroach(self, at: int, raced: bool = False) -> None:
        by = self.window["by"]
        if not raced:
            self._log(at, "cockroach_nobody", seat=by)
        self.window = None
        self.phase, self.turn = PHASE_TURN, self._next(by)
        self._turn_begins(at)

    def _do_cheat(self, seat: int, parts: list[str], at: int) -> None:
        hidden = parts[1]
        self.hands[seat].remove(hidden)
        self.under.append(hidden)
        until = at + window_ms(self.options, "act_ms")
        self.acts[seat] = {"card": hidden, "until": until}
        self._log(at, "cheated", seat=seat, card=hidden, until=until, only=[seat])

    def _do_catch(self, seat: int, parts: list[str], at: int) -> None:
        accused = int(parts[1])
        act = self.acts.pop(accused, None)
        if act is None:
            self._log(at, "wrong_accusation", seat=seat, accused=accused)
            self._draw_for(seat, at, "drew")
            return
        self.under.remove(act["card"])
        self.hands[accused].append(act["card"])
        self._log(at, "caught", seat=seat, accused=accused, card=act["card"])
        self.settling = {"guard": seat, "accused": accused, "since": at}
        if C.GIFTABLE.isdisjoint(self.hands[seat]):
            self._settled(at)  # a guard holding only moths has nothing to hand over

    def _tie_order(self, window: dict) -> list[int]:
        """The seats in an order drawn for this mosquito: it decides between slaps made in the same
        millisecond (bots that slap at once when a Caught! is settled, say), not the seat numbers.
        Drawn from the seed, the round and the window's opening, so a replay draws the same."""
        order = list(range(self.players))
        random.Random(f"mogel:{self.seed}:ties:{self.round}:{window.get('opened', 0)}").shuffle(order)
        return order

    def _settled(self, at: int) -> None:
        paused = at - self.settling["since"]
        if self.window is not None:
            self.window["closes"] += paused
        for act in self.acts.values():
            act["until"] += paused
        self.guard = self.settling["accused"]
        self.settling = None
        self._log(at, "guard_moved", seat=self.guard)

    def _close_windows(self, now: int) -> None:
        while True:
            deadline = self.next_deadline()
            if deadline is None or deadline > now:
                return
            if self.window is not None and self.window["closes"] == deadline:
                if self.window["kind"] == "mosquito":
                    self._close_mosquito(deadline)
                else:
                    self._close_cockroach(deadline)
                continue
            seat = min(s for s, act in self.acts.items() if act["until"] == deadline)
            act = self.acts.pop(seat)
            self._log(deadline, "got_away", seat=seat, card=act["card"], only=[seat])

    # -- rounds ---------------------------------------------------------------------

    def _turn_begins(self, at: int) -> None:
        """Count the position this turn begins in: its fifth time in the round blocks the round."""
        if not all(self.hands):
            return  # someone has just gone out: the round ends by that (apply)
        key = self.position()
        seen = self.positions.get(key, 0) + 1
        self.positions[key] = seen
        if self.block_at is not None and seen >= self.block_at:
            # Nobody has gone out and the table keeps coming back to where it was: scored as the
            # round nobody can play on (docs/rules-decisions.md, sections 9 and 28).
            self._end_round(at, out=None, repeated=True)

    def position(self) -> str:
        """A short digest of what decides how a turn can go on, the same for the same position.

        Hands and the cards under the table as sets (the order a hand is held in changes
        nothing); the draw and discard piles in their order (it decides the next card drawn and
        the cards an ant hands out); the guard, the seat on turn, the cheats still in the act
        (their seat and card, not their time) and §9's passes. Not in it: the clock, the scores
        and the log (the same for the whole round or never the same), nor the count of shuffles
        (a reshuffle is chance, not part of the table).
        """
        acts = sorted((seat, act["card"]) for seat, act in self.acts.items())
        parts = [*(",".join(sorted(h)) for h in self.hands), ",".join(self.draw), ",".join(self.discard),
                 ",".join(sorted(self.under)), f"{self.guard}:{self.turn}:{self.empty_passes}:{acts}"]
        # Eight characters a position: the count is saved with the game on every change. Two
        # positions of one round share a digest once in about 10^13 pairs.
        return base64.b64encode(hashlib.blake2b("|".join(parts).encode(), digest_size=6).digest()).decode()

    def repetitions(self) -> int:
        """How many times this round's turns began in the current position (0: none did)."""
        return self.positions.get(self.position(), 0)

    def _end_round(self, at: int, out: int | None, repeated: bool = False) -> None:
        minus = [C.minus_points(h) for h in self.hands]
        self.scores = [s + m for s, m in zip(self.scores, minus)]
        result = {"round": self.round, "out": out, "minus": minus,
                  "hands": [sorted(h, key=_DISPLAY_ORDER.__getitem__) for h in self.hands], "totals": list(self.scores)}
        if repeated:
            result["repeated"] = True  # only then: rounds ended otherwise log what they always logged
        self.history.append(result)
        self._log(at, "round_end", **result)
        self.spider = self.window = self.gifts = self.settling = None
        self.acts = {}
        self.positions = {}
        if self.round >= self.total_rounds:
            self.phase = PHASE_OVER
            self._log(at, "game_end", scores=list(self.scores), ranking=self.ranking())
            return
        self.round += 1
        self.starter = self._next(self.starter)
        self._deal_round(at)

    def _deal_round(self, at: int) -> None:
        deck = list(C.DECK)
        self._rng().shuffle(deck)
        self.hands = [[] for _ in range(self.players)]
        dealing_order = [*self._clockwise_from(self.starter), self.starter]
        for _ in range(C.HAND_SIZE):
            for seat in dealing_order:
                self.hands[seat].append(deck.pop())
        self.discard, self.draw, self.under = [deck.pop()], deck, []
        self.guard = self.turn = self.starter
        self.phase = PHASE_TURN
        self.empty_passes = 0
        self.round_log_start = self.log_length
        self.log_dropped = [0] * self.players
        self._log(at, "round_start", round=self.round, guard=self.guard, starter=self.starter,
                  top=self.discard[-1])
        self._turn_begins(at)

    def ranking(self) -> list[list[int]]:
        """Seats grouped by place, fewest minus points first; tied seats share a place."""
        places: dict[int, list[int]] = {}
        for seat in sorted(range(self.players), key=lambda s: self.scores[s]):
            places.setdefault(self.scores[seat], []).append(seat)
        return list(places.values())

    def _rng(self) -> random.Random:
        # One seeded generator per shuffle keeps the state small enough to store with the
        # game (a Random's own state is 2.5 KB) and replays exactly from seed + counter.
        self.shuffles += 1
        return random.Random(f"mogel:{self.seed}:{self.shuffles}")

    # -- what a seat may see ----------------------------------------------------------

    def view(self, seat: int) -> dict:
        """Everything ``seat`` may see, as plain JSON-ready data; nothing of other hands or the draw order."""
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r}")
        act = self.acts.get(seat)
        window = dict(self.window, slapped=list(self.window.get("slapped", []))) if self.window else None
        if window is not None and "slapped_at" in window:
            window["slapped_at"] = list(window["slapped_at"])
        return {
            "seat": seat,
            "players": self.players,
            "round": self.round,
            "rounds": self.total_rounds,
            "phase": self.phase,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "top": self.discard[-1] if self.discard else None,
            "discard_size": len(self.discard),
            "draw_size": len(self.draw),
            "under_size": len(self.under),
            "guard": self.guard,
            "turn": self.turn,
            "starter": self.starter,
            "spider": dict(self.spider) if self.spider else None,
            "window": window,
            "gifts": {**self.gifts, "from": list(self.gifts["from"])} if self.gifts else None,
            "settling": {"guard": self.settling["guard"], "accused": self.settling["accused"]}
            if self.settling else None,
            "act": dict(act) if act else None,
            "options": dict(self.options),
            "clock": self.clock,
            "log": self.round_log(seat),
            # How many of this round's events, as this seat sees them, came before log[0].
            "log_start": self.log_dropped[seat],
            "changed_at": self.log[-1]["t"] if self.log else 0,
            "history": [{**r, "minus": list(r["minus"]), "totals": list(r["totals"]),
                         "hands": [list(h) for h in r["hands"]]} for r in self.history],
            "ranking": self.ranking() if self.over else None,
        }

    def _log(self, at: int, code: str, **params) -> None:
        params["code"], params["t"] = code, at  # the keyword dict is the event: no copy
        self.log.append(params)
        self._owed_cache = self._side_cache = None

    _public = staticmethod(public)

    # -- explaining a refusal -----------------------------------------------------------

    def _why_illegal(self, seat: object, action: object) -> IllegalAction:
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            return IllegalAction("bad_seat", f"no seat {seat!r}", seat=seat)
        parts = action.split() if isinstance(action, str) else []
        verb, args = (parts[0], parts[1:]) if parts else ("", [])
        arity = {"play": 1, "draw": 0, "give": 2, "keep": 0, "slap": 0, "race": 1,
                 "cheat": 1, "catch": 1, "hand": 1}
        if (verb not in arity or len(args) != arity[verb]
                or verb in ("play", "give", "race", "cheat", "hand") and not C.is_card(args[0])
                or verb == "catch" and not _SEAT_NUMBER.fullmatch(args[0])
                or verb == "give" and not _SEAT_NUMBER.fullmatch(args[1])):
            return IllegalAction("malformed", f"not an action: {action!r}", action=action)
        if self.phase == PHASE_OVER:
            return IllegalAction("game_over", "the game is over")
        if self.settling is not None and not (verb == "hand" and seat == self.settling["guard"]):
            return IllegalAction("settling", "a Caught! is being settled")
        hand = self.hands[seat]
        card = args[0] if verb in ("play", "give", "race", "cheat", "hand") else None
        if card is not None and card not in hand:
            return IllegalAction("not_in_hand", f"{card} is not in your hand", card=card)
        if verb == "cheat":
            if seat == self.guard:
                return IllegalAction("guard_may_not_cheat", "the guard never cheats")
            if len(hand) < 2:
                return IllegalAction("last_card", "your last card cannot disappear")
            return IllegalAction("already_in_act", "one cheat at a time")
        if verb == "catch":
            if seat != self.guard:
                return IllegalAction("not_guard", "only the guard calls Caught!")
            if int(args[0]) == seat:
                return IllegalAction("catch_self", "the guard cannot accuse itself")
            return IllegalAction("bad_seat", f"no seat {args[0]}", seat=args[0])
        if verb in ("play", "draw"):
            if self.phase != PHASE_TURN or seat != self.turn:
                return IllegalAction("not_your_turn", "it is not your turn")
            if verb == "draw":
                return IllegalAction("must_play", "a card fits: play it")
            if C.kind(card) == C.MOTH and C.fits(card, self.top):
                return IllegalAction("moth_not_playable", "only the guard may play a moth", card=card)
            return IllegalAction("does_not_fit", f"{card} does not fit on {self.top}", card=card, top=self.top)
        if verb in ("give", "keep"):
            if self.phase != PHASE_SPIDER or seat != self.spider["by"]:
                return IllegalAction("no_gift_now", "no spider gift is due from you")
            if C.kind(card) == C.MOTH:
                return IllegalAction("moth_not_giftable", "a moth is never given away", card=card)
            return IllegalAction("bad_target", "give to another player", seat=args[1])
        if verb == "slap":
            return IllegalAction("no_slap_now", "there is nothing to slap")
        if verb == "race":
            if self.phase == PHASE_COCKROACH and C.kind(card) != C.NUMBER:
                return IllegalAction("race_needs_number", "race with a number card", card=card)
            return IllegalAction("no_race_now", "no cockroach race for that card", card=card)
        # verb == "hand"
        if card is not None and C.kind(card) == C.MOTH:
            return IllegalAction("moth_not_giftable", "a moth is never given away", card=card)
        return IllegalAction("nothing_to_hand", "you owe nobody a card")


_DO = {verb: getattr(Game, "_do_" + verb) for verb in ("play", "draw", "give", "keep", "slap", "hand", "race", "cheat", "catch")}

_KIND = {c: C.kind(c) for c in C.DECK_COUNTS}
_CATCHES = {n: [[f"catch {(s + i) % n}" for i in range(1, n)] for s in range(n)] for n in range(2, MAX_PLAYERS + 1)}

# Action strings built once: legal_actions runs for every decision of every game.
_PLAY = {c: f"play {c}" for c in C.DECK_COUNTS}
_HAND = {c: f"hand {c}" for c in C.DECK_COUNTS}
_RACE = {c: f"race {c}" for c in C.DECK_COUNTS}
_CHEAT = {c: f"cheat {c}" for c in C.DECK_COUNTS}
# For each top card, then guard or not: the cards that may be played on it, with their action.
_PLAYS_ON = {top: {guard: {c: _PLAY[c] for c in C.playable_on(top, guard)} for guard in (False, True)}
             for top in C.DECK_COUNTS}


def slowest_slapper(by: int, players: int, slapped: list[int], times: list[int] | None = None,
                    order: list[int] | None = None) -> int:
    """Who gets a card from everyone after ``by``'s mosquito: the first seat clockwise from ``by``
    that never slapped, else the last to slap.

    ``slapped`` is in the order the slaps reached the game; ``times`` (one per slap) are the
    times they were made, which decide: a slap dated earlier beats one that arrived earlier.
    Of equal times, the one latest in ``order`` (the seats in a drawn order) is the slowest;
    without an order, the one that arrived last.
    """
    missing = [(by + i) % players for i in range(1, players) if (by + i) % players not in slapped]
    if missing:
        return missing[0]
    if not times:
        return slapped[-1]
    rank = {seat: n for n, seat in enumerate(order)} if order else {}
    last = max(range(len(slapped)), key=lambda i: (times[i], rank.get(slapped[i], i) if rank else i))
    return slapped[last]


def _display_order(card: str) -> tuple[int, int]:
    c = C.card(card)
    return C.KINDS.index(c.kind), c.value


_DISPLAY_ORDER = {c: _display_order(c) for c in C.DECK_COUNTS}
