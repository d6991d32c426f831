"""A change pushed to a seat is built cheaply (docs/cost.md) and still the same: what a table
computes once per process and language (mogel.table.memo) is each language's own and the same
as computed afresh; an open stream's log tail (service.LogTail) gives the lines a fresh read gives."""

from __future__ import annotations

import json

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import strip_tags
from django.utils.translation import gettext

from games.mogel_motte.cards.names import name_card
from games.mogelei.table import present as mogelei
from games.mogelei.table.names import card_name
from games.mogel_motte.table import present as motte
from mogel import games
from mogel.play import views
from mogel.table.memo import per_language

from mogel.play import service
from mogel.play.models import PracticeGame

from .play_helpers import LOBBY, clock  # noqa: F401  (the fake clock fixture)

LANGS = ("en", "de", "fr", "nl", "it")


def test_a_memo_answers_in_the_language_active_at_each_call_and_computes_once_per_language():
    calls = []

    @per_language()
    def stale(word):
        calls.append((word, translation.get_language()))
        return gettext(word)

    answers = {}
    for _ in range(2):
        for lang in ("de", "en", "fr"):
            with translation.override(lang):
                answers[lang] = stale("The game is over.")
    assert answers["en"] == "The game is over."
    assert len(set(answers.values())) == 3, "each language its own words"
    assert calls == [("The game is over.", "de"), ("The game is over.", "en"), ("The game is over.", "fr")]


@pytest.mark.parametrize("lang", LANGS)
def test_mogelei_cards_and_colours_are_named_in_the_language_of_the_table(lang):
    for other in LANGS:   # fill the memo in every language first
        with translation.override(other):
            mogelei.face("black-9")
            mogelei.colour_info("red")
    with translation.override(lang):
        assert mogelei.face("black-9")["name"] == card_name("black-9")
        assert mogelei.colour_info("red")["label"] == mogelei.colour_label("red")


@pytest.mark.parametrize("lang", LANGS)
def test_mogel_motte_card_buttons_are_named_in_the_language_of_the_table(lang):
    for other in LANGS:
        with translation.override(other):
            motte.action_name("play", "spider3")
    with translation.override(lang):
        assert motte.action_name("play", "spider3") == name_card(gettext("Play %(the_card_acc)s"), "spider3")
        assert motte.top_name("moth5") == name_card(gettext("Top of the discard pile: %(the_card)s"), "moth5")


def _settled_round():
    from tests.games.mogelei.table.test_present import positions

    game = next(g for g in positions(4, 5) if g.history and any(h.get("accused") is not None for h in g.history))
    return next(h for h in game.history if h.get("accused") is not None)


@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_rounds_line_is_the_one_rendered_afresh_for_each_seat_and_language(lang):
    entry = _settled_round()
    names = ("Ann", "Lotte", "Emil", "Berta")
    key = json.dumps(entry, sort_keys=True)
    with translation.override(lang):
        for me in (entry["accused"], entry["on_turn"], 3 - entry["accused"]):
            fresh = render_to_string("mogelei/_round_result.html",
                                     {"summary": mogelei.round_summary(entry, names, me)})
            assert mogelei._round_line(key, names, me, "by_value") == " ".join(strip_tags(fresh).split())
    with translation.override(lang):
        mine = mogelei._round_line(key, names, entry["on_turn"], "by_value")
        theirs = mogelei._round_line(key, names, entry["accused"], "by_value")
    assert mine != theirs, "the accuser reads 'you accused', the accused 'accused you'"


@pytest.mark.parametrize("lang", LANGS)
def test_a_games_urls_are_reversed_in_the_language_of_the_request(lang):
    kind = games.get("mogelei")
    for other in LANGS:
        with translation.override(other):
            views._urls(kind.key, kind.slug, "A" * 22, True, None)
    with translation.override(lang):
        urls = views._urls(kind.key, kind.slug, "A" * 22, True, None)
        assert urls["lobby_url"] == kind.play_url("lobby")
        assert urls["action_url"] == kind.play_url("act", "A" * 22)
        assert urls["stream_url"] == kind.play_url("stream", "A" * 22)
    assert urls["lobby_url"].startswith(LOBBY[lang][:4])
    assert views._urls(kind.key, kind.slug, "A" * 22, False, None)["stream_url"] is None


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [3, 11])
def test_a_streams_log_tail_reads_only_new_events_and_gives_the_lines_a_fresh_read_gives(
        client, settings, clock, seed, django_assert_max_num_queries):
    import random
    import re

    settings.MOGEL_PLAY_SEED, settings.MOGEL_BOT_PACE_MS = seed, 100
    url = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "full",
                                    "ant_pile": "discard", "first_guard": "left"}).url
    row = PracticeGame.objects.get(pk=url.rstrip("/").split("/")[-1])
    tail, rng, html, compared = service.LogTail(), random.Random(seed), client.get(url).content.decode(), 0
    for _ in range(150):
        clock.tick(rng.randint(100, 700))
        offered = [a for a in re.findall(r'name="action" value="([^"]+)"', html) if not a.startswith("give")]
        version = re.search(r'data-version="(\d+)"', html).group(1)
        answer = client.post(url + "act/", {"action": rng.choice(offered), "version": version},
                             HTTP_HX_REQUEST="true") if offered else client.get(url + "poll/", {"version": version},
                                                                                 HTTP_HX_REQUEST="true")
        html = answer.content.decode() if answer.status_code != 204 else html
        turn, _refusal = service.run(row.pk, row.owner)
        if turn.game.over:
            break
        fresh = service.recent_log(turn, 30)
        with django_assert_max_num_queries(1):
            assert service.recent_log(turn, 30, tail) == fresh
        compared += 1
    assert compared > 20 and len(fresh) == 30, "the log grew past the lines a table shows"
    assert len(tail.lines) == 30


@pytest.mark.parametrize("lang", LANGS)
def test_a_mogel_motte_hand_from_the_memo_is_the_hand_made_afresh(lang):
    """Each card's button and each reason with its rule link are made once per language; a
    hand built from them equals one built with the memos emptied, over whole random games, and
    what one table adds to its cards (arrived, a reason) never sticks to the memo's card."""
    from tests.games.mogel_motte.site.test_table import random_states

    checked = 0
    with translation.override(lang):
        for i, game in enumerate(random_states(games=2)):
            if i % 3:
                continue
            for seat in range(game.players):
                view, legal = game.view(seat), game.legal_actions(seat)
                # Cards just taken back through a Caught!: marked as arrived on this table only.
                announce = [{"code": "caught", "accused": seat, "card": c} for c in view["hand"][:2]]
                kept = motte._hand(view, legal, announce)
                for item in kept["hand"]:
                    actions = tuple(a for a in legal if a.split()[1:2] == [item["card"]])
                    assert motte._hand_card(item["card"], actions) == motte._hand_card.__wrapped__(item["card"], actions)
                motte._hand_card.cache_clear()
                motte._explained.cache_clear()
                assert kept == motte._hand(view, legal, announce)
                checked += 1
    assert checked > 40


@pytest.mark.parametrize("lang", LANGS)
def test_a_mogelei_hand_from_the_memo_is_the_hand_made_afresh(lang):
    """Mogelei's hand cards (a face, what laying it says or why not) are made once per language:
    equal to a hand made with the memo emptied in every position of whole random games."""
    from tests.games.mogelei.table.test_present import positions

    checked = 0
    with translation.override(lang):
        for game in positions(4, 7):
            for seat in range(game.players):
                view, legal = game.view(seat), set(game.legal_actions(seat))
                kept = mogelei._hand(view, legal, "by_value")
                mogelei._hand_card.cache_clear()
                assert kept == mogelei._hand(view, legal, "by_value")
                checked += 1
    assert checked > 100
