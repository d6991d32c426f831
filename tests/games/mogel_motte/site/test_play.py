"""The practice game against bots: lobby, table, poll, actions, bad input, restarts, whole games."""

import json
import re
from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from games.mogel_motte.engine import Game
from games.mogel_motte.table.kind import first_guard_seat
from mogel.play import service
from mogel.play.models import PracticeGame

from tests.platform.play_helpers import LOBBY, events_after, log_of, post, row_of, state, version_of

pytestmark = pytest.mark.django_db

SEED = 918273645


@pytest.fixture
def fast(settings):
    settings.MOGEL_BOT_PACE_MS = 50
    settings.MOGEL_MOSQUITO_MS = 500
    settings.MOGEL_COCKROACH_MS = 500
    settings.MOGEL_ACT_MS = 500
    settings.MOGEL_PLAY_SEED = SEED
    return settings


def start(client, lang="en", **fields):
    data = {"name": "Ann", "players": 3, "level": "normal", "rounds": "single", "ant_pile": "discard", **fields}
    response = client.post(LOBBY[lang], data)
    assert response.status_code == 302, response.content[:500]
    return response.url


def buttons(html):
    return re.findall(r'name="action" value="([^"]+)"', html)


# -- lobby ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LOBBY)
def test_lobby_in_every_language(client, lang):
    response = client.get(LOBBY[lang])
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="players"' in html and 'name="level"' in html and 'name="rounds"' in html and 'name="ant_pile"' in html
    assert f'lang="{lang}"' in html


def test_lobby_refuses_bad_choices_with_a_translated_message(client):
    response = client.post(LOBBY["de"], {"name": "", "players": 7, "level": "godlike", "rounds": "x", "ant_pile": "x"})
    assert response.status_code == 400
    assert "Bitte" in response.content.decode()
    assert PracticeGame.objects.count() == 0


def test_a_lobby_post_from_an_expired_session_starts_the_game_in_a_fresh_one(client, fast, clock):
    # The lobby form stayed open while the session expired (once a 500: the dead key was kept).
    first = start(client)
    old = client.session.session_key
    Session.objects.filter(pk=old).update(expire_date=timezone.now() - timedelta(seconds=1))
    url = start(client)
    new = client.session.session_key
    assert new and new != old
    assert row_of(url).owner == new and client.get(url).status_code == 200
    assert client.get(first).status_code == 404  # the old session's game went with it


@pytest.mark.parametrize("lang,bot", [("de", "Lotte"), ("en", "Lucy"), ("fr", "Chloé"), ("nl", "Sanne"), ("it", "Giulia")])
def test_bots_carry_names_of_the_page_language(client, fast, clock, lang, bot):
    url = start(client, lang, players=5)
    assert url.startswith(LOBBY[lang])
    html = client.get(url).content.decode()
    assert bot in html


def test_game_options_reach_the_engine(client, fast, clock):
    url = start(client, players=4, rounds="full", ant_pile="draw", level="hard")
    row = row_of(url)
    game = Game.from_json(row.state)
    assert game.players == 4 and game.options["rounds"] == "full" and game.options["ant_pile"] == "draw"
    assert game.options["mosquito_ms"] == 500 and row.level == "hard"
    assert len(row.pk) >= 22 and row.owner == client.session.session_key


@pytest.mark.parametrize("choice, guard", [("me", 0), ("left", 1), (None, 0)])
def test_the_lobby_chooses_the_first_guard(client, fast, clock, choice, guard):
    url = start(client, players=4, **({"first_guard": choice} if choice else {}))
    game = Game.from_json(row_of(url).state)
    assert game.guard == guard and game.turn == guard


def test_a_first_guard_drawn_by_lot_is_any_seat_and_the_same_for_the_same_seed():
    seats = {first_guard_seat("random", 5, seed) for seed in range(60)}
    assert seats == {0, 1, 2, 3, 4}
    assert first_guard_seat("random", 5, 7) == first_guard_seat("random", 5, 7)


def test_the_lobby_refuses_an_unknown_first_guard(client, fast, clock):
    response = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                         "ant_pile": "discard", "first_guard": "oldest"})
    assert response.status_code == 400 and PracticeGame.objects.count() == 0


# -- the table -----------------------------------------------------------------------

def test_table_shows_hand_piles_and_seats(client, fast, clock):
    url = start(client)
    html = client.get(url).content.decode()
    game = Game.from_json(row_of(url).state)
    assert html.count('class="hand__item') == len(game.hands[0])
    assert "Draw pile: %d" % len(game.draw) in html
    assert "Lucy" in html and "Oscar" in html
    # playable cards are buttons that post; the others say why
    for action in game.legal_actions(0):
        if action.startswith("play "):
            assert f'value="{action}"' in html
    assert 'aria-disabled="true"' in html or all(a.startswith(("play", "cheat", "catch")) for a in game.legal_actions(0))


def test_htmx_request_gets_the_fragment_only(client, fast, clock):
    url = start(client)
    html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith("<section id=\"table\"")
    assert "<html" not in html


# -- polling -------------------------------------------------------------------------

def test_poll_with_nothing_new_is_204_and_a_due_bot_move_is_one_fragment(client, fast, clock):
    url = start(client)
    html = client.get(url).content.decode()
    v = version_of(html)
    play = [a for a in buttons(html) if a.startswith(("play ", "draw"))][0]
    html = post(client, url, play, v).content.decode()
    v = version_of(html)
    assert client.get(url + "poll/", {"version": v}).status_code == 204
    clock.tick(10_000)
    response = client.get(url + "poll/", {"version": v}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    v2 = version_of(response.content.decode())
    assert v2 > v
    # one deliberate bot move per request, however late the poll
    deliberate = [e for e in events_after(url, v, v2) if e["code"] in ("played", "drew", "spider_gave", "spider_kept", "handed")]
    assert len(deliberate) <= 1


def test_the_table_asks_for_the_next_bot_move_when_it_is_due(client, fast, clock):
    url = start(client)
    html = client.get(url).content.decode()
    play = [a for a in buttons(html) if a.startswith(("play ", "draw"))][0]
    html = post(client, url, play, version_of(html)).content.decode()
    wake = int(re.search(r'data-wake-in="(\d+)"', html).group(1))
    # The page's poll (the fallback while its stream is down: docs/push.md) wakes for it too.
    assert f'hx-trigger="every {fast.MOGEL_FALLBACK_POLL_MS}ms, wake"' in html
    # A bot is on turn: its move is due within its pace, not at some later poll.
    assert 0 < wake <= 1.4 * fast.MOGEL_BOT_PACE_MS + 50
    v = version_of(html)
    clock.tick(wake - 1)
    assert client.get(url + "poll/", {"version": v}).status_code == 204
    clock.tick(1)
    assert version_of(client.get(url + "poll/", {"version": v}, HTTP_HX_REQUEST="true").content.decode()) > v


def test_tables_travel_compressed_to_browsers_that_accept_it(client, fast, clock):
    url = start(client)
    plain = client.get(url, HTTP_HX_REQUEST="true")
    packed = client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip"
    assert len(packed.content) * 3 < len(plain.content)


def test_poll_needs_a_version(client, fast, clock):
    url = start(client)
    assert client.get(url + "poll/").status_code == 400
    assert client.get(url + "poll/", {"version": "x"}).status_code == 400


# -- actions and bad input --------------------------------------------------------------

def test_a_legal_move_is_applied_and_answered_with_the_table(client, fast, clock):
    url = start(client)
    html = client.get(url).content.decode()
    v = version_of(html)
    play = [a for a in buttons(html) if a.startswith(("play ", "draw"))][0]
    response = post(client, url, play, v)
    assert response.status_code == 200
    assert version_of(response.content.decode()) > v
    assert 'id="announcer" hx-swap-oob' in response.content.decode()
    # Each line says which version it is news of (table/announce.js says it once): newer than the page's.
    said = [int(n) for n in re.findall(r'data-news="(\d+)"', response.content.decode())]
    assert said and all(v < n <= version_of(response.content.decode()) for n in said) and said == sorted(said)


def legal_and_illegal(url):
    game = Game.from_json(row_of(url).state)
    legal = [a for a in game.legal_actions(0) if a.startswith("play ")]
    hand = game.hands[0]
    illegal = [f"play {c}" for c in hand if f"play {c}" not in legal]
    missing = [c for c in ("1", "2", "3", "4", "5", "spider1", "ant3", "moth5") if c not in hand]
    return game, legal, illegal, missing


@pytest.mark.parametrize("case", ["illegal_card", "not_in_hand", "wrong_phase", "stale", "future_version",
                                  "bad_version", "no_action", "malformed", "bad_target"])
def test_bad_input_is_refused_with_a_message_and_changes_nothing(client, fast, clock, case):
    url = start(client, "de")
    html = client.get(url).content.decode()
    v = version_of(html)
    game, legal, illegal, missing = legal_and_illegal(url)
    before = state(url)
    if case == "illegal_card":
        if not illegal:
            pytest.skip("every card fits")
        response = post(client, url, illegal[0], v)
        expected = 400
    elif case == "not_in_hand":
        response = post(client, url, f"play {missing[0]}", v)
        expected, text = 400, "nicht auf deiner Hand"
    elif case == "wrong_phase":
        response = post(client, url, "slap", v)
        expected = 400
    elif case == "stale":
        response = post(client, url, legal[0] if legal else "draw", v - 1)
        expected = 409
    elif case == "future_version":
        response = post(client, url, legal[0] if legal else "draw", v + 5)
        expected = 400
    elif case == "bad_version":
        response = post(client, url, "draw", "abc")
        expected = 400
    elif case == "no_action":
        response = post(client, url, "", v)
        expected = 400
    elif case == "malformed":
        response = post(client, url, "fly away", v)
        expected = 400
    else:
        response = post(client, url, "give 3 9", v)
        expected = 400
    assert response.status_code == expected
    body = response.content.decode()
    assert 'role="alert"' in body
    assert '<section id="table"' in body  # the current table comes back
    assert state(url) == before
    if case == "not_in_hand":
        assert text in body


def test_double_click_applies_once(client, fast, clock):
    url = start(client)
    html = client.get(url).content.decode()
    v = version_of(html)
    play = [a for a in buttons(html) if a.startswith(("play ", "draw"))][0]
    first = post(client, url, play, v)
    assert first.status_code == 200
    after = state(url)
    second = post(client, url, play, v)
    assert second.status_code == 409
    assert state(url) == after
    assert "Tisch" not in second.content.decode()  # English page, English message
    assert "The table had changed" in second.content.decode()


def test_malformed_or_unknown_game_id_is_404(client, fast, clock):
    start(client)
    for bad in ("nope", "x" * 22, "%27%3B--"):
        assert client.get(f"/en/play/{bad}/").status_code == 404
        assert client.get(f"/en/play/{bad}/poll/", {"version": 1}).status_code == 404
        assert client.post(f"/en/play/{bad}/act/", {"action": "draw", "version": 1}).status_code == 404


def test_only_the_owner_session_sees_the_game(client, fast, clock):
    url = start(client)
    other = Client()
    other.get("/en/play/")
    assert other.get(url).status_code == 404
    assert other.get(url + "poll/", {"version": 1}).status_code == 404
    v, s = state(url)
    assert other.post(url + "act/", {"action": "draw", "version": v}).status_code == 404
    assert state(url) == (v, s)


def test_posts_need_the_csrf_token(fast, clock):
    c = Client(enforce_csrf_checks=True)
    assert c.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "easy", "rounds": "single",
                                "ant_pile": "discard"}).status_code == 403
    c2 = Client()
    url = start(c2)
    c.cookies = c2.cookies
    v, s = state(url)
    assert c.post(url + "act/", {"action": "draw", "version": v}).status_code == 403
    assert state(url) == (v, s)


def test_act_is_post_only(client, fast, clock):
    url = start(client)
    assert client.get(url + "act/").status_code == 405


# -- restart and whole games ---------------------------------------------------------------

def choose(html):
    """What a careful human clicks: go on after a round, slap, race, else the first playable card."""
    acts = [a for a in buttons(html) if not a.startswith(("catch", "cheat"))]
    for prefix in ("continue", "slap", "race", "play mosquito", "play cockroach", "play", "hand", "give", "keep", "draw"):
        hit = [a for a in acts if a.startswith(prefix)]
        if hit:
            return hit[0]
    return None


def scan(html, game):
    """Nothing secret in a response: no bot hand, no draw order, no seed, no state."""
    assert str(game.seed) not in html
    assert '"hands":' not in html and '"draw":' not in html and '"seed"' not in html
    # Card pictures: the human's hand, the discard pile's top card, a card back, the Guard Bug marker;
    # besides, the faces of the public cards that just moved (tests/site/test_motion.py).
    pictures = re.sub(r'<template class="table__moves".*?</template>', "", html, flags=re.S).count('class="table-card ')
    assert pictures <= len(game.hands[0]) + 3, (pictures, len(game.hands[0]))
    for seat in range(1, game.players):
        hand = game.hands[seat]
        for form in (hand, sorted(hand)):
            assert json.dumps(form) not in html and json.dumps(form, separators=(",", ":")) not in html
            if len(form) >= 4:
                assert ", ".join(form) not in html and " ".join(form) not in html
    if len(game.draw) >= 3:
        assert " ".join(game.draw[-3:]) not in html and json.dumps(game.draw[-3:]) not in html


def play_whole_game(client, clock, url, max_requests=4000, restart_at=None):
    html = client.get(url).content.decode()
    v = version_of(html)
    codes = set()
    for i in range(max_requests):
        if restart_at is not None and i == restart_at:
            # A restarted server: new client object, nothing in memory but the database row.
            from mogel.table import cards
            cards._SVG_CACHE.clear()
            cookies = client.cookies
            client = Client()
            client.cookies = cookies
        game = Game.from_json(row_of(url).state)
        scan(html, game)
        if game.over:
            break
        action = choose(html) if "table--over" not in html else None
        if action:
            extra = {}
            if action.startswith("give "):
                extra["to"] = re.search(r'name="to" value="(\d)" checked', html).group(1)
            response = post(client, url, action, v, **extra)
            assert response.status_code in (200, 409), (action, response.status_code, response.content[:300])
        else:
            clock.tick(60)
            response = client.get(url + "poll/", {"version": v}, HTTP_HX_REQUEST="true")
            assert response.status_code in (200, 204, 286)
            if response.status_code == 204:
                continue
        html = response.content.decode()
        v = version_of(html)
        game = Game.from_json(row_of(url).state)
        scan(html, game)
    codes = {e["code"] for e in log_of(url)}
    game = Game.from_json(row_of(url).state)
    return game, html, codes


def test_a_whole_game_against_bots_with_every_response_scanned(client, fast, clock):
    url = start(client, players=4, rounds="full")
    game, html, codes = play_whole_game(client, clock, url)
    assert game.over, "the game did not finish"
    assert "Final ranking" in html or "You win!" in html
    assert "Play again" in html
    assert {"mosquito_open", "cockroach_open", "round_end", "game_end"} <= codes
    assert row_of(url).over


def test_restart_mid_round_continues_from_the_database(client, fast, clock):
    url = start(client, players=3, rounds="single")
    game, html, codes = play_whole_game(client, clock, url, restart_at=15)
    assert game.over


def test_state_lives_only_in_the_row(client, fast, clock):
    """Two rows with the same state and the same clock go on identically: nothing else is remembered."""
    url = start(client)
    row = row_of(url)
    html = client.get(url).content.decode()
    post(client, url, choose(html), version_of(html))
    row = row_of(url)
    copy = PracticeGame.objects.get(pk=row.pk)
    copy.pk = "copy-of-the-game-0000000"
    copy.save(force_insert=True)
    for _ in range(30):
        clock.tick(100)
        a, _r = service.run(row.pk, row.owner)
        b, _r = service.run(copy.pk, row.owner)
        assert a.game.to_json() == b.game.to_json()


@pytest.mark.parametrize("lang,one,many", [("en", "1 minus point<", "6 minus points<"),
                                           ("de", "1 Minuspunkt<", "6 Minuspunkte<"),
                                           ("fr", "1 point perdu<", "6 points perdus<")])
def test_minus_points_have_a_singular(client, fast, clock, settings, lang, one, many):
    settings.MOGEL_PLAY_SCENARIO = {"players": 3, "hands": [["1", "3"], ["2", "4"], ["5", "1"]], "discard": ["2"],
                                    "guard": 0, "turn": 0, "scores": [1, 6, 0]}
    html = client.get(start(client, lang)).content.decode()
    assert one in html and many in html


def test_the_round_scores_show_the_round_that_ended_until_the_player_goes_on(client, fast, clock, settings):
    settings.MOGEL_PLAY_SCENARIO = {"players": 3, "hands": [["3"], ["1", "moth5"], ["5", "4"]], "discard": ["2"],
                                    "guard": 0, "turn": 0}
    url = start(client, rounds="full")
    html = client.get(url).content.decode()
    html = post(client, url, "play 3", version_of(html)).content.decode()
    # The next round is dealt already, but the page still shows the one that ended.
    assert 'id="btn-continue"' in html and "Round 1 of 3" in html
    assert "Round 1 is over: you have no cards left!" in html and "You played the number card 3." in html
    assert 'class="hand-area"' not in html and 'class="seats"' not in html
    html = post(client, url, "continue", version_of(html)).content.decode()
    assert "Round 2 of 3" in html and 'class="hand-area"' in html and 'id="btn-continue"' not in html
