"""Hidden information: a view and a seat's events never hold another seat's face-down card,
nor any face-down card of an earlier pass once it is collected."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mogelei.engine import Game, seen_by

from .helpers import lay_all, play, position, random_position

HANDS = [["black-1", "red-1", "blue-1"], ["black-2", "red-2", "blue-2"], ["red-3", "blue-3", "yellow-3"]]


def mentions(data, card):
    return f'"{card}"' in json.dumps(data)


def test_a_seat_sees_its_own_face_down_card_others_see_only_that_it_lies_there():
    game = position(HANDS, colour="black")
    lay_all(game, ["black-1", "black-2", "red-3"])
    assert game.view(0)["stacks"][0] == [{"card": "black-1", "face": "down", "mine": True}]
    assert game.view(1)["stacks"][0] == [{"card": None, "face": "down", "mine": False}]
    assert game.view(None)["stacks"][2] == [{"card": None, "face": "down", "mine": False}]
    for seat in (1, 2, None):
        assert not mentions(game.view(seat), "black-1")
    play(game, (0, "reveal"))
    assert game.view(1)["stacks"][0] == [{"card": "black-1", "face": "up", "mine": False}]


def test_a_seat_yet_to_lay_shows_an_empty_place_and_who_laid_is_public():
    game = position(HANDS, colour="black")
    play(game, (1, "lay black-2"))
    view = game.view(0)
    assert view["laid"] == [1]
    assert [s[0]["face"] for s in view["stacks"]] == ["empty", "down", "empty"]


def test_face_down_cards_of_an_earlier_pass_are_collected_unseen_for_ever():
    game = position(HANDS, colour="black")
    lay_all(game, ["black-1", "black-2", "red-3"])  # seat 1 bluffs with black 2 in pass 1
    play(game, (0, "reveal"), (1, "hide"), (2, "hide"), (0, "continue"))
    assert game.view(1)["stacks"][1][0]["card"] == "black-2", "the owner still sees it during the round"
    lay_all(game, ["red-1", "red-2", "blue-3"])
    events = play(game, (0, "hide"), (1, "hide"), (2, "hide"), (0, "end"))
    collected = next(e for e in events if e["code"] == "collected")
    assert set(collected) == {"code", "t", "seat", "count"} and collected["count"] == 6
    for seat in (0, 1, 2, None):
        assert not mentions(game.view(seat), "black-2")
        assert not mentions(game.view(seat), "red-3")
        if seat != 1:
            assert not mentions([seen_by(e, seat) for e in game.log], "black-2")
    assert game.history[-1]["last_pass"] == ["red-1", "red-2", "blue-3"], "the last pass was turned up for all"


def test_dealt_cards_reach_only_their_seat():
    game = Game.new(4, seed=2)
    for event in game.log:
        if event["code"] == "dealt":
            assert seen_by(event, event["seat"])["cards"] == game.hands[event["seat"]]
            assert all(seen_by(event, s) is None for s in (None, *(s for s in range(4) if s != event["seat"])))
    assert game.view(None)["hand"] == [] and len(game.view(2)["hand"]) == 12


def test_a_forced_hide_and_a_chosen_one_log_the_same_event():
    game = position(HANDS, colour="black")
    lay_all(game, ["black-1", "black-2", "red-3"])
    events = play(game, (0, "hide"), (1, "hide"), (2, "hide"))
    assert [set(e) for e in events[:3]] == [{"code", "t", "seat"}] * 3


def shuffle_hidden_cards(game, viewer, rng):
    """Swap around everything ``viewer`` cannot see: other hands, other face-down cards on the
    table, every collected pile; every size kept."""
    places = [(game.hands, s) for s in range(game.players) if s != viewer]
    places += [(game.piles, s) for s in range(game.players)]
    table = [(laid, s) for laid, up in zip(game.passes, game.up)
             for s in range(game.players) if s != viewer and s not in up and laid[s] is not None]
    pool = [c for where, s in places for c in where[s]] + [laid[s] for laid, s in table]
    rng.shuffle(pool)
    for where, s in places:
        size = len(where[s])
        where[s], pool = pool[:size], pool[size:]
    for laid, s in table:
        laid[s] = pool.pop()


players = st.integers(min_value=3, max_value=8)
seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=150, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=400), st.randoms(use_true_random=False))
def test_a_view_does_not_change_when_hidden_cards_change(n, seed, stop, shuffler):
    game = random_position(n, seed, stop)
    for viewer in (*range(n), None):
        seen = game.view(viewer)
        other = Game.from_json(game.to_json())
        shuffle_hidden_cards(other, viewer, shuffler)
        assert other.view(viewer) == seen
