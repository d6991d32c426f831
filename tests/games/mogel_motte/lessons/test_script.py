"""Lessons without loose ends (runner and lesson data, no HTTP): each step opens with a log that
agrees with its goal, a learner who leaves the script is stopped with an explanation before any
bot moves on, and a round never ends (nor a new one is dealt) in a step that is not about it."""

import re

import pytest
from django.utils import translation

from games.mogel_motte.table.events import describe
from tutorial import data_files
from tests.games.mogel_motte.game_data import LESSON_FOLDER, runner
from tutorial.views import seat_names

LESSONS = data_files.lessons(LESSON_FOLDER)
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson["steps"]]
IDS = [f"{lesson['slug']}/{step['key']}" for lesson, step in STEPS]
NAMES = ["you", "Mia", "Leo", "Ben", "Zoe"]
SEAT = {name.lower(): seat for seat, name in enumerate(NAMES)}
WHO = r"(you|You|Mia|Leo|Ben|Zoe)"


def step_named(slug, key):
    lesson = next(lesson for lesson in LESSONS if lesson["slug"] == slug)
    return next(step for step in lesson["steps"] if step["key"] == key)


def goal_claims(goal: str) -> dict:
    """Who the English goal says is the guard, started the round, and is on turn at the start."""
    claims = {}
    for pattern in (rf"\b{WHO} (?:have|has|hold|holds) the Guard Bug", rf"\b{WHO} (?:are|is) the guard\b",
                    rf"\b{WHO} (?:is|are) watching", rf"\b{WHO} calls? “Caught!”"):
        for name in re.findall(pattern, goal):
            claims.setdefault("guard", set()).add(SEAT[name.lower()])
    if re.search(r"(?:^|[.!?:–] )Call “Caught!”", goal):
        claims.setdefault("guard", set()).add(0)  # only the guard may call it
    for name in re.findall(rf"\b{WHO} started round", goal):
        claims.setdefault("starter", set()).add(SEAT[name.lower()])
    if re.search(r"(?:^|[.!?:–] )(?:Play|Draw)\b", goal):
        claims["turn"] = {0}
    return claims


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_goal_the_opening_log_and_the_table_agree_on_guard_starter_and_turn(lesson, step):
    state = runner.start(data_files.runner_step(step))
    game = runner.game_of(state)
    opening = runner.seen_by_learner(game.log)
    assert opening and opening[0]["code"] == "round_start"
    start = opening[0]
    scenario = step["scenario"]
    table = {"guard": game.guard, "turn": game.turn, "starter": game.starter}
    assert table == {"guard": scenario["guard"], "turn": scenario["turn"],
                     "starter": scenario.get("starter", scenario["guard"])}
    logged = {"guard": start["guard"], "turn": start["turn"], "starter": start["starter"]}
    assert logged == table, "the opening log says what the table shows"
    assert not any(e["code"] == "guard_moved" for e in opening), "nothing but the opening line before the learner moves"

    names = seat_names(game.players)
    with translation.override("en"):
        line = describe(start, names, runner.LEARNER)
    guard, turn = table["guard"], table["turn"]
    assert ("you hold the guard bug" in line.lower()) == (guard == 0), line
    if guard:
        assert f"{names[guard]} holds the Guard Bug" in line, line
    on_turn = "your turn" in line or "you hold the Guard Bug and start" in line
    assert on_turn == (turn == 0), line
    if turn:
        assert f"{names[turn]}'s turn" in line or f"{names[turn]} holds the Guard Bug and starts" in line, line

    for key, seats in goal_claims(step["goal"]["en"]).items():
        assert seats == {table[key]}, f"the goal says {key} is {seats}, the table says {table[key]}"


def test_the_goal_reader_finds_the_claims_the_lessons_make():
    # The claims test above is only as good as this reader: it must see what the goals say.
    assert goal_claims("You started round 1, but now Leo has the Guard Bug. End the round.") == {
        "guard": {2}, "starter": {0}}
    assert goal_claims("Now you have the Guard Bug: you are the guard. Play it!") == {"guard": {0}, "turn": {0}}
    assert goal_claims("Play the 3. Soon Mia calls “Caught!” on Leo.") == {"guard": {1}, "turn": {0}}
    assert goal_claims("Nobody cheated. Call “Caught!” on Mia anyway.") == {"guard": {0}}


def test_a_lesson_position_is_told_as_a_round_under_way_not_as_its_start():
    start = {"code": "round_start", "round": 1, "guard": 1, "starter": 1, "turn": 0, "top": "2"}
    with translation.override("en"):
        line = describe(start, seat_names(3), 0)
        assert line == "Round 1 is under way. Mia holds the Guard Bug. It is your turn. The top card is the number card 2."
        started = describe({**start, "guard": 2, "starter": 0}, seat_names(3), 0)
        assert started.startswith("Round 1 is under way; you started it. Leo holds the Guard Bug.")
        fresh = describe({**start, "turn": 1}, seat_names(3), 0)
        assert fresh.startswith("Round 1: Mia holds the Guard Bug and starts.")
    with translation.override("de"):
        assert describe(start, seat_names(3), 0).startswith("Runde 1 läuft schon. Mia hat die Wächter-Wanze.")


# -- leaving the script ----------------------------------------------------------------------


def act(step, moves):
    rs = data_files.runner_step(step)
    state = runner.start(rs)
    outcome = None
    for at, action in moves:
        outcome = runner.act(rs, state, action, at)
        assert outcome.refusal is None, outcome.refusal
        state = outcome.state
    return outcome


def test_playing_the_1_instead_of_the_3_stops_the_mosquito_step_before_mia_moves():
    step = step_named("mosquito", "slap-in-time")
    outcome = act(step, [(0, "play 1")])
    assert outcome.status == runner.FAILURE
    assert "You played the 1" in step["failure"][outcome.failure]["text"]["en"]
    assert [e["code"] for e in outcome.events] == ["played"], "no bot plays on after the learner's move"
    assert runner.next_due(data_files.runner_step(step), outcome.state) is None


def test_playing_a_card_before_cheating_stops_the_caught_step_in_round_one():
    step = step_named("caught-cheating", "you-are-caught")
    outcome = act(step, [(0, "play 2")])
    game = runner.game_of(outcome.state)
    assert outcome.status == runner.FAILURE
    assert "You played a card first" in step["failure"][outcome.failure]["text"]["en"]
    assert game.round == 1 and [len(h) for h in game.hands] == [2, 2, 2]
    assert runner.tick(data_files.runner_step(step), outcome.state, 60000).state == outcome.state, "nothing more happens"


def test_giving_the_spiders_gift_to_the_wrong_player_fails_and_the_right_one_wins():
    step = step_named("spider", "give-a-card")
    wrong = act(step, [(0, "play spider3"), (500, "give 5 1")])
    assert wrong.status == runner.FAILURE
    assert "Mia" in step["failure"][wrong.failure]["text"]["en"] and "Leo" in step["success_text"]["en"]
    assert act(step, [(0, "play spider3"), (500, "give 5 2")]).status == runner.SUCCESS


def test_any_other_move_the_engine_accepts_ends_the_step_as_off_script_and_remembers_the_move():
    step = step_named("cheating", "make-it-disappear")
    outcome = act(step, [(0, "draw")])
    assert outcome.status == runner.FAILURE and outcome.failure == runner.OFF_SCRIPT
    game = runner.game_of(outcome.state)
    move = game.log[outcome.state["off_move"]]
    assert move["code"] == "drew" and move["seat"] == 0
    assert game.turn == 1 and len(game.hands[1]) == 2, "Mia has not played on"


def test_a_move_outside_the_plan_that_meets_the_goal_still_wins():
    step = step_named("mosquito", "slap-in-time")
    assert runner.planned(data_files.runner_step(step), "hand 4")
    shown = dict(step, plan=["play 3", "slap"])  # without "hand *", handing the 4 is not planned
    outcome = act(shown, [(0, "play 3"), (2000, "slap")])
    outcome = runner.tick(data_files.runner_step(shown), outcome.state, 5500)
    outcome = runner.act(data_files.runner_step(shown), outcome.state, "hand 4", 5600)
    assert outcome.status == runner.SUCCESS


def test_too_quick_a_slap_in_the_be_the_slowest_step_says_so():
    step = step_named("mosquito", "be-the-slowest")
    outcome = act(step, [(0, "play 3"), (100, "slap")])
    outcome = runner.tick(data_files.runner_step(step), outcome.state, 700)
    assert outcome.status == runner.FAILURE and "Ben slapped last" in step["failure"][outcome.failure]["text"]["en"]


def test_the_not_while_caught_step_is_won_only_once_the_cheat_is_over():
    step = step_named("cheating", "not-while-caught")
    rs = data_files.runner_step(step)
    outcome = act(step, [(0, "play 3")])
    outcome = runner.act(rs, runner.tick(rs, outcome.state, 6600).state, "cheat moth2", 7000)
    act_ms = step["scenario"]["options"]["act_ms"]
    assert outcome.status == runner.PLAYING, "the moth is still in the act"
    assert runner.tick(rs, outcome.state, 7000 + act_ms - 1).status == runner.PLAYING
    assert runner.tick(rs, outcome.state, 7000 + act_ms).status == runner.SUCCESS


def test_cheating_before_the_caught_is_settled_is_explained():
    step = step_named("cheating", "not-while-caught")
    outcome = act(step, [(0, "play 3"), (300, "cheat moth2")])
    assert outcome.status == runner.FAILURE and "Too early" in step["failure"][outcome.failure]["text"]["en"]


OUT = {"players": 3, "hands": [["3", "5"], ["4"], ["1", "5"]], "discard": ["2"], "draw": ["1", "4"],
       "guard": 1, "turn": 0}


def test_a_round_never_ends_in_a_step_that_is_not_about_it():
    # Mia's autopilot would go out with her last card: the engine would end the round and deal
    # the next one at once. The runner takes that move back and stops the step instead.
    step = {"scenario": OUT, "success": {"event": "drew", "seat": 0}, "plan": ["play *"]}
    state = runner.start(step)
    outcome = runner.act(step, state, "play 3", 0)
    game = runner.game_of(outcome.state)
    assert outcome.status == runner.FAILURE and outcome.failure == runner.ROUND_WOULD_END
    assert game.round == 1 and game.hands[1] == ["4"] and game.turn == 1
    assert not any(e["code"] in ("round_end", "round_start") for e in outcome.events[1:])


def test_a_step_about_the_end_of_a_round_lets_it_end():
    step = {"scenario": {**OUT, "options": {"rounds": "single"}}, "success": {"event": "round_end", "out": 1},
            "plan": ["play *"]}
    outcome = runner.act(step, runner.start(step), "play 3", 0)
    assert outcome.status == runner.SUCCESS


def test_plan_patterns():
    step = {"plan": ["play 3", "give 5 *", "hand *"]}
    assert runner.planned(step, "play 3") and runner.planned(step, "give 5 2") and runner.planned(step, "hand moth1")
    assert not runner.planned(step, "play 1") and not runner.planned(step, "give 4 2")
    assert not runner.planned(step, "give 5") and not runner.planned(step, "draw")
    assert runner.planned({"plan": None}, "draw"), "a step without a plan allows every move"
    assert runner.plan_of({"solution": [{"at": 0, "do": "play 3"}, {"at": 9, "wait": True}, {"at": 9, "do": "play 3"}]}) == [
        "play 3"]


# -- the lesson data -------------------------------------------------------------------------

CONTROLS = {"cheat", "catch", "draw"}
VERBS = {"play", "draw", "give", "keep", "slap", "hand", "race", "cheat", "catch"}


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_winning_line_is_on_script_and_its_moves_are_on_the_table(lesson, step):
    controls = step.get("controls", {})
    assert set(controls) <= CONTROLS and all(isinstance(v, bool) for v in controls.values())
    rs = data_files.runner_step(step)
    assert all(p.split()[0] in VERBS for p in rs["plan"])
    for move in step["solution"]:
        if "do" not in move:
            continue
        assert runner.planned(rs, move["do"]), f"{move['do']} is part of the step's plan"
        verb = move["do"].split()[0]
        if verb == "cheat":
            assert controls.get("cheat", lesson.get("controls", {}).get("cheat", False)), "a step won by cheating shows Cheat"
        if verb == "catch":
            assert controls.get("catch", True), "a step won by a Caught! shows the button"


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_guard_is_offered_no_cheat_unless_the_step_is_about_that(lesson, step):
    # The guard's Cheat buttons only ever get refused: offer them only where that refusal is the lesson.
    if step["scenario"]["guard"] != 0:
        return
    cheat = step.get("controls", {}).get("cheat", lesson.get("controls", {}).get("cheat", False))
    about_it = step["wrong_move"]["code"] == "guard_may_not_cheat"
    assert cheat == about_it
