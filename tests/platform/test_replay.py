"""The replay of a practice game, for both games: each step is the game rebuilt from its events up
to there; the pages in every language, their steps and bounds; who may watch what (the owner
only the player's seat while the game runs, anyone with the link every hand once it is over)."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext as _

from games.mogel_motte.engine.replay import replay as motte_replay
from games.mogelei.engine.replay import replay as mogelei_replay
from mogel import games
from mogel.play import replay as replays
from mogel.play.models import PracticeGame
from tests.games.mogel_motte.site.test_play import SEED, play_whole_game, scan
from tests.games.mogel_motte.site.test_play import fast as motte_fast  # noqa: F401  (a fixture)
from tests.games.mogelei.site.test_play import Secrets, leaks, play_out

from .play_helpers import log_of, post, row_of, version_of

pytestmark = pytest.mark.django_db

LANGS = ("en", "de", "fr", "nl", "it")
MOGELEI_LOBBY = {"players": 3, "level": "normal", "pace": "quick", "games": 1, "dealer": "right"}
MOTTE_LOBBY = {"players": 3, "level": "normal", "rounds": "single", "ant_pile": "discard"}
ENGINE_REPLAY = {"mogel-motte": motte_replay, "mogelei": mogelei_replay}


@pytest.fixture
def fast(motte_fast, clock):
    """Mogel Motte's quick bots and windows from a fixed seed (its site tests'), for both games."""
    motte_fast.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    return motte_fast


def lobby(key, lang="en"):
    with translation.override(lang):
        return games.get(key).play_url("lobby")


def start(client, key, lang="en", **more):
    fields = MOTTE_LOBBY if key == "mogel-motte" else MOGELEI_LOBBY
    response = client.post(lobby(key, lang), {"name": "Ann", **fields, **more})
    assert response.status_code == 302, response.content[:500]
    return response.url


def finished(client, clock, key):
    """A whole seeded game of ``key``, played through HTTP as the page offers."""
    url = start(client, key)
    if key == "mogel-motte":
        play_whole_game(client, clock, url)
    else:
        play_out(client, url, clock, random.Random(3))
    assert row_of(url).over
    return url


def half_played(client, clock, key, requests=40):
    """A game of ``key`` some way in, not over: the player's moves and the bots' for ``requests`` answers."""
    url = start(client, key, **({"rounds": "full"} if key == "mogel-motte" else {"games": 5}))
    html = client.get(url).content.decode()
    rng = random.Random(5)
    for _ in range(requests):
        choices = [a for a in re.findall(r'name="action" value="([^"]+)"', html) if not a.startswith("catch")]
        if choices and "give" not in " ".join(choices):
            response = post(client, url, rng.choice(choices), version_of(html))
        else:
            clock.tick(150)
            response = client.get(url + f"poll/?version={version_of(html)}", HTTP_HX_REQUEST="true")
        if response.status_code in (200, 400, 409):
            html = response.content.decode()
    assert not row_of(url).over
    return url


def step_url(url, step):
    return f"{url}replay/{step}/"


def replay_at(url, step, everyone=None):
    row = row_of(url)
    return replays.at_step(row, games.get(row.kind), step, row.over if everyone is None else everyone)


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_every_step_is_the_game_rebuilt_from_its_events_up_to_that_step(client, fast, clock, key):
    url = finished(client, clock, key)
    row, log = row_of(url), log_of(url)
    kind = games.get(key)
    last = replay_at(url, 0).last
    assert last > 20
    end = replay_at(url, 0).end
    for step in range(1, last + 1):
        found = replay_at(url, step)
        rebuilt = ENGINE_REPLAY[key](kind.new_game(3, SEED, row.choices), log[:found.end])
        assert found.game.to_json() == rebuilt.to_json(), step
        # Each step is one move: the events after the step before, up to the end of this move.
        assert found.events == log[end:found.end] and found.end > end
        end = found.end
    assert end == len(log) and found.game.over


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_the_replay_page_answers_in_every_language_and_steps_both_ways(client, fast, clock, key, lang):
    url = finished(client, clock, key)
    row = row_of(url)
    with translation.override(lang):
        kind = games.get(key)
        base = kind.play_url("game", row.pk)
        assert base.startswith(f"/{lang}/")
        last = replay_at(url, 0).last
        html = client.get(kind.url("play", "replay", game_id=row.pk)).content.decode()
        assert f'<html lang="{lang}"' in html and 'data-step="0"' in html
        assert _("Replay steps") in html and _("Everyone's cards") in html
        middle = client.get(kind.url("play", "replay-step", game_id=row.pk, step=5)).content.decode()
        links = dict(re.findall(r'href="([^"]+)" hx-get="[^"]+" data-replay="(\w+)"', middle))
        assert {v: k for k, v in links.items()} == {
            "first": kind.url("play", "replay-step", game_id=row.pk, step=0),
            "previous": kind.url("play", "replay-step", game_id=row.pk, step=4),
            "next": kind.url("play", "replay-step", game_id=row.pk, step=6),
            "last": kind.url("play", "replay-step", game_id=row.pk, step=last)}
        end = client.get(kind.url("play", "replay-step", game_id=row.pk, step=last)).content.decode()
        assert 'data-replay="next"' not in end and 'data-replay="previous"' in end
        beyond = client.get(kind.url("play", "replay-step", game_id=row.pk, step=last + 1))
        assert beyond.status_code == 404
        assert _("This replay has no such step: its steps go from 0 to %(last)s.") % {"last": last} in \
            beyond.content.decode()


def test_an_htmx_step_is_the_fragment_with_its_events_for_the_live_region(client, fast, clock):
    url = finished(client, clock, "mogelei")
    response = client.get(step_url(url, 3), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html and html.lstrip().startswith('<div id="replay"')
    announced = re.search(r'<div id="announcer" hx-swap-oob="innerHTML">(.*?)</div>', html, re.S).group(1)
    assert announced.startswith("Step 3 of ")
    row, kind = row_of(url), games.get("mogelei")
    found = replay_at(url, 3)
    from mogel.play.names import seat_names
    names = seat_names(row.player_name, 3, row.language)
    for event in found.events:
        line = kind.describe(event, names, 0)
        assert line and line.replace("'", "&#x27;") in announced
    # A page the browser restores from history (htmx asks for it again) is the whole page.
    whole = client.get(step_url(url, 3), HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in whole.content.decode()


def test_bad_steps_and_strangers_get_a_translated_404_never_an_error(client, fast, clock):
    url = finished(client, clock, "mogelei")
    assert client.get(f"{url}replay/-1/").status_code == 404
    assert client.get(f"{url}replay/x/").status_code == 404
    assert client.get(f"{url}replay/{10 ** 30}/").status_code == 404
    stranger = Client()
    response = stranger.get(step_url(url, 0))
    assert response.status_code == 404 and "There is no such game here." in response.content.decode()
    # Another game's address, another kind's address, a made-up token.
    other = url.replace("/mogelei/play/", "/play/")
    assert client.get(step_url(other, 0)).status_code == 404
    with translation.override("de"):
        wrong = games.get("mogelei").url("play", "replay-shared", token="x" * 22, step=0)
        response = stranger.get(wrong)
        assert response.status_code == 404
        assert _("There is no such replay here. The link may be wrong or the game deleted.") in response.content.decode()


def test_the_owner_shares_a_finished_game_and_the_link_shows_every_hand_but_gives_no_right_to_act(client, fast, clock):
    url = finished(client, clock, "mogel-motte")
    html = client.get(step_url(url, 0)).content.decode()
    shared = re.search(r'id="replay-link" class="replay-share__link" type="url" readonly value="http://testserver([^"]+)"',
                       html).group(1)
    row = row_of(url)
    assert row.replay_token and row.replay_token in shared and row.pk not in shared
    # The owner asking again gets the same link.
    assert shared in client.get(step_url(url, 1)).content.decode()
    stranger = Client()
    page = stranger.get(shared)
    body = page.content.decode()
    assert page.status_code == 200 and "hx-post" not in body and 'id="replay-link"' not in body
    found = replay_at(url, 0)
    # Every seat's hand, as many cards as the seats hold.
    assert body.count('class="replay-hands__card"') == sum(len(h) for h in found.game.hands)
    # The stranger watches from no seat: the owner's seat bears the owner's name, not "(you)".
    assert "Ann (you)" in html and "(you)" not in body and "Ann" in body
    step = stranger.get(shared + "7/")
    assert step.status_code == 200 and 'data-step="7"' in step.content.decode()
    # Watching is all: the game's own pages stay the owner's.
    assert stranger.get(url).status_code == 404
    assert stranger.post(url + "act/", {"action": "draw", "version": 0}).status_code in (403, 404)


def test_an_unfinished_game_has_no_shared_replay_and_shows_no_other_hand(client, fast, clock):
    url = half_played(client, clock, "mogelei")
    html = client.get(step_url(url, 0)).content.decode()
    assert 'id="replay-link"' not in html and "replay-hands" not in html
    row = row_of(url)
    PracticeGame.objects.filter(pk=row.pk).update(replay_token="y" * 22)
    kind = games.get("mogelei")
    assert Client().get(kind.url("play", "replay-shared", token="y" * 22, step=0)).status_code == 404


@pytest.mark.parametrize("key", ["mogel-motte", "mogelei"])
def test_an_unfinished_games_replay_never_shows_another_seats_cards_at_any_step(client, fast, clock, key):
    url = half_played(client, clock, key, requests=60)
    log = log_of(url)
    last = replay_at(url, 0).last
    assert last >= 5
    for step in range(last + 1):
        html = client.get(step_url(url, step)).content.decode()
        found = replay_at(url, step)
        game = found.game
        assert str(game.seed) not in html and '"seed"' not in html
        if step:
            assert '<ul class="replay__lines">' in html, "a step the player did not see"
        if key == "mogel-motte":
            # The player's own card in the act (a cheat of theirs) is theirs to see, beside the hand.
            sleeve = re.search(r'<div class="sleeve".*?</div>', html, re.S)
            assert sleeve is None or game.view(0)["act"]
            scan(html.replace(sleeve.group(0), "") if sleeve else html, game)
        else:
            hidden = Secrets().take(log[:found.end]).hidden | {c for s in range(1, game.players) for c in game.hands[s]}
            assert not leaks(html, hidden), (step, leaks(html, hidden))


def test_the_steps_of_a_running_game_are_the_moves_the_player_saw(client, fast, clock):
    url = half_played(client, clock, "mogel-motte", requests=60)
    mine, every = replay_at(url, 0, everyone=False), replay_at(url, 0, everyone=True)
    log = log_of(url)
    seen = [i for i, e in enumerate(log) if games.get("mogel-motte").visible(e, 0) is not None]
    assert mine.last <= every.last and mine.last <= len(seen)
    for step in range(1, mine.last + 1):
        assert any(games.get("mogel-motte").visible(e, 0) for e in replay_at(url, step).events)


def test_watch_the_replay_from_the_lobby_and_the_finished_games_scores(client, fast, clock):
    running = half_played(client, clock, "mogelei", requests=5)
    lobby_html = client.get(lobby("mogelei")).content.decode()
    assert f'href="{running}replay/"' in lobby_html and "Watch the replay" in lobby_html
    done = finished(client, clock, "mogelei")
    assert f'href="{done}replay/" id="watch-replay"' in client.get(done).content.decode()


def test_a_game_older_than_replays_is_replayed_from_its_seed(client, fast, clock):
    url = finished(client, clock, "mogelei")
    before = replay_at(url, 9)
    PracticeGame.objects.filter(pk=row_of(url).pk).update(start_state="")
    after = replay_at(url, 9)
    assert after.game.to_json() == before.game.to_json() and after.last == before.last
    # A row whose events no longer follow from its start is "cannot be replayed", not an error.
    row = row_of(url)
    PracticeGame.objects.filter(pk=row.pk).update(start_state=games.get("mogelei").new_game(3, 1, row.choices).to_json())
    response = client.get(step_url(url, 0))
    assert response.status_code == 404 and "cannot be replayed" in response.content.decode()



def replay_fragments(client, clock, settings, scenario):
    """The replay's htmx fragments of a game from ``scenario`` after the player's cockroach, with
    the game's id, the step count and the link to the last step (which differ with the future) left out."""
    from tests.platform.test_side_channel import HONEST

    settings.MOGEL_PLAY_SCENARIO, settings.MOGEL_BOT_PROFILE = scenario, HONEST
    url = start(client, "mogel-motte")
    post(client, url, "play cockroach3", version_of(client.get(url).content.decode()))
    for _ in range(60):
        clock.tick(100)
        client.get(url + "poll/?version=0", HTTP_HX_REQUEST="true")
    game_id = row_of(url).pk
    pages = []
    for step in range(replay_at(url, 0).last + 1):
        html = client.get(step_url(url, step), HTTP_HX_REQUEST="true").content.decode()
        html = re.sub(r'<a [^>]*data-replay="last".*?</a>', "", html.replace(game_id, "ID"), flags=re.S)
        pages.append(re.sub(r'data-last-step="\d+"|Step (\d+) of \d+', r"Step \1", html))
    return url, pages


def test_a_bots_secret_changes_no_replay_step_before_it_shows(client, fast, clock, settings):
    """Lucy holds the 3 the cockroach asks for, or a 4: the replay is the same up to her race."""
    from tests.platform.test_side_channel import NO_RACE, RACE

    settings.MOGEL_COCKROACH_MS = 3000
    url, racing = replay_fragments(client, clock, settings, RACE)
    raced = next(i for i, e in enumerate(log_of(url)) if e["code"] == "raced")
    before = next(n for n in range(replay_at(url, 0).last + 1) if replay_at(url, n).end > raced)
    assert before >= 2
    _url, waiting = replay_fragments(client, clock, settings, NO_RACE)
    assert racing[:before] == waiting[:before]
    assert racing[before] != waiting[before]
