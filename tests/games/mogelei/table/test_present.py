"""Mogelei's table without the web game: sentences, refusals, the presenter and its template.

Positions come from random seeded games of the real engine; every check is made for the
player's seat (0) as the page would show it.
"""

from __future__ import annotations

import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import pgettext

from games.mogelei.engine.errors import CODES as MOGELEI_CODES
from mogel.core.eventlog import seen_by
from games.mogelei.engine import Game, cards
from games.mogelei.table import events, motion, names
from games.mogelei.table.present import game_summary, present
from games.mogelei.table.refusals import explain

LANGS = ("en", "de", "fr", "nl", "it")
NAMES = ["Ann", "Lotte", "Emil", "Berta", "Claus", "Doris", "Anton", "Maxi"]
BODY = "mogelei/table.html#body"
CARD = re.compile(r"\b(?:black|red|yellow|blue)-\d+\b")


def positions(players, seed, *, games=1):
    """Every position of a random game (the game after each action), the player's legal actions with it."""
    game = Game.new(players, seed, games=games)
    rng = random.Random(seed)
    while not game.over:
        seat = rng.choice(game.expected())
        game.apply(seat, rng.choice(game.legal_actions(seat)), game.clock + 10)
        yield game


def context(game, lang="en"):
    with translation.override(lang):
        view = game.view(0)
        return present(view, game.legal_actions(0), NAMES[:game.players], action_url="/act/", version=1,
                       announce=view["log"][-5:])


def html(game, lang="en"):
    with translation.override(lang):
        return render_to_string("play/table.html#table", {**context(game, lang), "body_template": BODY})


def hidden_from_me(game):
    """Card ids the player may not see now: other seats' face-down cards of this round."""
    secret = set()
    for seat in range(1, game.players):
        for number, laid in enumerate(game.passes):
            if laid[seat] is not None and seat not in game.up[number]:
                secret.add(laid[seat])
    return secret


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_its_own_sentence_in_every_language(lang):
    samples = {
        "game_start": {"game": 1, "dealer": 2, "caller": 0}, "dealt": {"seat": 0, "cards": ["black-1"] * 12},
        "round_start": {"round": 3, "game_round": 2, "caller": 1}, "called": {"seat": 1, "colour": "red"},
        "laid": {"seat": 1, "pass": 1}, "pass_start": {"pass": 2, "caller": 1, "colour": "red"},
        "revealed": {"seat": 1, "card": "red-9"}, "hid": {"seat": 1}, "on_turn": {"seat": 0},
        "continued": {"seat": 1}, "ended": {"seat": 1},
        "accused": {"seat": 1, "target": 2, "card": "yellow-12", "right": False},
        "turned_up": {"cards": {"0": "black-9", "4": "black-8"}}, "fattest_egg": {"seat": 0, "card": "black-9"},
        "no_fattest_egg": {}, "collected": {"seat": 1, "count": 10}, "round_end": {"round": 3, "collector": 1},
        "game_end": {"game": 1, "eggs": [3, 0, 1], "rewards": [1, 0, 0], "points": [0, 0, -1], "totals": [0, 0, -1]},
        "match_end": {"totals": [0, 0, -1], "ranking": [[0, 1], [2]]},
    }
    assert set(samples) == set(events.CODES)
    with translation.override(lang):
        fallback = events.describe({"code": "nonsense"}, NAMES, 0)
        for code, params in samples.items():
            text = events.describe({"code": code, "t": 0, **params}, NAMES, 0)
            assert text and text != fallback and "%(" not in text, (code, text)
            if code in ("accused", "revealed", "fattest_egg"):
                assert "?" not in text, text


def test_sentences_name_the_cards_and_players_the_player_may_see():
    with translation.override("en"):
        assert events.describe({"code": "laid", "seat": 2, "pass": 1}, NAMES, 0) == "Emil laid a card face down."
        assert events.describe({"code": "laid", "seat": 0, "pass": 1, "card": "red-3"}, NAMES, 0) == \
            "You laid red 3 face down."
        text = events.describe({"code": "accused", "seat": 1, "target": 2, "card": "yellow-12", "right": False},
                               NAMES, 0)
        assert "Lotte" in text and "Emil" in text and "yellow 12" in text and "wrong accusation" in text
    with translation.override("de"):
        assert "Emil" in events.describe({"code": "hid", "seat": 2}, NAMES, 0)


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_code_is_explained_with_a_rules_anchor(lang):
    with translation.override(lang):
        generic = explain("malformed")[0]
        for code, anchor in MOGELEI_CODES.items():
            message, slug = explain(code, {"colour": "red", "card": "red-3"})
            assert message and slug == anchor
            assert code == "malformed" or message != generic, code
        assert "%(" not in explain("must_follow", {"colour": "blue"})[0]


@pytest.mark.parametrize("players,seed", [(3, 1), (5, 2), (8, 3)])
def test_the_table_never_shows_a_face_down_card_of_another_seat(players, seed):
    seen = 0
    for game in positions(players, seed):
        if game.over:
            break
        page = html(game)
        leaked = hidden_from_me(game) & set(CARD.findall(page))
        # Card ids appear in the page only as data-card on my own hand's buttons; names are words.
        assert not leaked, leaked
        secret_names = {f"{c.split('-')[0]} {c.split('-')[1]}" for c in hidden_from_me(game)}
        mine = {f"{c.split('-')[0]} {c.split('-')[1]}" for c in game.hands[0]} | {
            f"{c.split('-')[0]} {c.split('-')[1]}" for p in game.passes for c in p if c}
        shown_names = {n for n in secret_names if n in page}
        # A name may show up only where another copy is visible: my own cards, or public ones.
        assert not {n for n in shown_names if n not in mine and not public_name(game, n)}, shown_names
        seen += 1
    assert seen > 20


def public_name(game, name):
    """Whether a card of that name was shown publicly this game (revealed, accused, turned up)."""
    colour, value = name.split()
    card = f"{colour}-{value}"
    return any(seen_by(e, 0) is not None and card in str(seen_by(e, 0)) and e["code"] != "laid" for e in game.log)


def test_only_the_cards_that_follow_colour_are_enabled_when_laying():
    game = Game.from_scenario({"players": 3, "hands": [["red-2", "red-5", "blue-1"], ["red-1", "black-2", "blue-2"],
                                                       ["yellow-1", "yellow-2", "blue-3"]],
                               "caller": 0, "colour": "red"})
    ctx = context(game)
    live = {c["id"] for c in ctx["hand"] if c["action"]}
    assert live == {"red-2", "red-5"}
    blue = next(c for c in ctx["hand"] if c["id"] == "blue-1")
    assert "must lay" in blue["reason"] and blue["rule_url"] is None or "#" in blue["rule_url"]
    assert "lay red-2" in html(game) and "lay blue-1" not in html(game)


def test_the_player_on_turn_sees_the_three_choices_and_whom_to_accuse():
    game = Game.from_scenario({"players": 4, "hands": [["red-9", "red-1"], ["red-2", "black-2"], ["blue-1", "blue-2"],
                                                       ["red-3", "black-3"]], "caller": 0, "colour": "red"})
    for seat, card in enumerate(["red-9", "red-2", "blue-1", "red-3"]):
        game.apply(seat, f"lay {card}", game.clock + 1)
    game.apply(0, "reveal", game.clock + 1)
    for seat in (1, 2, 3):
        game.apply(seat, "hide", game.clock + 1)
    page = html(game)
    assert 'value="continue"' in page and 'value="end"' in page
    for seat, name in ((1, "Lotte"), (2, "Emil"), (3, "Berta")):
        assert f'value="accuse {seat}"' in page
        assert f'aria-label="Accuse {name}: you&#x27;re bluffing!"' in page
    assert 'value="accuse 0"' not in page
    de = html(game, "de")
    assert "Lotte" in de and 'value="accuse 1"' in de


def test_a_forced_keep_hidden_offers_only_keep_hidden():
    game = Game.from_scenario({"players": 3, "hands": [["blue-1", "blue-2"], ["red-2", "black-2"], ["red-1", "red-3"]],
                               "caller": 0, "colour": "red"})
    for seat, card in enumerate(["blue-1", "red-2", "red-1"]):
        game.apply(seat, f"lay {card}", game.clock + 1)
    page = html(game)
    assert 'id="btn-hide"' in page and 'id="btn-reveal"' not in page


def test_moves_never_carry_a_card_the_player_may_not_see():
    for game in positions(5, 9):
        for move in motion.moves(game.log[-8:], 0):
            if move["kind"] == "lay":
                assert "card" not in move
    game = next(g for g in positions(5, 9) if g.phase == "reveal")
    assert all("card" not in m for m in motion.moves(game.log, 0) if m["kind"] == "lay")


def test_after_a_round_the_table_shows_its_last_pass_turned_up_until_the_next_call():
    game = next(g for g in positions(4, 5) if g.phase == "call" and g.game_round >= 2)
    entry = game.history[-1]
    page = html(game)
    for card in entry["last_pass"]:
        colour, value = card.split("-")
        assert f"{colour} {value}" in page
    ctx = context(game)
    assert ctx["last_round"]["count"] == entry["count"]
    # Earlier passes of that round stay face down: a count, never a card.
    assert all(item["face"] == "down" and "card" not in item for s in ctx["seats"] for item in s["stack"][:-1])


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_end_explains_how_each_card_came_up_the_colour_and_the_accusation(lang):
    game = next(g for seed in range(1, 40) for g in positions(4, seed)
                if g.phase == "call" and g.history and g.history[-1]["accused"] is not None)
    entry = game.history[-1]
    ctx = context(game, lang)
    with translation.override(lang):
        marks = {"revealed": pgettext("round end mark", "revealed"), "accused": pgettext("round end mark", "accused"),
                 "hidden": pgettext("round end mark", "turned up")}
        accuser, accused = NAMES[entry["on_turn"]], NAMES[entry["accused"]]
        page = html(game, lang)
        colour = names.colour_label(entry["colour"])
        card = names.card_name(entry["last_pass"][entry["accused"]])
    assert len(set(marks.values())) == 3
    for s in ctx["seats"]:
        seat = s["seat"]
        kind = "revealed" if seat in entry["revealed"] else "accused" if seat == entry["accused"] else "hidden"
        assert s["came_up"] == marks[kind]
    assert colour in page
    sentence = ctx["last_round"]["accusation"]
    for word in (card, *(n for n, seat in ((accuser, entry["on_turn"]), (accused, entry["accused"])) if seat)):
        assert word in sentence
    assert sentence in page.replace("&#x27;", "'").replace("&quot;", '"')
    assert ("rightly" if entry["right"] else "wrongly") in sentence or lang != "en"
    assert "collect" not in sentence  # the next sentence says who collects


def test_a_round_end_moves_as_four_steps_with_their_sounds():
    batch = [{"code": "accused", "seat": 0, "target": 1, "card": "red-3", "right": True, "t": 0},
             {"code": "turned_up", "cards": {"2": "red-5"}, "t": 0},
             {"code": "fattest_egg", "seat": 2, "card": "red-5", "t": 0},
             {"code": "collected", "seat": 1, "count": 3, "t": 0},
             {"code": "round_end", "round": 1, "collector": 1, "t": 0},
             {"code": "round_start", "round": 2, "caller": 1, "t": 0}]
    moves = motion.moves(batch, 0)
    assert [m["kind"] for m in moves] == ["accuse", "turn_up", "reward", "collect"]
    assert [m.get("sound") for m in moves] == ["caught", None, "celebrate", "round"]


def test_scores_show_one_minus_sign_and_zero_without_a_sign():
    view = {"players": 3, "games_history": [{"eggs": [0, 15, 4], "rewards": [1, 0, 0], "points": [3, -15, -4]}]}
    with translation.override("en"):
        summary = game_summary(view, NAMES[:3], 0, [[0], [2], [1]])
        page = render_to_string("mogelei/_summary.html", {"summary": summary})
    assert [r["games"][0]["eggs_shown"] for r in summary["rows"]] == ["0", "\u221215", "\u22124"]
    assert re.search(r"-\d", page) is None  # no hyphen-minus before a number anywhere
    assert "\u22120" not in page.replace("\u221215", "")
    assert "\u221215 points" in page


@pytest.mark.parametrize("lang,sentence", [
    ("de", "Du legst die gelbe 17 verdeckt hin."), ("de", "Du rufst Gelb (Tochter) aus."),
    ("en", "It's Lotte's turn."),
])
def test_ticker_wording(lang, sentence):
    events_by_sentence = {
        "Du legst die gelbe 17 verdeckt hin.": {"code": "laid", "seat": 0, "card": "yellow-17"},
        "Du rufst Gelb (Tochter) aus.": {"code": "called", "seat": 0, "colour": "yellow"},
        "It's Lotte's turn.": {"code": "on_turn", "seat": 1},
    }
    with translation.override(lang):
        assert events.describe(events_by_sentence[sentence], NAMES, 0) == sentence


def test_the_turned_up_sentence_has_one_colon():
    with translation.override("en"):
        text = events.describe({"code": "turned_up", "cards": {"0": "yellow-2", "1": "red-2"}}, NAMES, 0)
    assert text.count(":") == 1, text


def test_a_one_game_table_says_the_game_is_over():
    game = next(g for g in positions(3, 4) if g.over)
    with translation.override("en"):
        assert context(game)["prompt"] == "The game is over."


def test_the_round_result_stays_after_the_next_call_until_the_player_lays():
    game = next(g for seed in range(1, 40) for g in positions(4, seed)
                if g.phase == "lay" and g.pass_no == 1 and g.game_round >= 2 and g.passes[-1][0] is None
                and g.caller != 0)
    entry = game.history[-1]
    ctx = context(game)
    assert ctx["colour"]["key"] == game.colour, "the next round's colour is called"
    assert ctx["last_round"]["round"] == entry["game_round"] and ctx["last_round"]["count"] == entry["count"]
    assert 'class="mz-last"' in html(game)
    game.apply(0, game.legal_actions(0)[0], game.clock + 1)
    assert context(game)["last_round"] is None, "the player moved on"
    assert 'class="mz-last"' not in html(game)


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_keeps_every_round_of_the_game_in_a_line_each(lang):
    game = next(g for g in positions(4, 5) if g.phase == "lay" and g.game_round >= 4)
    ctx = context(game, lang)
    lines = [e for e in ctx["log"] if e["code"] == "round_result"]
    assert len(lines) == len(game.history) == game.game_round - 1
    with translation.override(lang):
        for line, entry in zip(lines, game.history):
            assert names.colour_label(entry["colour"]) in line["text"]
            assert NAMES[entry["collector"]] in line["text"] or entry["collector"] == 0
            assert str(entry["count"]) in line["text"] and "<" not in line["text"]
    assert ctx["log"][len(lines)]["code"] != "round_result", "then this round's events"
    assert ctx["log_total"] >= len(ctx["log"])


def test_on_turn_with_nobody_to_accuse_the_prompt_does_not_offer_an_accusation():
    hands = [["black-9", "black-1"], ["black-5", "red-1"], ["black-6", "red-2"]]
    game = Game.from_scenario({"players": 3, "hands": hands, "caller": 0, "colour": "black"})
    for seat, card in enumerate(("black-9", "black-5", "black-6")):
        game.apply(seat, f"lay {card}", game.clock + 1)
    for seat in range(3):
        game.apply(seat, "reveal", game.clock + 1)
    assert game.on_turn == 0 and not any(a.startswith("accuse") for a in game.legal_actions(0))
    with translation.override("en"):
        prompt = context(game)["prompt"]
        log = " ".join(e["text"] for e in context(game)["log"])
    assert prompt == "It's your turn: continue or end the round."
    assert "accuse" not in prompt and "accuse" not in log


@pytest.mark.parametrize("games,lang,words", [(1, "en", "The game is over"), (5, "en", "The match is over"),
                                              (1, "de", "Das Spiel ist vorbei")])
def test_the_end_of_a_one_game_match_is_called_the_end_of_the_game(games, lang, words):
    event = {"code": "match_end", "totals": [4, -2, 0], "ranking": [[0], [2], [1]], "games": games, "t": 0}
    with translation.override(lang):
        assert events.describe(event, NAMES, 0).startswith(words)
        assert events.describe({**event, "ranking": [[1], [2], [0]]}, NAMES, 0).startswith(words)


def test_negative_points_in_the_log_use_the_minus_sign_the_tables_use():
    event = {"code": "game_end", "game": 1, "eggs": [9, 0, 1], "rewards": [0, 0, 0], "points": [-9, 0, -1], "t": 0}
    with translation.override("en"):
        text = events.describe(event, NAMES, 0)
    assert "\u22129 points" in text and "-9" not in text
