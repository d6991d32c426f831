"""The rulebook's worked example, move by move: Anton, Berta, Claus, Doris and Emil (seats 0-4).

Pass 1: A calls black; A, B, C and D reveal their blacks, D's 11 the highest; E keeps
his black 10 hidden (a bluff). D could end, accuse E or continue: he continues.
Pass 2, revealed in the order D-E-A-B-C: D reveals black 1 and B black 2 (so B is on
turn and may accuse A, C or E); C could not follow (yellow 12), A and E bluff with black
9 and 8. B accuses C, who shows the yellow 12: wrong, so B collects the round's 10
cards; A's hidden black 9 beats E's black 8 for the fattest egg; B calls next.
"""

import json

from games.mogelei.engine import seen_by

from .helpers import codes, lay_all, play, position

A, B, C, D, E = range(5)
HANDS = [
    ["black-3", "black-9", "red-1", "red-2", "red-3", "yellow-1", "yellow-2", "yellow-3",
     "blue-1", "blue-2", "blue-3", "blue-4"],
    ["black-5", "black-2", "red-5", "red-6", "red-7", "yellow-4", "yellow-5", "yellow-6",
     "blue-5", "blue-6", "blue-7", "blue-8"],
    ["black-6", "yellow-12", "red-8", "red-9", "red-10", "yellow-7", "yellow-8", "yellow-9",
     "blue-9", "blue-10", "blue-11", "blue-12"],
    ["black-11", "black-1", "black-4", "red-11", "red-12", "red-13", "yellow-10", "yellow-11",
     "yellow-13", "blue-13", "blue-14", "blue-15"],
    ["black-10", "black-8", "black-7", "black-12", "black-13", "black-14", "black-15", "red-14",
     "red-15", "red-4", "yellow-14", "yellow-15"],
]
PASS_1 = ["black-3", "black-5", "black-6", "black-11", "black-10"]
PASS_2 = ["black-9", "black-2", "yellow-12", "black-1", "black-8"]


def example():
    return position(HANDS, caller=A, dealer=E)


def test_the_worked_example_plays_exactly_as_the_rulebook_tells_it():
    game = example()
    assert game.dealer == E and game.caller == A and game.legal_actions(A)[0] == "call black"

    # Pass 1.
    play(game, (A, "call black"))
    lay_all(game, PASS_1)
    assert game.phase == "reveal" and game.view(A)["reveal_order"] == [A, B, C, D, E]
    assert game.legal_actions(E) == [] and game.expected() == [A]
    play(game, (A, "reveal"), (B, "reveal"), (C, "reveal"), (D, "reveal"), (E, "hide"))
    assert game.on_turn == D, "D revealed the highest black, the 11"
    assert game.legal_actions(D) == ["continue", "end", f"accuse {E}"]
    play(game, (D, "continue"))
    assert game.pass_caller == D and game.colour == "black", "D calls black again"

    # Pass 2.
    lay_all(game, PASS_2)
    assert game.view(B)["reveal_order"] == [D, E, A, B, C]
    assert game.legal_actions(C) == [], "C could not follow, but waits for its turn like everyone"
    play(game, (D, "reveal"), (E, "hide"), (A, "hide"), (B, "reveal"))
    assert game.legal_actions(C) == ["hide"], "C laid another colour: it can only keep it hidden"
    play(game, (C, "hide"))
    assert game.on_turn == B, "B's black 2 is the highest black revealed in the last pass"
    assert game.view(D)["accusable"] == [A, C, E]
    mark = game.log_length
    play(game, (B, f"accuse {C}"))
    events = game.log[mark - game.log_base:]

    assert codes(events) == ["accused", "turned_up", "fattest_egg", "collected", "round_end", "round_start"]
    accused, turned_up, egg, collected, round_end, _ = events
    assert accused == {"code": "accused", "t": accused["t"], "seat": B, "target": C, "card": "yellow-12",
                       "right": False}
    assert turned_up["cards"] == {str(A): "black-9", str(E): "black-8"}, "only A and E turn up their cards"
    assert (egg["seat"], egg["card"]) == (A, "black-9"), "A's hidden 9 beats E's hidden 8"
    assert (collected["seat"], collected["count"]) == (B, 10), "B takes the round's 10 cards"
    assert round_end["collector"] == B and round_end["reward"] == A
    assert game.rewards == [1, 0, 0, 0, 0]
    assert game.view(A)["piles"] == [0, 10, 0, 0, 0]
    assert game.caller == B and game.phase == "call", "B calls the next round"
    assert game.history[-1]["last_pass"] == PASS_2 and game.history[-1]["right"] is False


def test_in_the_example_nobody_else_ever_sees_that_e_bluffed_in_pass_1_too():
    game = example()
    play(game, (A, "call black"))
    lay_all(game, PASS_1)
    play(game, (A, "reveal"), (B, "reveal"), (C, "reveal"), (D, "reveal"), (E, "hide"), (D, "continue"))
    lay_all(game, PASS_2)
    play(game, (D, "reveal"), (E, "hide"), (A, "hide"), (B, "reveal"), (C, "hide"), (B, f"accuse {C}"))
    for seat in (A, B, C, D, None):
        seen = [seen_by(e, seat) for e in game.log]
        assert '"black-10"' not in json.dumps([e for e in seen if e]), seat
        assert '"black-10"' not in json.dumps(game.view(seat))
    assert [e["card"] for e in game.log if e["code"] == "laid" and e["seat"] == E][0] == "black-10"
