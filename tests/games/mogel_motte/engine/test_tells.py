"""A hand that shrinks with nothing in the public log to explain it is a cheat's tell."""

from games.mogel_motte.engine.tells import expected_sizes, shrunk


def seen_by(game, seat):
    view = game.view(seat)
    return view["hand_sizes"], view["log"]


def test_a_play_explains_a_smaller_hand_but_a_cheat_does_not(make):
    game = make([["1", "4", "moth3"], ["moth2", "5", "3"], ["2", "3"]], discard=["2"],
                options={"act_ms": 1000})
    sizes, log = seen_by(game, 0)
    game.apply(0, "play 1", 10)
    game.apply(1, "cheat moth2", 20)
    new_sizes, new_log = seen_by(game, 0)
    expected = expected_sizes(sizes, new_log[len(log):])
    assert expected == [2, 3, 2]
    assert shrunk(new_sizes, expected, me=0) == [1]
    assert shrunk(new_sizes, expected, me=1) == [], "nobody suspects themselves"


def test_once_the_shrink_was_seen_a_caught_cheat_explains_itself(make):
    game = make([["1", "4", "moth3"], ["moth2", "5", "3"], ["2", "3"]], discard=["2"],
                options={"act_ms": 1000})
    looks = [seen_by(game, 2)]
    game.apply(1, "cheat moth2", 20)
    looks.append(seen_by(game, 2))
    game.apply(0, "catch 1", 30)
    game.apply(0, "hand 4", 40)
    looks.append(seen_by(game, 2))
    tells = [shrunk(now, expected_sizes(before, log[len(old_log):]), me=2)
             for (before, old_log), (now, log) in zip(looks, looks[1:])]
    assert tells == [[1], []], "the tell when the hand shrank, none when the card came back"
