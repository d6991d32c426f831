"""Every lesson step, played through the engine and the runner (no HTTP, no database).

For each step: its winning line (``solution``) reaches success; its typical wrong
move is refused by the engine with the expected code, changes nothing, and the
winning line still works right after it (the step can be retried at once).
"""

import re

import pytest

from games.mogel_motte.engine import CODES
from games.mogel_motte.engine.game import DEFAULT_OPTIONS
from tutorial import data_files, placeholders
from tests.games.mogel_motte.game_data import LESSON_FOLDER, runner
from tests.tempo_names import TEMPO_NAMES

LESSONS = data_files.lessons(LESSON_FOLDER)
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson["steps"]]
IDS = [f"{lesson['slug']}/{step['key']}" for lesson, step in STEPS]

# The practice game's windows as mogel/settings.py ships them: the engine's defaults.
GAME_WINDOWS = {key: DEFAULT_OPTIONS[key] for key in ("mosquito_ms", "cockroach_ms", "act_ms")}
ISSUE_ORDER = ["your-turn", "draw", "spider", "mosquito", "cockroach", "ant", "moth", "cheating",
               "caught-cheating", "caught-as-guard", "scoring"]


def play(step, moves, state=None):
    rs = data_files.runner_step(step)
    state = state or runner.start(rs)
    outcome = None
    for move in moves:
        if move.get("wait"):
            outcome = runner.tick(rs, state, move["at"])
        else:
            outcome = runner.act(rs, state, move["do"], move["at"])
            assert outcome.refusal is None, f"{move}: refused with {outcome.refusal.code}"
        state = outcome.state
    return state


def test_the_lessons_follow_the_issue_and_have_stable_unique_slugs():
    assert [lesson["slug"] for lesson in LESSONS] == ISSUE_ORDER
    assert [lesson["order"] for lesson in LESSONS] == list(range(1, 12))
    for lesson in LESSONS:
        keys = [step["key"] for step in lesson["steps"]]
        assert keys and len(set(keys)) == len(keys)


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_winning_line_reaches_success(lesson, step):
    state = play(step, step["solution"])
    assert state["status"] == runner.SUCCESS


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_typical_wrong_move_is_refused_with_its_explanation_and_can_be_retried(lesson, step):
    wrong = step["wrong_move"]
    assert wrong["code"] in CODES, "the explanation comes from the engine's refusal code"
    rs = data_files.runner_step(step)
    before = play(step, step["solution"][: wrong.get("after", 0)])
    outcome = runner.act(rs, before, wrong["do"], wrong["at"])
    assert outcome.refusal is not None and outcome.refusal.code == wrong["code"]
    assert outcome.status == runner.PLAYING
    # Retry at once: the rest of the winning line still wins.
    rest = [m for m in step["solution"][wrong.get("after", 0):]]
    rest = [{**m, "at": max(m["at"], wrong["at"])} for m in rest]
    assert play(step, rest, outcome.state)["status"] == runner.SUCCESS


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_text_exists_in_all_five_languages(lesson, step):
    texts = [lesson["title"], lesson["intro"], step["goal"], step["success_text"],
             *(h["text"] for h in step["hints"]), *(f["text"] for f in step.get("failure", []))]
    for text in texts:
        assert set(text) == set(data_files.LANGUAGES)
        assert all(isinstance(t, str) and t.strip() for t in text.values())
    assert len(step["hints"]) == 2, "a nudge, then the move"
    assert step["hints"][1]["action"] == step["solution"][0]["do"], "the move hint shows the first winning move"


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_data_is_well_formed(lesson, step):
    runner.check_predicate(step["success"])
    for failure in step.get("failure", []):
        runner.check_predicate(failure["when"])
    for entry in step.get("script", []):
        assert set(entry) <= {"on", "delay", "seat", "do"} and entry["seat"] != runner.LEARNER
        if entry.get("on", "start") != "start":
            runner.check_predicate(entry["on"])
    assert step["scenario"]["players"] >= 3 or lesson["slug"] == "none"


def texts_of(step):
    """Every text of a step, each as {language: text}."""
    return [step["goal"], step["success_text"], *(h["text"] for h in step["hints"]),
            *(f["text"] for f in step.get("failure", [])), *([step["draw_prompt"]] if "draw_prompt" in step else [])]


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_placeholder_is_known_and_the_step_can_fill_it(lesson, step):
    can_fill = placeholders.values(data_files.runner_step(step), GAME_WINDOWS)
    for text in (lesson["title"], lesson["intro"]):
        assert not any(placeholders.names(t) for t in text.values()), "a lesson's own texts have no step to fill them"
    for text in texts_of(step):
        used = {lang: placeholders.names(t) for lang, t in text.items()}
        assert len({frozenset(names) for names in used.values()}) == 1, f"every language says the same times: {used}"
        assert used["en"] <= placeholders.KNOWN, f"unknown placeholder in {text['en']!r}"
        assert used["en"] <= set(can_fill), f"this step has no value for {used['en'] - set(can_fill)}"


# A number followed by the word for seconds, in any of the five languages.
TYPED_TIME = re.compile(r"\d\s*(sekunde|second|seconde|secondi)", re.IGNORECASE)


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_no_text_types_a_time_in_seconds(lesson, step):
    for text in [lesson["intro"], *texts_of(step)]:
        for lang, t in text.items():
            assert not TYPED_TIME.search(t), f"{lang}: a time typed in, not a placeholder: {t!r}"


# Steps that widen a window only so the bots' script fits in it: the learner never waits for it
# (in not-while-caught, Leo is caught while the game stands still, and cheating ends the step).
WINDOW_ONLY_FOR_THE_SCRIPT = {"not-while-caught"}
TIMED = [(lesson, step) for lesson, step in STEPS if step.get("timed")]


@pytest.mark.parametrize(("lesson", "step"), TIMED, ids=[f"{lesson['slug']}/{step['key']}" for lesson, step in TIMED])
def test_a_timed_step_widens_one_window_and_its_goal_names_it_and_the_games(lesson, step):
    window = placeholders.window_of(step, GAME_WINDOWS)
    assert window, "a timed step widens one window: mosquito_ms, cockroach_ms or act_ms"
    widened = step["scenario"]["options"][window]
    assert widened >= 4000 and widened > GAME_WINDOWS[window], "time to read, and more than the real game"
    if step["key"] in WINDOW_ONLY_FOR_THE_SCRIPT:
        return
    for lang, goal in step["goal"].items():
        assert {"lesson_seconds", "game_seconds"} <= placeholders.names(goal), f"{lang}: {goal!r}"


@pytest.mark.parametrize(("lang", "written"), [("de", "2,5"), ("en", "2.5"), ("fr", "2,5"), ("nl", "2,5"), ("it", "2,5")])
def test_a_time_is_written_as_the_language_writes_numbers(lang, written):
    ms = {"lesson_seconds": 6000, "game_seconds": 2500}
    text = "{lesson_seconds} / {game_seconds} / {later}"
    assert placeholders.fill(text, ms, lang) == f"6 / {written} / {{later}}"


def test_a_window_at_the_slower_tempos_is_three_and_ten_times_the_games():
    step = next(step for lesson, step in STEPS if step["key"] == "slap-in-time")
    ms = placeholders.values(data_files.runner_step(step), {**GAME_WINDOWS, "mosquito_ms": 2500})
    text = "{game_seconds} / {slower_seconds} / {unhurried_seconds}"
    assert placeholders.fill(text, ms, "de") == "2,5 / 7,5 / 25"


@pytest.mark.parametrize("window", sorted(GAME_WINDOWS))
def test_every_window_a_lesson_teaches_tells_its_length_at_each_slower_tempo_in_every_language(window):
    """Where a lesson lets the learner meet a window, a step's success text names the slower tempos and the
    window's length at each, so a learner who finds it too fast knows the table can give more time."""
    told = [step["success_text"] for lesson, step in TIMED if placeholders.window_of(step, GAME_WINDOWS) == window]
    assert any(all({"slower_seconds", "unhurried_seconds"} <= placeholders.names(text[lang])
                   and all(name in text[lang] for name in TEMPO_NAMES[lang][1:]) for lang in TEMPO_NAMES)
               for text in told), f"no step teaching {window} tells the tempo in all five languages"

def test_every_lesson_has_one_slug_per_language_and_each_slug_names_one_lesson():
    by_key, to_key = data_files.addresses(LESSONS)
    for lesson in LESSONS:
        assert by_key[lesson["slug"]]["en"] == lesson["slug"], "English addresses stay as they were"
        assert all(to_key[slug] == lesson["slug"] for slug in by_key[lesson["slug"]].values())
    others = [{"slug": "spin", "slugs": dict.fromkeys(data_files.LANGUAGES, "spin")}]
    with pytest.raises(ValueError, match="share the slug 'spin'"):
        data_files.addresses(LESSONS + others)
    with pytest.raises(ValueError, match="no slug in de, fr"):
        data_files.addresses([{"slug": "new", "slugs": {"en": "new", "nl": "nieuw", "it": "nuovo"}}])
    with pytest.raises(ValueError, match="not a lowercase ASCII slug"):
        data_files.addresses([{"slug": "new", "slugs": {**dict.fromkeys(data_files.LANGUAGES, "new"), "fr": "nouveauté"}}])


def step_named(key):
    return next(step for _, step in STEPS if step["key"] == key)


def test_a_slow_slap_fails_the_mosquito_step_and_says_why():
    step = step_named("slap-in-time")
    rs = data_files.runner_step(step)
    state = play(step, [{"at": 0, "do": "play 3"}])
    outcome = runner.tick(rs, state, 6000)
    assert outcome.status == runner.FAILURE and outcome.failure == 0
    assert any(e["code"] == "mosquito_slowest" and e["seat"] == 0 for e in outcome.events)


def test_a_slow_race_loses_the_cockroach_to_the_bot():
    step = step_named("race")
    rs = data_files.runner_step(step)
    state = play(step, [{"at": 0, "do": "play 3"}])
    assert runner.next_due(rs, state) == 4000, "the client polls until Leo's scripted race"
    outcome = runner.tick(rs, state, 4500)
    assert outcome.status == runner.FAILURE
    assert runner.game_of(outcome.state).top == "4" and "4" in runner.game_of(outcome.state).hands[0]


def test_missing_the_cheat_as_the_guard_fails_when_the_bot_gets_away():
    step = step_named("catch-in-the-act")
    rs = data_files.runner_step(step)
    state = play(step, [{"at": 0, "do": "play 3"}])
    outcome = runner.tick(rs, state, 2500)
    assert outcome.events == [], "a bot's cheat is secret; only its hand size shows it"
    assert runner.game_of(outcome.state).view(0)["hand_sizes"][2] == 1
    assert runner.tick(rs, outcome.state, 10000).status == runner.FAILURE


def test_the_script_plays_out_the_same_way_every_time():
    for _, step in STEPS:
        first = play(step, step["solution"])
        again = play(step, step["solution"])
        assert first == again


def test_the_learner_sees_no_secret_of_the_bots():
    step = step_named("not-while-caught")
    rs = data_files.runner_step(step)
    state = play(step, [{"at": 0, "do": "play 3"}])
    outcome = runner.tick(rs, state, 1000)
    assert not any(e["code"] == "cheated" for e in outcome.events)
    outcome = runner.tick(rs, outcome.state, 2000)
    assert [e["code"] for e in outcome.events] == ["caught"]
    assert runner.next_due(rs, outcome.state) == 6500, "the guard's hand-over is scripted 5 s later"


def test_predicates():
    from games.mogel_motte.engine import Game
    game = Game.from_scenario({"players": 3, "hands": [["3", "4"], ["1"], ["2"]], "discard": ["2"], "guard": 1,
                               "turn": 0})
    game.apply(0, "play 3", 10)
    assert runner.holds({"event": "played", "seat": 0, "card": "3"}, game)
    assert not runner.holds({"event": "played", "seat": 1}, game)
    assert runner.holds({"hand_size": [0, 1]}, game) and runner.holds({"guard": 1}, game)
    assert runner.holds({"all": [{"top": "3"}, {"turn": 1}, {"not": {"over": True}}]}, game)
    assert runner.holds({"any": [{"in_hand": [0, "4"]}, {"phase": "spider"}]}, game)
    assert not runner.holds({"event": "played", "count": 2}, game)
    with pytest.raises(ValueError):
        runner.check_predicate({"guard": 0, "turn": 0})


# The rules that no lesson taught before: each step's position shows the rule the engine plays.

def finished(key):
    step = step_named(key)
    return step, runner.game_of(play(step, step["solution"]))


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top_card():
    step, game = finished("empty-draw-pile")
    under_the_top = len(step["scenario"]["discard"]) - 1
    assert game.discard == ["2"], "the top card stays, so the next card still has something to fit"
    assert len(game.hands[0]) == len(step["scenario"]["hands"][0]) + 1
    assert len(game.draw) == under_the_top - 1


def test_with_nothing_left_to_draw_the_learner_draws_nothing_and_the_turn_passes():
    step, game = finished("nothing-left-to-draw")
    assert game.hands[0] == step["scenario"]["hands"][0]
    assert game.turn == 1 and not game.over


def test_giving_a_card_away_fails_the_keep_step_with_its_own_explanation():
    step = step_named("keep-your-cards")
    state = play(step, [{"at": 0, "do": "play spider3"}, {"at": 800, "do": "give 4 1"}])
    assert state["status"] == runner.FAILURE and state["failed_by"] == 0
    assert runner.game_of(play(step, step["solution"])).hands[0] == ["4", "moth1"]


def test_of_several_players_who_never_slap_the_first_clockwise_from_the_mosquito_is_the_slowest():
    step, game = finished("nobody-slaps")
    never_slapped = [2, 3]  # Leo and Ben; Mia slapped, the learner played the mosquito
    assert [e["seat"] for e in game.log if e["code"] == "slapped"] == [1]
    assert [e["seat"] for e in game.log if e["code"] == "mosquito_slowest"] == [never_slapped[0]]
    handed = [(e["seat"], e["to"]) for e in game.log if e["code"] == "handed"]
    assert sorted(handed) == [(0, 2), (1, 2), (3, 2)], "everyone else hands Leo a card, never a moth"
    assert "moth5" in game.hands[0]


def test_an_action_card_as_the_last_card_ends_the_round_without_its_action():
    step, game = finished("ant-as-your-last-card")
    end = game.history[-1]
    assert end["out"] == 0
    assert [len(hand) for hand in end["hands"][1:]] == [len(hand) for hand in step["scenario"]["hands"][1:]]


def test_only_the_guard_may_call_caught_so_the_learner_cannot_tell_on_leo():
    step = step_named("no-telling")
    rs = data_files.runner_step(step)
    state = runner.tick(rs, runner.start(rs), 2000).state
    game = runner.game_of(state)
    assert len(game.hands[2]) == len(step["scenario"]["hands"][2]) - 1, "Leo's cheat shows as one card less"
    assert not any(a.startswith("catch") for a in game.legal_actions(0))
    assert runner.act(rs, state, "catch 2", 2000).refusal.code == "not_guard"
    assert play(step, step["solution"])["status"] == runner.SUCCESS, "Leo gets away: nobody else may catch him"


def test_after_a_right_catch_the_guard_hands_over_no_moth():
    step = step_named("never-a-moth")
    state = play(step, step["solution"][:1])
    game = runner.game_of(state)
    assert game.settling is not None
    assert sorted(game.legal_actions(0)) == ["hand 4", "hand 5"]
    done = runner.game_of(play(step, step["solution"]))
    assert sorted(done.hands[0]) == ["5", "moth4", "moth5"] and done.guard == 2


def test_an_action_card_turned_up_at_the_start_counts_only_by_its_value():
    step = step_named("the-first-card")
    game = runner.game_of(runner.start(data_files.runner_step(step)))
    assert game.top == "mosquito2" and game.phase == "turn" and game.window is None
    plays = {a for a in game.legal_actions(0) if a.startswith("play ")}
    assert {"play 1", "play 3"} <= plays and "slap" not in game.legal_actions(0)
