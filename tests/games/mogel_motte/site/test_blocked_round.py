"""A round blocked because its turns kept beginning in the same position says so at the table,
in every language: its log line and the round's scores (docs/rules-decisions.md, section 28)."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.mogel_motte.engine import Game
from games.mogel_motte.table import events
from games.mogel_motte.table.kind import MogelMotte
from tests.games.mogel_motte.engine.test_repetition import LOOP, play_until

NAMES = ["Ann", "Lucy", "Oscar", "Mia"]
LANGS = ("en", "de", "fr", "nl", "it")


class Turn:
    """What the summary reads of the practice game's turn: the game and the seat."""

    def __init__(self, game, seat=0):
        self.game, self.seat = game, seat


@pytest.fixture(scope="module")
def blocked():
    return play_until(Game.from_scenario({**LOOP, "options": {"rounds": "full"}}), lambda g: False)


def test_the_log_says_the_round_was_blocked_by_the_repeated_position(blocked):
    end = next(e for e in blocked.log if e["code"] == "round_end")
    passes = {**end, "repeated": False}
    said = {}
    for lang in LANGS:
        with translation.override(lang):
            said[lang] = events.describe(end, NAMES, 0)
            assert said[lang] != events.describe(passes, NAMES, 0), "not the sentence of a lap of passes"
            assert "1" in said[lang]
    assert said["en"] == "Round 1 is over: the table came back to the same position for the fifth time."
    assert len(set(said.values())) == len(LANGS), "each language says it in its own words"


def test_the_round_s_scores_say_why_it_ended(blocked):
    summary = MogelMotte().summary(Turn(blocked), NAMES)
    assert summary["repeated"] and summary["out"] is None
    shown = {}
    for lang in LANGS:
        with translation.override(lang):
            shown[lang] = render_to_string("mogel_motte/summary.html", {"summary": summary})
            passes = render_to_string("mogel_motte/summary.html", {"summary": {**summary, "repeated": False}})
            assert shown[lang] != passes
    assert "the same position for the fifth time" in shown["en"]
    assert "Zum fünften Mal" in shown["de"]
