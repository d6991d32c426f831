"""The shared card table: events, refusals and presentation, from engine states alone."""

import random

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.mogel_motte.engine import CODES, Game
from games.mogel_motte.engine.simulate import random_step
from games.mogel_motte.table import events, refusals
from games.mogel_motte.table.present import present, sort_key

NAMES = ["Ann", "Lucy", "Oscar", "Maya", "Theo"]
LANGS = ("de", "en", "fr", "nl", "it")


def random_states(games=6, players=4):
    for seed in range(games):
        game = Game.new(players, seed)
        rng = random.Random(seed)
        while random_step(game, rng, side_rate=0.1):
            yield game
        yield game


def test_every_event_code_has_a_sentence_in_every_language():
    seen = {"reshuffled": {"code": "reshuffled", "t": 0, "size": 12},
            "nothing_to_draw": {"code": "nothing_to_draw", "t": 0, "seat": 1}}
    for seed in range(8):
        game = Game.new(4, seed)
        rng = random.Random(seed)
        while random_step(game, rng, side_rate=0.1):
            pass
        for e in game.log:
            seen.setdefault(e["code"], e)
    assert set(seen) == set(events.CODES)
    fallback = {}
    for lang in LANGS:
        with translation.override(lang):
            fallback[lang] = events.describe({"code": "nope"}, NAMES, 0)
            for code, e in seen.items():
                for me in (0, 1, 2, None):
                    shown = events.visible(e, me)
                    if shown is None:
                        continue
                    text = events.describe(shown, NAMES, me)
                    assert text and text != fallback[lang] and "%(" not in text, (lang, code, text)


def test_you_forms_for_the_viewer():
    e = {"code": "played", "t": 0, "seat": 0, "card": "spider3"}
    with translation.override("en"):
        assert events.describe(e, NAMES, 0) == "You played the spider 3."
        assert events.describe(e, NAMES, 1) == "Ann played the spider 3."
    with translation.override("de"):
        assert "Ann" in events.describe(e, NAMES, 1)
        assert events.describe(e, NAMES, 0) != events.describe(e, NAMES, 1)


def test_private_cards_are_not_described_to_others():
    drew = {"code": "drew", "t": 0, "seat": 1, "card": "moth5", "see": [1]}
    with translation.override("en"):
        assert events.describe(events.visible(drew, 0), NAMES, 0) == "Lucy drew a card."
        assert "Cheating Moth" in events.describe(events.visible(drew, 1), NAMES, 1)
    assert events.visible({"code": "cheated", "seat": 1, "card": "3", "only": [1]}, 0) is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_code_is_explained(lang):
    with translation.override(lang):
        fallback, _ = refusals.explain("malformed", {})
        for code, slug in CODES.items():
            message, rule = refusals.explain(code, {"card": "3", "top": "1"})
            assert rule == slug
            assert message and "%(" not in message
            if code != "malformed":
                assert message != fallback, code
    with translation.override("en"):
        msg, _ = refusals.explain("does_not_fit", {"card": "3", "top": "1"})
        assert msg == "Does not fit on the number card 1: it needs a 5 or a 2."


def test_rule_link_points_at_the_rules_page_or_is_none():
    with translation.override("en"):
        link = refusals.rule_link("moth")
    assert link is None or link.endswith("#moth")


def test_present_every_card_has_an_action_or_a_reason():
    checked = 0
    with translation.override("en"):
        for i, game in enumerate(random_states(games=3)):
            if i % 5:
                continue
            for seat in range(game.players):
                view, legal = game.view(seat), game.legal_actions(seat)
                ctx = present(view, legal, NAMES[: game.players], action_url="/x/", version=len(game.log))
                cards = [c["card"] for c in ctx["hand"]]
                assert cards == sorted(view["hand"], key=sort_key)
                for c in ctx["hand"]:
                    assert c["primary"] or c["reason"], (c, legal)
                    if c["primary"]:
                        assert c["primary"] in legal
                assert ctx["seats"][-1]["seat"] == seat
                checked += 1
    assert checked > 50


def test_hand_order_numbers_then_actions_then_moths():
    assert sorted(["moth1", "5", "ant2", "spider4", "1", "mosquito1"], key=sort_key) == [
        "1", "5", "spider4", "mosquito1", "ant2", "moth1"]


def test_table_template_renders_buttons_and_disabled_reasons():
    game = Game.from_scenario({"players": 3, "hands": [["2", "4", "moth2"], ["3"], ["3"]], "discard": ["1"], "guard": 1,
                               "turn": 0})
    with translation.override("en"):
        ctx = present(game.view(0), game.legal_actions(0), NAMES[:3], action_url="/act/", version=1)
        html = render_to_string("mogel_motte/table.html#table", ctx)
    assert 'value="play 2"' in html
    assert 'hx-post="/act/"' in html
    assert html.count('aria-disabled="true"') == 2
    assert "Only the player with the Guard Bug may play a Cheating Moth." in html
    assert "it needs a 5 or a 2" in html



def test_a_tell_shows_while_the_game_runs_and_not_once_it_is_over():
    game = Game.from_scenario({"players": 3, "hands": [["3"], ["1", "1"], ["4", "4"]], "discard": ["2"],
                               "guard": 0, "turn": 0, "options": {"rounds": "single"}})
    tell = [{"seat": 2, "since": 0, "until": 5000}]

    def tells_shown():
        context = present(game.view(0), game.legal_actions(0), NAMES, action_url="/act/",
                          version=len(game.log), tells=tell)
        return [s["seat"] for s in context["seats"] if s["tell"]]

    assert tells_shown() == [2], "a hand that just shrank is shown"
    game.apply(0, "play 3", 10)   # the last card of the only round
    assert game.over and tells_shown() == [], "nobody can be caught any more"


@pytest.mark.parametrize("lang, expected", [
    ("en", "First place: Mia and you."),
    ("de", "Der Sieg geht an Mia und dich."),
    ("fr", "Mia et toi"),
    ("nl", "Mia en jou"),
    ("it", "Mia e tu"),
])
def test_a_shared_first_place_names_every_winner_as_the_language_joins_them(lang, expected):
    event = {"code": "game_end", "t": 0, "ranking": [[1, 0], [2]]}
    with translation.override(lang):
        sentence = events.describe(event, ["Lucy", "Mia", "Leo"], me=0)
    assert expected in sentence
