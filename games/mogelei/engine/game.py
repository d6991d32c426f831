"""The Mogelei state machine: one :class:`Game` holds a whole match, game after game.

Same shape as Mogel Motte's engine (``games/mogel_motte/engine/game.py``, after OpenSpiel's Python
games): ``legal_actions(seat)`` lists what a seat may do now, ``apply(seat, action, at)``
does it, ``view(seat)`` is what that seat may see. Time is an input (Mogelei has no
windows, so ``advance`` only moves the clock); chance comes only from the seed, one
generator per shuffle, so the same seed and actions replay the same match byte for byte.

A match is ``games`` games (5, or 1); a game is rounds until the hands are empty; a
round is one or more passes of the colour its caller called. Phases:

- ``call``: the round's caller names a colour (``call black``);
- ``lay``: every seat lays one card face down, in any order (``lay black-9``), following
  the colour if it can;
- ``reveal``: in turn order from the pass's caller each seat reveals or hides its card
  (``reveal``, ``hide``); a seat that laid another colour only has ``hide``, and still
  takes its turn, so nobody learns it from the order of events;
- ``choose``: the seat on turn (highest revealed value of this pass, else the pass's
  caller) continues, ends the round or accuses (``continue``, ``end``, ``accuse 3``);
- ``over``: the match is finished.

Decisions where the rulebook is silent or the spec left room (all in
``docs/mogelei-rules-decisions.md``):

- The eggs on the cards are the site's choice (``cards.py``, option ``eggs``).
- Game 1's dealer is the option ``dealer`` (default: the last seat, so seat 0, the human
  in the web game, calls first); the dealer moves one seat on per game.
- ``turned_up`` is logged only when a card of the last pass was still face down, and its
  ``cards`` are keyed by the seat as a string (``{"2": "black-9"}``), the way JSON and
  the event table keep them.
- A seat's collected pile is a count in every view, its own included; the eggs on it
  appear only in ``game_end``. Earlier passes' face-down cards are seen by their owner
  while the round lasts (own stack, own ``laid`` events) and by nobody else, ever.
- The stack of 12 reward cards is refilled for every game (a game has at most 12
  rounds: every round takes at least one card from each 12-card hand).
- ``history`` holds the finished rounds of the current game only (the web game's event
  table keeps the ``round_end`` events of earlier ones), so the saved state stays small;
  ``games_history`` holds every finished game's eggs, rewards and points.
- A scenario (``from_scenario``) may also give ``scores`` (match totals so far),
  ``round`` (absolute) and ``pass_caller`` (default: the caller, or with earlier passes
  the seat on turn after the last of them, the one who continued).
"""

from __future__ import annotations

import json
import random
import re

from mogel.core.eventlog import EventLog, public, seen_by

from . import cards as C
from .errors import IllegalAction

PHASE_CALL = "call"
PHASE_LAY = "lay"
PHASE_REVEAL = "reveal"
PHASE_CHOOSE = "choose"
PHASE_OVER = "over"

MATCH_LENGTHS = (5, 1)
# "tempo": the table's tempo, a whole factor on every bot timing set against a person (the rules
# time nothing: the table's bots read it, games/mogelei/table/bots.py); kept in the game so its
# replay is the game that was played. Games of before it hold none: 1.
DEFAULT_OPTIONS = {"eggs": C.EGGS_BY_VALUE, "games": 5, "dealer": None, "tempo": 1}
MAX_TEMPO = 10

# A seat in an action: ASCII digits only (str.isdigit() also takes "²").
_SEAT_NUMBER = re.compile(r"[0-9]{1,3}")

# The fields that make up a match; to_json/from_json round-trip exactly these.
_FIELDS = (
    "players", "seed", "shuffles", "options", "game_no", "round", "game_round", "dealer",
    "caller", "colour", "phase", "hands", "passes", "up", "pass_caller", "reveal_at",
    "on_turn", "piles", "rewards", "scores", "games_history", "history", "clock",
    "log", "round_log_start", "log_base", "log_dropped",
)

__all__ = [
    "Game", "IllegalAction", "seen_by", "follow_ok", "reveal_allowed", "reveal_order",
    "on_turn_after_pass", "accusable", "collector_after_accusation", "fattest_egg",
    "game_points", "places",
]


# -- the rules as small pure functions --------------------------------------------------

def follow_ok(hand: list[str], laid: str, colour: str) -> bool:
    """Whether laying ``laid`` from ``hand`` follows colour: the called colour, or any card
    when the hand holds none of it."""
    return C.colour(laid) == colour or all(C.colour(c) != colour for c in hand)


def reveal_allowed(laid: str, colour: str) -> bool:
    """Only a card of the called colour may be revealed; another colour stays face down."""
    return C.colour(laid) == colour


def reveal_order(pass_caller: int, players: int) -> list[int]:
    """The reveal decisions of a pass: its caller first, then clockwise."""
    return [(pass_caller + i) % players for i in range(players)]


def on_turn_after_pass(cards: list[str], revealed: list[int], pass_caller: int) -> int:
    """Who is on turn after the reveal decisions: the seat that revealed the highest value
    in this pass (revealed cards are all of the called colour, so values differ); nobody
    revealed: the pass's caller."""
    if not revealed:
        return pass_caller
    return max(revealed, key=lambda s: C.value(cards[s]))


def accusable(players: int, revealed: list[int], accuser: int) -> list[int]:
    """The seats ``accuser`` may accuse: not itself, not one whose last card is face up."""
    return [s for s in range(players) if s != accuser and s not in revealed]


def collector_after_accusation(accuser: int, target: int, card: str, colour: str) -> int:
    """Who collects the round's cards: the accused if its card is of the called colour
    (caught bluffing), else the accuser (a wrong suspicion)."""
    return target if C.colour(card) == colour else accuser


def fattest_egg(cards: list[str], hidden: list[int], colour: str) -> int | None:
    """The seat that laid the fattest egg: among the seats whose last card was still face
    down (``hidden``), the highest card of the called colour; None when there is none."""
    candidates = [s for s in hidden if C.colour(cards[s]) == colour]
    if not candidates:
        return None
    return max(candidates, key=lambda s: C.value(cards[s]))


def game_points(rewards: list[int], eggs: list[int]) -> list[int]:
    """A game's points per seat: 3 per reward card, minus one per fried egg collected."""
    return [C.REWARD_POINTS * r - e for r, e in zip(rewards, eggs)]


def places(totals: list[int]) -> list[list[int]]:
    """Seats grouped by place, the best total first; tied seats share a place."""
    grouped: dict[int, list[int]] = {}
    for seat in sorted(range(len(totals)), key=lambda s: -totals[s]):
        grouped.setdefault(totals[seat], []).append(seat)
    return list(grouped.values())


def _options(players: int, given: dict) -> dict:
    unknown = set(given) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown options: {sorted(unknown)}")
    options = {**DEFAULT_OPTIONS, **given}
    if options["eggs"] not in C.EGG_OPTIONS:
        raise ValueError(f"eggs must be one of {C.EGG_OPTIONS}")
    if options["games"] not in MATCH_LENGTHS or type(options["games"]) is not int:
        raise ValueError("games must be 5 or 1")
    if options["dealer"] is None:
        options["dealer"] = players - 1  # seat 0 calls first
    if not (type(options["dealer"]) is int and 0 <= options["dealer"] < players):
        raise ValueError("dealer must be a seat")
    tempo = options["tempo"]
    if not (type(tempo) is int and 1 <= tempo <= MAX_TEMPO):
        raise ValueError(f"tempo must be a whole number from 1 to {MAX_TEMPO}")
    return options


def tempo_of(options: dict) -> int:
    """The match's tempo (1 in a match saved before there was one)."""
    return options.get("tempo", 1)


_SCENARIO_KEYS = {"players", "hands", "caller", "colour", "passes", "revealed", "piles", "rewards",
                  "scores", "dealer", "game_no", "round", "options", "pass_caller"}


def _scenario_passes(scenario: dict, players: int, colour: str | None) -> tuple[list, list]:
    """A scenario's earlier passes of the round and, per pass, the seats whose card is face up."""
    passes = [list(p) for p in scenario.get("passes", [])]
    if passes and colour is None:
        raise ValueError("earlier passes need the round's colour")
    if any(len(p) != players for p in passes):
        raise ValueError("a pass has a card per seat")
    up = [[] for _ in passes]
    for number, seat in scenario.get("revealed", []):
        if not (type(number) is int and 1 <= number <= len(passes) and type(seat) is int and 0 <= seat < players):
            raise ValueError(f"no card to reveal at pass {number!r}, seat {seat!r}")
        if not (C.is_card(passes[number - 1][seat]) and reveal_allowed(passes[number - 1][seat], colour)):
            raise ValueError("only a card of the called colour can be revealed")
        up[number - 1].append(seat)
    return passes, up


def _continued_by(passes: list[list[str]], up: list[list[int]], caller: int) -> int:
    """Who continued after the last of a round's earlier passes: each pass's caller is the
    seat on turn after the one before (the rulebook: the one who continues calls the colour
    again), so a pass where nobody revealed leaves its own caller on turn, not the round's."""
    seat = caller
    for cards, revealed in zip(passes, up):
        seat = on_turn_after_pass(cards, revealed, seat)
    return seat


def _scenario_piles(given: list, players: int, elsewhere: list[str]) -> list[list[str]]:
    """A scenario's collected piles, each given as its cards or as a count; a count takes cards
    the scenario leaves unused, in deck order. Checks that every card named is distinct and in play."""
    if len(given) != players:
        raise ValueError("one pile per player")
    named = elsewhere + [c for pile in given if isinstance(pile, list) for c in pile]
    for c in named:
        if not C.in_play(c, players):
            raise ValueError(f"{c!r} is not a card of a {players}-player game")
    if len(set(named)) != len(named):
        raise ValueError("every card is in one place only")
    spare = [c for c in C.deck(players) if c not in set(named)]
    piles = []
    for pile in given:
        if isinstance(pile, list):
            piles.append(list(pile))
        elif type(pile) is int and 0 <= pile <= len(spare):
            piles.append(spare[:pile])
            spare = spare[pile:]
        else:
            raise ValueError("a pile is a count or a list of cards")
    return piles


# Action strings built once: legal_actions runs for every decision of every game.
_LAY = {c: f"lay {c}" for c in C.deck(C.MAX_PLAYERS)}
_CALLS = [f"call {c}" for c in C.COLOURS]
_ACCUSE = [f"accuse {s}" for s in range(C.MAX_PLAYERS)]
_COLOUR = {c: C.colour(c) for c in _LAY}


class Game(EventLog):
    """A match of Mogelei. Build one with :meth:`new`, :meth:`from_scenario` or :meth:`from_json`."""

    # -- construction ---------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, *, eggs: str = C.EGGS_BY_VALUE, games: int = 5,
            dealer: int | None = None, tempo: int = 1) -> Game:
        C.values(players)  # raises for a player count outside 3..8
        game = cls._blank(players, seed, _options(players, {"eggs": eggs, "games": games, "dealer": dealer,
                                                            "tempo": tempo}))
        game._deal(at=0)
        return game

    @classmethod
    def from_scenario(cls, scenario: dict, seed: int = 0) -> Game:
        """Any position at the start of a round or of a pass, for tests and lessons.

        Keys: ``players``, ``hands`` (equal sizes), ``caller``, ``colour`` (None: the
        caller is to call; a colour: called already, the next pass is being laid),
        ``passes`` (earlier passes of this round, a card per seat, face down unless listed
        in ``revealed`` as ``[pass, seat]`` with passes counted from 1), ``pass_caller``,
        ``piles`` (per seat a count or the cards), ``rewards``, ``scores``, ``dealer``,
        ``game_no``, ``round``, ``options``. It need not hold every card.
        """
        if set(scenario) - _SCENARIO_KEYS:
            raise ValueError(f"unknown scenario keys: {sorted(set(scenario) - _SCENARIO_KEYS)}")
        players = scenario["players"]
        C.values(players)
        options = _options(players, dict(scenario.get("options", {})))
        game = cls._blank(players, seed, options)

        def seat_of(key: str, default: int) -> int:
            seat = scenario.get(key, default)
            if not (type(seat) is int and 0 <= seat < players):
                raise ValueError(f"{key} must be a seat")
            return seat

        hands = [list(h) for h in scenario["hands"]]
        if len(hands) != players or len({len(h) for h in hands}) != 1 or not hands[0]:
            raise ValueError("a scenario needs one hand per player, all of the same non-zero size")
        caller = seat_of("caller", 0)
        dealer = seat_of("dealer", (caller - 1) % players)
        colour = scenario.get("colour")
        if colour is not None and colour not in C.COLOURS:
            raise ValueError(f"not a colour: {colour!r}")
        passes, up = _scenario_passes(scenario, players, colour)
        game.piles = _scenario_piles(scenario.get("piles", [0] * players), players,
                                     [c for h in hands for c in h] + [c for p in passes for c in p])
        game.rewards = list(scenario.get("rewards", [0] * players))
        game.scores = list(scenario.get("scores", [0] * players))
        if (len(game.rewards) != players or len(game.scores) != players
                or not all(type(r) is int and r >= 0 for r in game.rewards)
                or sum(game.rewards) > C.REWARD_CARDS or not all(type(s) is int for s in game.scores)):
            raise ValueError("one reward count and one score per player, at most 12 rewards")
        game.game_no = scenario.get("game_no", 1)
        if not (type(game.game_no) is int and 1 <= game.game_no <= options["games"]):
            raise ValueError("game_no out of range")
        # The option holds game 1's dealer, so later games rotate on from this one.
        options["dealer"] = (dealer - game.game_no + 1) % players
        first_round = scenario.get("round", 1)
        if not (type(first_round) is int and first_round >= 1):
            raise ValueError("round out of range")
        game.dealer, game.hands, game.round = dealer, [C.sorted_cards(h) for h in hands], first_round - 1
        game._start_round(caller, at=0)
        if colour is not None:
            game.colour = colour
            game._log(0, "called", seat=caller, colour=colour)
            if passes:
                game.passes, game.up = passes, up
                game._start_pass(seat_of("pass_caller", _continued_by(passes, up, caller)), at=0)
            else:
                game._start_pass(seat_of("pass_caller", caller), at=0)
        return game

    @classmethod
    def _blank(cls, players: int, seed: int, options: dict) -> Game:
        if type(seed) is not int:
            raise ValueError("the seed is a whole number")
        game = cls.__new__(cls)
        game.players, game.seed, game.shuffles, game.options = players, seed, 0, options
        game.game_no = game.round = game.game_round = 0
        game.dealer = game.caller = options["dealer"]
        game.colour = game.pass_caller = game.reveal_at = game.on_turn = None
        game.phase = PHASE_CALL
        game.hands = [[] for _ in range(players)]
        game.passes, game.up = [], []
        game.piles = [[] for _ in range(players)]
        game.rewards, game.scores = [0] * players, [0] * players
        game.games_history, game.history = [], []
        game.clock = 0
        game.log, game.round_log_start, game.log_base = [], 0, 0
        game.log_dropped = [0] * (players + 1)  # the last: an onlooker (view(None))
        return game

    def to_json(self) -> str:
        return json.dumps({f: getattr(self, f) for f in _FIELDS}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        state = json.loads(text)
        game = cls.__new__(cls)
        for f in _FIELDS:
            setattr(game, f, state[f])
        return game

    # -- what is true now -----------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def pass_no(self) -> int:
        """The current pass of the round, counted from 1 (0 before the colour is called)."""
        return len(self.passes)

    @property
    def reveal_next(self) -> int | None:
        if self.reveal_at is None:
            return None
        return (self.pass_caller + self.reveal_at) % self.players

    @property
    def rewards_left(self) -> int:
        return C.REWARD_CARDS - sum(self.rewards)

    def _seat(self, seat: object) -> bool:
        return type(seat) is int and 0 <= seat < self.players

    # Legal actions computed since the last action (apply forgets them): apply() checks
    # the action the caller has just picked from them without working them out again.
    _legal_cache: dict | None = None

    def legal_actions(self, seat: int) -> list[str]:
        """Every action ``seat`` may take now, in notation; [] when it owes nothing."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = {}
        found = cache.get(seat) if type(seat) is int else None
        if found is None:
            found = self._legal_now(seat)
            if type(seat) is int:
                cache[seat] = found
        return list(found)

    def _legal_now(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == PHASE_LAY:
            if not self._seat(seat) or self.passes[-1][seat] is not None:
                return []
            hand, colour = self.hands[seat], self.colour
            following = [_LAY[c] for c in hand if _COLOUR[c] == colour]
            return following or [_LAY[c] for c in hand]
        if phase == PHASE_REVEAL:
            if seat != self.reveal_next or not self._seat(seat):
                return []
            return ["reveal", "hide"] if _COLOUR[self.passes[-1][seat]] == self.colour else ["hide"]
        if phase == PHASE_CHOOSE:
            if seat != self.on_turn or not self._seat(seat):
                return []
            choices = ["continue", "end"] if self.hands[seat] else ["end"]
            return choices + [_ACCUSE[s] for s in accusable(self.players, self.up[-1], seat)]
        if phase == PHASE_CALL and seat == self.caller and self._seat(seat):
            return list(_CALLS)
        return []

    owed_actions = legal_actions  # Mogel Motte's name for what the game waits for; Mogelei has no side actions

    def expected(self) -> list[int]:
        """The seats that owe an action now."""
        phase = self.phase
        if phase == PHASE_LAY:
            return [s for s, c in enumerate(self.passes[-1]) if c is None]
        if phase == PHASE_REVEAL:
            return [self.reveal_next]
        if phase == PHASE_CHOOSE:
            return [self.on_turn]
        if phase == PHASE_CALL:
            return [self.caller]
        return []

    def next_deadline(self) -> None:
        """Mogelei has no time windows: nothing ever closes by itself."""
        return None

    def ranking(self) -> list[list[int]]:
        """Seats grouped by place after the finished games, best total first; ties share a place."""
        return places(self.scores)

    # -- acting ---------------------------------------------------------------------

    def advance(self, now: int) -> list[dict]:
        """Move the clock to ``now``; nothing in Mogelei happens by time alone."""
        if type(now) is not int or now < self.clock:
            raise IllegalAction("time_backwards", f"time {now!r} is before {self.clock}")
        self.clock = now
        return []

    def apply(self, seat: int, action: str, at: int) -> list[dict]:
        """Do ``action`` for ``seat`` at time ``at`` (ms); returns the public events it caused.

        An illegal action raises :class:`IllegalAction` and leaves the game exactly as it was.
        """
        if type(at) is not int or at < self.clock:
            raise IllegalAction("time_backwards", f"time {at!r} is before {self.clock}")
        legal = self._legal_cache.get(seat) if self._legal_cache and type(seat) is int else None
        if legal is None:
            legal = self.legal_actions(seat)
        if not isinstance(action, str) or action not in legal:
            raise self._why_illegal(seat, action)
        self.clock = at
        mark = len(self.log)
        verb, _, arg = action.partition(" ")
        _DO[verb](self, seat, arg, at)
        self._legal_cache = None
        return public(self.log[mark:])

    def _do_call(self, seat: int, colour: str, at: int) -> None:
        self.colour = colour
        self._log(at, "called", seat=seat, colour=colour)
        self._start_pass(seat, at)

    def _start_pass(self, caller: int, at: int) -> None:
        self.passes.append([None] * self.players)
        self.up.append([])
        self.pass_caller, self.reveal_at, self.on_turn = caller, None, None
        self.phase = PHASE_LAY
        self._log(at, "pass_start", caller=caller, colour=self.colour, **{"pass": len(self.passes)})

    def _do_lay(self, seat: int, card: str, at: int) -> None:
        self.hands[seat].remove(card)
        current = self.passes[-1]
        current[seat] = card
        self._log(at, "laid", seat=seat, card=card, see=[seat], **{"pass": len(self.passes)})
        if None not in current:
            self.phase, self.reveal_at = PHASE_REVEAL, 0

    def _do_reveal(self, seat: int, _: str, at: int) -> None:
        self.up[-1].append(seat)
        self._log(at, "revealed", seat=seat, card=self.passes[-1][seat])
        self._decided(at)

    def _do_hide(self, seat: int, _: str, at: int) -> None:
        self._log(at, "hid", seat=seat)
        self._decided(at)

    def _decided(self, at: int) -> None:
        self.reveal_at += 1
        if self.reveal_at < self.players:
            return
        self.reveal_at = None
        self.on_turn = on_turn_after_pass(self.passes[-1], self.up[-1], self.pass_caller)
        self.phase = PHASE_CHOOSE
        self._log(at, "on_turn", seat=self.on_turn)

    def _do_continue(self, seat: int, _: str, at: int) -> None:
        self._log(at, "continued", seat=seat)
        self._start_pass(seat, at)

    def _do_end(self, seat: int, _: str, at: int) -> None:
        self._log(at, "ended", seat=seat)
        self._settle(seat, None, at)

    def _do_accuse(self, seat: int, target: str, at: int) -> None:
        target = int(target)
        card = self.passes[-1][target]
        right = C.colour(card) == self.colour
        self._log(at, "accused", seat=seat, target=target, card=card, right=right)
        self._settle(collector_after_accusation(seat, target, card, self.colour), target, at)

    # -- rounds and games ---------------------------------------------------------------

    def _settle(self, collector: int, accused: int | None, at: int) -> None:
        """The end of a round: the last pass turned up, the fattest egg, the cards collected."""
        last, revealed = self.passes[-1], self.up[-1]
        hidden = [s for s in range(self.players) if s not in revealed and s != accused]
        if hidden:
            self._log(at, "turned_up", cards={str(s): last[s] for s in hidden})
        winner = fattest_egg(last, hidden, self.colour)
        if winner is not None and self.rewards_left:
            self.rewards[winner] += 1
            self._log(at, "fattest_egg", seat=winner, card=last[winner])
        else:
            winner = None
            self._log(at, "no_fattest_egg")
        collected = [c for p in self.passes for c in p]
        self.piles[collector].extend(collected)
        self._log(at, "collected", seat=collector, count=len(collected))
        self.history.append({
            "game": self.game_no, "round": self.round, "game_round": self.game_round, "caller": self.caller,
            "colour": self.colour, "passes": len(self.passes), "on_turn": self.on_turn,
            "accused": accused, "right": None if accused is None else collector == accused,
            "last_pass": list(last), "revealed": list(revealed), "collector": collector,
            "count": len(collected), "reward": winner,
        })
        self._log(at, "round_end", round=self.round, collector=collector, reward=winner)
        self.passes, self.up, self.colour = [], [], None
        self.pass_caller = self.on_turn = None
        if self.hands[0]:
            self._start_round(collector, at)
        else:
            self._end_game(at)

    def _start_round(self, caller: int, at: int, dealt: bool = False) -> None:
        if not dealt:
            self.round += 1
            self._round_log_begins()
        self.game_round += 1
        self.caller, self.phase = caller, PHASE_CALL
        self._log(at, "round_start", round=self.round, game_round=self.game_round, caller=caller)

    def _round_log_begins(self) -> None:
        self.round_log_start = self.log_length
        self.log_dropped = [0] * (self.players + 1)

    def _end_game(self, at: int) -> None:
        eggs = [sum(C.eggs(c, self.options["eggs"]) for c in pile) for pile in self.piles]
        points = game_points(self.rewards, eggs)
        self.scores = [s + p for s, p in zip(self.scores, points)]
        result = {"game": self.game_no, "eggs": eggs, "rewards": list(self.rewards), "points": points,
                  "totals": list(self.scores)}
        self.games_history.append(result)
        self._log(at, "game_end", **{k: list(v) if isinstance(v, list) else v for k, v in result.items()})
        if self.game_no >= self.options["games"]:
            self.phase = PHASE_OVER
            self._log(at, "match_end", totals=list(self.scores), ranking=self.ranking(), games=self.options["games"])
            return
        self._deal(at)

    def _deal(self, at: int) -> None:
        """A new game: the next dealer shuffles and deals every card in play, 12 each."""
        self.game_no += 1
        self.round += 1
        self._round_log_begins()
        self.game_round = 0
        n = self.players
        self.dealer = (self.options["dealer"] + self.game_no - 1) % n
        deck = C.deck(n)
        self._rng().shuffle(deck)
        hands = [[] for _ in range(n)]
        for i, card in enumerate(deck):  # one at a time, from the dealer's left
            hands[(self.dealer + 1 + i) % n].append(card)
        self.hands = [C.sorted_cards(h) for h in hands]
        self.piles = [[] for _ in range(n)]
        self.rewards = [0] * n
        self.history = []  # the event table keeps earlier games' rounds; the state stays small
        caller = (self.dealer + 1) % n
        self._log(at, "game_start", game=self.game_no, dealer=self.dealer, caller=caller)
        for seat in range(n):
            self._log(at, "dealt", seat=seat, cards=list(self.hands[seat]), only=[seat])
        self._start_round(caller, at, dealt=True)

    def _rng(self) -> random.Random:
        # One seeded generator per shuffle keeps the state small enough to store with the
        # game and replays exactly from seed + counter.
        self.shuffles += 1
        return random.Random(f"mogelei:{self.seed}:{self.shuffles}")

    def _log(self, at: int, code: str, **params) -> None:
        params["code"], params["t"] = code, at  # the keyword dict is the event: no copy
        self.log.append(params)

    # -- what a seat may see ----------------------------------------------------------

    def view(self, seat: int | None) -> dict:
        """Everything ``seat`` may see (None: an onlooker), as JSON-ready data.

        Never another seat's face-down card, nor any face-down card of an earlier pass
        or round of another seat; collected piles are counts.
        """
        if seat is not None and not self._seat(seat):
            raise ValueError(f"no seat {seat!r}")
        choosing = self.phase == PHASE_CHOOSE
        return {
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "game_no": self.game_no,
            "games": self.options["games"],
            "round": self.round,
            "game_round": self.game_round,
            "dealer": self.dealer,
            "caller": self.caller,
            "colour": self.colour,
            "pass_no": self.pass_no,
            "pass_caller": self.pass_caller,
            "hand": C.sorted_cards(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "stacks": [self._stack(s, seat) for s in range(self.players)],
            "laid": [s for s, c in enumerate(self.passes[-1]) if c is not None] if self.passes else [],
            "reveal_order": reveal_order(self.pass_caller, self.players) if self.passes else [],
            "reveal_next": self.reveal_next,
            "on_turn": self.on_turn,
            "accusable": accusable(self.players, self.up[-1], self.on_turn) if choosing else [],
            "can_continue": choosing and bool(self.hands[self.on_turn]),
            "rewards": list(self.rewards),
            "piles": [len(p) for p in self.piles],
            "rewards_left": self.rewards_left,
            "scores": list(self.scores),
            "eggs_option": self.options["eggs"],
            "options": dict(self.options),
            "clock": self.clock,
            "changed_at": self.log[-1]["t"] if self.log else 0,
            "log": self.round_log(seat),
            # How many of this round's events, as this seat sees them, came before log[0].
            "log_start": self.log_dropped[self.players if seat is None else seat],
            "history": [dict(h, last_pass=list(h["last_pass"]), revealed=list(h["revealed"]))
                        for h in self.history],
            "games_history": [{k: list(v) if isinstance(v, list) else v for k, v in g.items()}
                              for g in self.games_history],
            "ranking": self.ranking() if self.over else None,
        }

    def _stack(self, owner: int, viewer: int | None) -> list[dict]:
        """``owner``'s cards of this round, pass by pass, as ``viewer`` sees them."""
        stack = []
        for laid, up in zip(self.passes, self.up):
            card = laid[owner]
            if card is None:
                stack.append({"card": None, "face": "empty", "mine": owner == viewer})
            elif owner in up:
                stack.append({"card": card, "face": "up", "mine": owner == viewer})
            else:
                stack.append({"card": card if owner == viewer else None, "face": "down", "mine": owner == viewer})
        return stack

    # -- explaining a refusal -----------------------------------------------------------

    def _why_illegal(self, seat: object, action: object) -> IllegalAction:
        if not self._seat(seat):
            return IllegalAction("bad_seat", f"no seat {seat!r}", seat=seat)
        parts = action.split(" ") if isinstance(action, str) else []
        verb, args = (parts[0], parts[1:]) if parts else ("", [])
        arity = {"call": 1, "lay": 1, "reveal": 0, "hide": 0, "continue": 0, "end": 0, "accuse": 1}
        if verb not in arity or len(args) != arity[verb] or verb == "accuse" and not _SEAT_NUMBER.fullmatch(args[0]):
            return IllegalAction("malformed", f"not an action: {action!r}", action=action)
        if self.phase == PHASE_OVER:
            return IllegalAction("game_over", "the match is over")
        if verb == "call":
            if self.phase != PHASE_CALL or seat != self.caller:
                return IllegalAction("not_your_call", "only the round's caller calls, once")
            return IllegalAction("bad_colour", f"not a colour: {args[0]!r}", colour=args[0])
        if verb == "lay":
            card = args[0]
            if self.phase != PHASE_LAY:
                return IllegalAction("not_your_lay", "no pass is being laid")
            if self.passes[-1][seat] is not None:
                return IllegalAction("already_laid", "you have laid your card of this pass")
            if card not in self.hands[seat]:
                return IllegalAction("not_in_hand", f"{card} is not in your hand", card=card)
            return IllegalAction("must_follow", f"lay {self.colour}: you hold it", card=card, colour=self.colour)
        if verb in ("reveal", "hide"):
            if self.phase != PHASE_REVEAL or seat != self.reveal_next:
                return IllegalAction("not_your_reveal", "it is not your turn to reveal or hide")
            return IllegalAction("cannot_reveal", "a card of another colour stays face down", colour=self.colour)
        if self.phase != PHASE_CHOOSE or seat != self.on_turn:
            return IllegalAction("not_on_turn", "you are not on turn")
        if verb == "continue":
            return IllegalAction("cannot_continue", "the hands are empty: end or accuse")
        if verb == "accuse":
            return IllegalAction("bad_accusation", f"you cannot accuse seat {args[0]}", seat=args[0])
        return IllegalAction("malformed", f"not an action: {action!r}", action=action)  # not reached


_DO = {verb: getattr(Game, "_do_" + verb) for verb in ("call", "lay", "reveal", "hide", "continue", "end", "accuse")}
