"""Mogelei's lessons (``mogelei/lessons/data/*.json``), played on the Mogelei engine.

For each step: its scenario is a position the rules allow; its winning line (``solution``)
reaches success; every typical wrong move it lists (``wrong_moves``) is either refused by the
engine with the expected code, leaving the step playable and still winnable, or accepted and
ends the step with its own failure text; every text exists in all five languages.

The steps are played by ``lesson_play`` (the runner's rules: script, autopilot, plan, failures),
once with an autopilot that keeps every bot card hidden and once with one that reveals all it
may: no step may depend on what the runner's autopilot does for a decision the script leaves open.
"""

import re

import pytest

from mogelei.engine import Game
from mogelei.engine import cards as C
from tutorial import data_files, placeholders

from .lesson_play import FAILURE, PLAYING, SUCCESS, Run, about_round_end, planned

FOLDER = data_files.DATA.parents[2] / "mogelei" / "lessons" / "data"
LESSONS = data_files.lessons(FOLDER)
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson["steps"]]
IDS = [f"{lesson['slug']}/{step['key']}" for lesson, step in STEPS]
POLICIES = ("hide", "reveal")
# Issue 14's lessons, in its order.
ISSUE_ORDER = ["follow-colour", "reveal-or-bluff", "whose-turn", "three-choices", "right-or-wrong",
               "only-the-last-pass", "best-bluff", "scoring", "a-whole-round"]
VERBS = {"call", "lay", "reveal", "hide", "continue", "end", "accuse"}


def test_the_lessons_follow_the_issue_with_two_to_four_steps_each():
    assert [lesson["slug"] for lesson in LESSONS] == ISSUE_ORDER
    assert [lesson["order"] for lesson in LESSONS] == list(range(1, len(ISSUE_ORDER) + 1))
    for lesson in LESSONS:
        keys = [step["key"] for step in lesson["steps"]]
        assert 2 <= len(keys) <= 4 and len(set(keys)) == len(keys)


def test_every_lesson_has_one_slug_per_language_and_each_slug_names_one_lesson():
    by_key, to_key = data_files.addresses(LESSONS)
    for lesson in LESSONS:
        assert by_key[lesson["slug"]]["en"] == lesson["slug"]


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_scenario_is_a_position_the_rules_allow(lesson, step):
    scenario = step["scenario"]
    game = Game.from_scenario(scenario)
    assert game.phase in ("call", "lay") and not game.over
    assert game.players <= 5, "the lesson table names at most four bots"
    colour = scenario.get("colour")
    # A seat that laid another colour in an earlier pass had none of the called colour left.
    later = [list(hand) for hand in scenario["hands"]]
    for laid in reversed(scenario.get("passes", [])):
        for seat, card in enumerate(laid):
            if C.colour(card) != colour:
                assert all(C.colour(c) != colour for c in later[seat]), f"seat {seat} could have followed with {colour}"
            later[seat].append(card)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_winning_line_reaches_success(lesson, step, policy):
    run = Run(step, policy)
    for move in step["solution"]:
        assert run.status == PLAYING, f"the step ended before {move}: {run.status} {run.failed_by}"
        if move.get("wait"):
            run.tick(move["at"])
        else:
            run.act(move["do"], move["at"])
            assert run.refusal is None, f"{move}: refused with {run.refusal.code}"
    assert run.status == SUCCESS, f"{run.status} {run.failed_by}"


def _retry_wins(step, run, at, policy):
    rest = [{**m, "at": max(m["at"], at)} for m in step["solution"][run.after:]]
    return run.play(rest).status == SUCCESS


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_typical_wrong_move_gets_its_explanation(lesson, step, policy):
    for wrong in step.get("wrong_moves", []):
        run = Run(step, policy).play(step["solution"][: wrong["after"]])
        if "code" in wrong:
            run.act(wrong["do"], wrong["at"])
            assert run.refusal is not None and run.refusal.code == wrong["code"], wrong
            assert run.status == PLAYING
            run.after = wrong["after"]
            assert _retry_wins(step, run, wrong["at"], policy), "after a refusal the winning line still wins"
        else:
            for move in wrong["moves"]:
                if move.get("wait"):
                    run.tick(move["at"])
                else:
                    run.act(move["do"], move["at"])
                    assert run.refusal is None, f"{move}: refused with {run.refusal.code}"
            assert (run.status, run.failed_by) == (FAILURE, wrong["failure"]), wrong
            assert step["failure"][wrong["failure"]]["text"]["en"]


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_failure_text_is_reached_by_a_listed_wrong_move(lesson, step):
    reached = {w["failure"] for w in step.get("wrong_moves", []) if "failure" in w}
    assert reached == set(range(len(step.get("failure", []))))


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_data_is_well_formed(lesson, step):
    rs = data_files.runner_step(step)
    assert all(p.split()[0] in VERBS for p in rs["plan"])
    for move in step["solution"]:
        assert "wait" in move or planned(rs, move["do"]), f"{move['do']} is part of the step's plan"
    assert [m["at"] for m in step["solution"]] == sorted(m["at"] for m in step["solution"])
    for entry in step.get("script", []):
        assert set(entry) <= {"on", "delay", "seat", "do"} and 0 < entry["seat"] < step["scenario"]["players"]
    # A step that ends a round says so in its success (the runner stops any other round end).
    ends_a_round = any(m.get("do", "wait").split()[0] in ("end", "accuse") for m in step["solution"])
    assert not ends_a_round or about_round_end(step)


def texts_of(lesson, step):
    return [lesson["title"], lesson["intro"], step["goal"], step["success_text"],
            *(h["text"] for h in step["hints"]), *(f["text"] for f in step.get("failure", []))]


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_text_exists_in_all_five_languages(lesson, step):
    for text in texts_of(lesson, step):
        assert set(text) == set(data_files.LANGUAGES)
        assert all(isinstance(t, str) and t.strip() == t and t for t in text.values())
    assert len(step["hints"]) == 2, "a nudge, then the move"
    assert step["hints"][1]["action"] == step["solution"][0]["do"], "the move hint shows the first winning move"


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_placeholder_is_known_and_the_step_can_fill_it(lesson, step):
    can_fill = placeholders.values(data_files.runner_step(step), {})
    for text in texts_of(lesson, step):
        used = {lang: placeholders.names(t) for lang, t in text.items()}
        assert len({frozenset(names) for names in used.values()}) == 1, f"every language says the same: {used}"
        assert used["en"] <= set(can_fill), f"this step has no value for {used['en'] - set(can_fill)}"
        assert not any("{" in t or "}" in t for t in text.values()) or used["en"]


# The bots' names as each language writes them (tutorial.views.seat_names; French: Léo).
NAMES = {"fr": ("Léo", re.compile(r"\bLeo\b")), **{lang: ("Leo", re.compile(r"\bLéo\b")) for lang in ("de", "en", "nl", "it")}}
FR_SPACE = re.compile(r"[^\u202f][;:!?»]|«[^\u202f]")


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_names_and_typography_per_language(lesson, step):
    for text in texts_of(lesson, step):
        for lang, t in text.items():
            assert not NAMES[lang][1].search(t), f"{lang}: Leo is {NAMES[lang][0]}: {t!r}"
            assert "'" not in t.replace("l'uovo più grosso", "").replace("L'uovo più grosso", ""), f"{lang}: typographic apostrophe: {t!r}"
        assert not FR_SPACE.search(text["fr"]), f"fr: narrow no-break space before ; : ! ? » and after «: {text['fr']!r}"
        assert "„" in text["de"] or "“" not in text["de"], "German quotes open with „"


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_texts_name_only_cards_the_learner_can_meet(lesson, step):
    """A card named in English ("the red 9") is in the scenario: a typo in a text shows here."""
    scenario = step["scenario"]
    passes = scenario.get("passes", [])
    up = {(number - 1, seat) for number, seat in scenario.get("revealed", [])}
    # Only the last pass counts: a bot's face-down card of an earlier pass is never shown, not even in a text.
    secret = {laid[seat] for number, laid in enumerate(passes) for seat in range(1, len(laid)) if (number, seat) not in up}
    cards = {c for hand in scenario["hands"] for c in hand} | {c for p in passes for c in p}
    for text in texts_of(lesson, step)[2:]:
        for colour, value in re.findall(r"\b(black|red|yellow|blue) (\d+)\b", text["en"]):
            assert f"{colour}-{value}" in cards - secret, f"{colour} {value} in {text['en']!r}"
