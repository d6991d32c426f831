"""Information Set Monte Carlo Tree Search, for any game that can be determinized.

After Cowling, Powley & Whitehouse (2012) and OpenSpiel's
``open_spiel/python/algorithms/ismcts.py``: one tree whose nodes are information states,
not game states; every iteration first samples a *determinization* (a full state
consistent with what the searching seat may know), then walks the tree with UCB over the
actions legal in that sample (counting how often each action was available, so an
action legal in few samples is not starved), adds one node, plays the rest out with a
policy and backs up the returns.

What a game supplies (duck-typed, nothing here knows a rule):

* ``determinize(rng)`` – a fresh :class:`State`-like object for one iteration, drawn
  from the searching seat's view and memory only;
* the state: ``current()`` (the seat to act, None when the search horizon is reached),
  ``actions()`` (hashable actions, in a fixed order), ``apply(action)``, ``key()`` (the
  acting seat's information state: equal keys must mean the seat cannot tell the
  states apart), ``policy(rng)`` (the modelled move of the seat to act: the opponent
  model, and the default play-out), ``returns()`` (one figure per seat, about -1..1).

Only the seats in ``tree_seats`` get tree nodes; the others always act by ``policy``:
with the few hundred iterations a web request can afford, searching the opponents'
choices too spreads the samples thin, and a calibrated opponent model is what makes
sampled searches strong in bluffing games (Bitan & Kraus 2018, SDMCTS for Cheat).

Budget: ``iterations`` is the main budget and keeps the search deterministic (same
seed, same view, same decision); ``time_ms`` is a safety net checked between
iterations that returns the best action so far. Randomness comes only from ``rng``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Callable, Hashable


@dataclass
class Node:
    """Statistics of one information state: per action, visits, summed (and squared) return, availability."""
    visits: dict = field(default_factory=dict)
    total: dict = field(default_factory=dict)
    squares: dict = field(default_factory=dict)
    available: dict = field(default_factory=dict)

    def mean(self, action: Hashable) -> float:
        return self.total[action] / self.visits[action]

    def error(self, action: Hashable) -> float:
        """The standard error of ``mean(action)`` (infinite with fewer than two visits)."""
        n = self.visits[action]
        if n < 2:
            return math.inf
        var = max(0.0, (self.squares[action] - self.total[action] ** 2 / n) / (n - 1))
        return math.sqrt(var / n)


@dataclass(frozen=True)
class Result:
    action: Hashable
    iterations: int
    visits: dict          # root action -> visits
    means: dict           # root action -> mean return for the searching seat
    errors: dict          # root action -> standard error of that mean
    stopped_by_time: bool

    def clearly_better(self, action: Hashable, than: Hashable, margin: float = 0.0) -> bool:
        """Whether ``action``'s mean beats ``than``'s by ``margin`` plus two standard errors of
        the difference: the search overrules a rule of thumb only when its samples say so."""
        if action not in self.means or than not in self.means:
            return than not in self.means
        spread = math.hypot(self.errors[action], self.errors[than])
        return self.means[action] - self.means[than] > margin + 2 * spread


def _select(node: Node, actions: list, rng: random.Random, c: float) -> tuple[Hashable, bool]:
    """(action, new): an action never tried here first (expansion), else the best UCB score."""
    for a in actions:
        node.available[a] = node.available.get(a, 0) + 1
    untried = [a for a in actions if a not in node.visits]
    if untried:
        return untried[rng.randrange(len(untried))], True
    best, best_score = actions[0], -math.inf
    for a in actions:
        n = node.visits[a]
        score = node.total[a] / n + c * math.sqrt(math.log(node.available[a]) / n)
        if score > best_score:
            best, best_score = a, score
    return best, False


def search(determinize: Callable[[random.Random], object], root_seat: int, rng: random.Random, *,
           iterations: int = 200, time_ms: float | None = 50.0, c: float = 0.7,
           tree_seats: frozenset | None = None, max_steps: int = 400) -> Result:
    """Search from the root seat's information state; returns the most visited root action."""
    tree: dict[Hashable, Node] = {}
    seats = frozenset([root_seat]) if tree_seats is None else tree_seats
    deadline = None if time_ms is None else time.perf_counter() + time_ms / 1000
    root_key = None
    done = 0
    stopped = False
    for done in range(1, iterations + 1):
        _iterate(determinize(rng), tree, seats, rng, c, max_steps)
        if root_key is None:
            root_key = next(iter(tree), None)
        if deadline is not None and time.perf_counter() > deadline:
            stopped = done < iterations
            break
    root = tree.get(root_key) if root_key is not None else None
    if root is None or not root.visits:
        raise ValueError("the root seat had no decision to search")
    # Most visits; ties go to the better mean, then to the first action in the game's order.
    order = list(root.visits)
    action = max(order, key=lambda a: (root.visits[a], root.mean(a), -order.index(a)))
    return Result(action, done, dict(root.visits), {a: root.mean(a) for a in order},
                  {a: root.error(a) for a in order}, stopped)


def _iterate(state, tree: dict, seats: frozenset, rng: random.Random, c: float, max_steps: int) -> None:
    path: list[tuple[Node, Hashable, int]] = []
    expanding = True
    for _ in range(max_steps):
        seat = state.current()
        if seat is None:
            break
        if expanding and seat in seats:
            key = state.key()
            node = tree.get(key)
            if node is None:
                node = tree[key] = Node()
            action, new = _select(node, state.actions(), rng, c)
            path.append((node, action, seat))
            if new:
                expanding = False   # one new node per iteration; the rest is play-out
        else:
            action = state.policy(rng)
        state.apply(action)
    returns = state.returns()
    for node, action, seat in path:
        node.visits[action] = node.visits.get(action, 0) + 1
        node.total[action] = node.total.get(action, 0.0) + returns[seat]
        node.squares[action] = node.squares.get(action, 0.0) + returns[seat] ** 2
