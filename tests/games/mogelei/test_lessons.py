"""Mogelei's lessons (``games/mogelei/lessons/data/*.json``), played by the lesson runner on the Mogelei engine.

For each step: its scenario is a position the rules allow; its winning line (``solution``)
reaches success; every typical wrong move it lists (``wrong_moves``) is either refused by the
engine with the expected code, leaving the step playable and still winnable, or accepted and
ends the step with its own failure text; every text exists in all five languages.

Every step is played twice: with the runner's autopilot (a bot keeps its card hidden unless the
script says otherwise) and with bots that reveal whatever they may. No step may depend on what
the autopilot does with a decision the script leaves open.
"""

import re
from pathlib import Path

import pytest

import games.mogelei
from games.mogelei.engine import Game
from games.mogelei.engine import cards as C
from games.mogelei.lessons.runner import RULES
from tutorial import data_files, placeholders, runner

FOLDER = Path(games.mogelei.__file__).parent / "lessons" / "data"
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


class Play:
    """One step played by the runner, with bots that hide (the autopilot) or reveal what they may."""

    def __init__(self, step, policy):
        self.step = data_files.runner_step(step)
        if policy == "reveal":
            bots = range(1, step["scenario"]["players"])
            self.step["auto"] = {**self.step["auto"], "moves": {str(seat): ["reveal"] for seat in bots}}
        self.state = runner.start(self.step, rules=RULES)
        self.refusal = None

    @property
    def status(self):
        return self.state["status"]

    @property
    def failed_by(self):
        return self.state.get("failed_by")

    def play(self, moves):
        for move in moves:
            if move.get("wait"):
                self.state = runner.tick(self.step, self.state, move["at"], rules=RULES).state
            else:
                outcome = runner.act(self.step, self.state, move["do"], move["at"], rules=RULES)
                self.state, self.refusal = outcome.state, outcome.refusal
        return self


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_the_winning_line_reaches_success(lesson, step, policy):
    play = Play(step, policy)
    for move in step["solution"]:
        assert play.status == runner.PLAYING, f"the step ended before {move}: {play.failed_by}"
        play.play([move])
        assert play.refusal is None, f"{move}: refused with {play.refusal.code}"
    assert play.status == runner.SUCCESS, play.failed_by


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=IDS)
def test_every_typical_wrong_move_gets_its_explanation(lesson, step, policy):
    for wrong in step.get("wrong_moves", []):
        play = Play(step, policy).play(step["solution"][: wrong["after"]])
        if "code" in wrong:
            play.play([wrong])
            assert play.refusal is not None and play.refusal.code == wrong["code"], wrong
            assert play.status == runner.PLAYING
            # Retry at once: the rest of the winning line still wins.
            rest = [{**m, "at": max(m["at"], wrong["at"])} for m in step["solution"][wrong["after"]:]]
            assert play.play(rest).status == runner.SUCCESS, "after a refusal the winning line still wins"
        else:
            for move in wrong["moves"]:
                play.play([move])
                assert play.refusal is None, f"{move}: refused with {play.refusal.code}"
            assert (play.status, play.failed_by) == (runner.FAILURE, wrong["failure"]), wrong
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
        assert "wait" in move or runner.planned(rs, move["do"]), f"{move['do']} is part of the step's plan"
    runner.check_predicate(step["success"], RULES)
    for failure in step.get("failure", []):
        runner.check_predicate(failure["when"], RULES)
    assert [m["at"] for m in step["solution"]] == sorted(m["at"] for m in step["solution"])
    for entry in step.get("script", []):
        assert set(entry) <= {"on", "delay", "seat", "do"} and 0 < entry["seat"] < step["scenario"]["players"]
        if entry.get("on", "start") != "start":
            runner.check_predicate(entry["on"], RULES)
    # A step that ends a round says so in its success (the runner stops any other round end).
    ends_a_round = any(m.get("do", "wait").split()[0] in ("end", "accuse") for m in step["solution"])
    assert not ends_a_round or runner.about_round_end(step, RULES)


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
def test_the_texts_name_only_bots_at_the_table(lesson, step):
    seats = {name: seat for seat, name in enumerate(["", "Mia", "Leo", "Ben", "Zoe"]) if seat}
    for text in texts_of(lesson, step)[2:]:
        for name in re.findall(r"\b(Mia|Leo|Ben|Zoe)\b", text["en"]):
            assert seats[name] < step["scenario"]["players"], f"{name} has no seat here: {text['en']!r}"


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


@pytest.mark.django_db
def test_the_lessons_load_as_content_and_play_from_the_database():
    from tutorial.content import load_game
    from tutorial.models import Lesson

    steps = sum(len(lesson["steps"]) for lesson in LESSONS)
    assert load_game("mogelei", LESSONS, RULES) == f"{len(LESSONS)} lessons, {steps} steps"
    assert load_game("mogelei", LESSONS, RULES) == f"{len(LESSONS)} lessons, {steps} steps", "loading again changes nothing"
    stored = Lesson.objects.filter(game="mogelei").order_by("order")
    assert [lesson.slug for lesson in stored] == ISSUE_ORDER
    assert stored[0].title_de == LESSONS[0]["title"]["de"] and stored[0].title_it == LESSONS[0]["title"]["it"]
    for lesson in stored:
        for step in lesson.steps.prefetch_related("failures"):
            rs = step.runner_step()
            state = runner.start(rs, rules=RULES)
            for move in step.solution:
                if move.get("wait"):
                    state = runner.tick(rs, state, move["at"], rules=RULES).state
                else:
                    state = runner.act(rs, state, move["do"], move["at"], rules=RULES).state
            assert state["status"] == runner.SUCCESS, f"{lesson.slug}/{step.key}"
