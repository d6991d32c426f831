"""The third game plays: its engine's rules and own refusals, and its practice game against bots
through the platform's lobby, table shell, poll and summary."""

import re

import pytest

from mogel.core import errors
from tests.platform.play_helpers import clock, post, row_of, version_of  # noqa: F401  (a fixture)

from .engine import Climb, IllegalAction

LOBBY = {"en": "/en/climb/play/", "de": "/de/climb/spielen/"}


def test_the_engine_refuses_with_its_own_registered_codes():
    game = Climb.from_scenario({"players": 3, "hands": [["2", "9"], ["3"], ["4"]], "top": 5, "turn": 0})
    for action, code in [("lay 2", "too_low"), ("pass", "must_lay"), ("lay 7", "not_in_hand"), ("jump", "malformed")]:
        with pytest.raises(IllegalAction) as refused:
            game.apply(0, action, 0)
        assert refused.value.code == code and refused.value.game == "climb"
    assert {"too_low", "must_lay"} <= set(errors.codes("climb")) and "too_low" not in errors.codes("mogel-motte")
    with pytest.raises(LookupError):
        IllegalAction("must_follow", "another game's code")


def test_the_engine_hides_the_other_hands_and_replays_from_its_seed():
    game, again = Climb.new(3, seed=7), Climb.new(3, seed=7)
    assert game.to_json() == again.to_json()
    view = game.view(1)
    assert view["hand"] == game.hands[1]
    assert [e["cards"] for e in view["log"] if e["code"] == "dealt"] == [game.hands[1]], "only its own deal"


def start(client, lang="en"):
    response = client.post(LOBBY[lang], {"name": "Ann", "players": 3, "level": "normal", "pace": "normal"})
    assert response.status_code == 302, response.content.decode()[:500]
    return response.url


@pytest.mark.parametrize("lang", ["en", "de"])
def test_its_lobby_and_table_are_the_platforms_with_its_body(client, third_game, clock, lang):
    html = client.get(LOBBY[lang]).content.decode()
    assert "You and 2 or 3 bots: lay higher, or pass." in html
    assert re.findall(r'name="players" value="(\d)"', html) == ["3", "4"]
    url = start(client, lang)
    assert url.startswith(LOBBY[lang]) and row_of(url).kind == "climb"
    page = client.get(url).content.decode()
    assert 'class="climb-body"' in page and 'data-sound-turn="' in page and 'id="announcer"' in page


def test_a_game_is_played_to_its_end_against_the_bots(client, third_game, clock):
    url = start(client)
    html = client.get(url).content.decode()
    for _ in range(12):
        if row_of(url).over:
            break
        row = row_of(url)
        legal = Climb.from_json(row.state).legal_actions(0)
        if legal:
            html = post(client, url, legal[0], version_of(html)).content.decode()
        clock.tick(3000)
        html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert row_of(url).over
    assert "climbed out first" in html and 'id="btn-play-again"' in html
    # Its replay is the platform's, with its own table at each step and everyone's cards.
    assert f'href="{url}replay/" id="watch-replay"' in html
    replay = client.get(url + "replay/1/").content.decode()
    assert 'data-step="1"' in replay and 'class="climb-body"' in replay and "replay-hands" in replay
    assert "hx-post" not in replay


def test_a_refused_move_is_explained_with_its_rule_and_changes_nothing(client, third_game, clock):
    url = start(client)
    html = client.get(url).content.decode()
    game = Climb.from_json(row_of(url).state)
    low = next((c for c in game.hands[0] if int(c) < game.top), None)
    action, message = (f"lay {low}", "Higher than the top card, please.") if low else (
        "pass", "A card of yours fits: lay it.")
    before = row_of(url).state
    response = post(client, url, action, version_of(html))
    assert response.status_code == 400 and message in response.content.decode()
    assert 'href="/en/climb/rules/#turn"' in response.content.decode()
    assert row_of(url).state == before


def test_the_home_page_has_its_block_after_the_site_games(client, third_game):
    html = client.get("/en/").content.decode()
    assert html.index("Climb") > html.index("Mogelei") and 'href="/en/climb/play/"' in html
