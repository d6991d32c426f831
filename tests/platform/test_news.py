"""The live region's news (mogel.play.shell.news, docs/accessibility.md): each line with the version
it is news of, so a page says it once; what needs the person first marked urgent by the game."""

from mogel import games
from mogel.play.shell import news


def test_each_line_carries_its_events_version_and_a_kinds_extra_lines_the_tables():
    events = [{"code": "a"}, {"code": "b"}]
    lines = news(["A.", "B.", "Extra."], events, [7, 8], 9, lambda event: event["code"] == "b")
    assert lines == [{"text": "A.", "v": 7, "urgent": False}, {"text": "B.", "v": 8, "urgent": True},
                     {"text": "Extra.", "v": 9, "urgent": False}]


def test_mogel_motte_marks_a_window_someone_else_opened_and_a_caught_on_the_seat():
    kind = games.get("mogel-motte")
    assert kind.urgent({"code": "mosquito_open", "seat": 1}, 0)
    assert not kind.urgent({"code": "mosquito_open", "seat": 0}, 0)   # your own mosquito: nothing to slap
    assert kind.urgent({"code": "cockroach_open", "seat": 2}, 0)
    assert kind.urgent({"code": "caught", "seat": 1, "accused": 0}, 0)
    assert not kind.urgent({"code": "caught", "seat": 0, "accused": 1}, 0)
    assert not kind.urgent({"code": "drew", "seat": 1}, 0)


def test_mogelei_marks_the_seats_turn_its_call_and_a_bluff_called_on_it():
    kind = games.get("mogelei")
    assert kind.urgent({"code": "on_turn", "seat": 0}, 0) and not kind.urgent({"code": "on_turn", "seat": 1}, 0)
    assert kind.urgent({"code": "round_start", "caller": 0}, 0)
    assert kind.urgent({"code": "accused", "seat": 2, "target": 0}, 0)
    assert not kind.urgent({"code": "accused", "seat": 0, "target": 2}, 0)


def test_a_game_says_nothing_is_urgent_unless_it_says_so():
    assert games.GameKind.urgent(games.get("mogel-motte"), {"code": "x"}, 0) is False
