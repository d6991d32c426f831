"""Final rankings of both games, numbered as a family counts places after a tie: 1, 2, 2, 2, 2, 6, 7, 8."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from mogel import games
from mogel.core.seats import placed

NAMES = ["Paul", "Lotte", "Emil", "Greta", "Jonas", "Mila", "Oma", "Frieda"]
# Four seats share second place (review item 11).
RANKING = [[0], [1, 2, 3, 4], [5], [6], [7]]
FAMILY_PLACES = [1, 2, 2, 2, 2, 6, 7, 8]


def shown_places(html):
    return [int(n) for n in re.findall(r'class="ranking__no">(\d+)\.<', html)]


def test_places_after_a_tie_count_everyone_ahead():
    assert [place for place, _seat in placed(RANKING)] == FAMILY_PLACES
    assert list(placed([[2, 0], [1]])) == [(1, 2), (1, 0), (3, 1)]
    assert list(placed([])) == []


def test_mogelei_final_ranking_numbers_places_after_a_tie():
    points = [9, 4, 4, 4, 4, 0, -3, -7]
    game = SimpleNamespace(players=8, over=True, round=12, options={"eggs": "by_value"}, history=[],
                           games_history=[{"game": 1, "eggs": [-p for p in points], "rewards": [0] * 8,
                                           "points": points}],
                           ranking=lambda: RANKING)
    summary = games.get("mogelei").summary(SimpleNamespace(game=game), NAMES)
    assert [p["place"] for p in summary["ranking"]] == FAMILY_PLACES
    with translation.override("de"):
        html = render_to_string("mogelei/_summary.html", {"summary": summary})
    assert shown_places(html) == FAMILY_PLACES


def test_mogel_motte_final_ranking_numbers_places_after_a_tie():
    scores = [3, 7, 7, 7, 7, 12, 20]
    ranking = [[0], [1, 2, 3, 4], [5], [6]]
    last = {"round": 5, "hands": [[]] * 7, "minus": [0] * 7, "totals": scores, "out": 0}
    game = SimpleNamespace(players=7, over=True, guard=0, history=[last], scores=scores, ranking=lambda: ranking)
    summary = games.get("mogel-motte").summary(SimpleNamespace(game=game), NAMES[:7])
    assert [p["place"] for p in summary["ranking"]] == [1, 2, 2, 2, 2, 6, 7]
    with translation.override("en"):
        html = render_to_string("mogel_motte/summary.html", {"summary": summary})
    assert shown_places(html) == [1, 2, 2, 2, 2, 6, 7]
