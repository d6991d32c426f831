"""A second game kind plugs into the platform without any code in mogel/play knowing it.

A made-up game, "Tap in turn" (each seat taps when it is on turn; the game ends after a set
number of taps; a tap also leaves a private thought only its seat sees), is registered in a
fixture with its own engine, bots, lobby field and table body. It gets its own lobby, game
page, poll, act and abandon under /<lang>/tap/<play/>, its own remembered choices, a place in
the unfinished games and the cap, pruning, and a block on the home page below Mogel Motte's.
"""

from __future__ import annotations

import io
import json
import re
from datetime import timedelta

import pytest
from django import forms
from django.core.management import call_command
from django.template import Template
from django.utils import timezone

from mogel import games
from mogel.core import errors
from mogel.play import forms as lobby_forms
from mogel.play import shell
from mogel.play.bots import Planned, paced
from mogel.play.models import PracticeGame

from .play_helpers import LOBBY, post, row_of, version_of

pytestmark = pytest.mark.django_db
# Its own refusals (no rules page: no anchors).
IllegalAction = errors.register("tap-in-turn", dict.fromkeys([*errors.PLATFORM_CODES, "not_your_turn"]))


class TapGame:
    """Seats tap in turn, clockwise from seat 0; the game is over after ``target`` taps."""

    def __init__(self, players: int, seed: int, target: int):
        self.players, self.seed, self.target = players, seed, target
        self.taps, self.turn, self.clock, self.round = [0] * players, 0, 0, 1
        self.log, self.log_base, self.history = [{"code": "round_start", "round": 1, "t": 0}], 0, []

    @classmethod
    def new(cls, players, seed, target=4):
        return cls(players, seed, target)

    @classmethod
    def from_scenario(cls, scenario, seed=0):
        game = cls(scenario["players"], seed, scenario.get("target", 4))
        game.turn = scenario.get("turn", 0)
        return game

    def to_json(self):
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text):
        game = cls.__new__(cls)
        game.__dict__.update(json.loads(text))
        return game

    @property
    def over(self):
        return sum(self.taps) >= self.target

    @property
    def log_length(self):
        return self.log_base + len(self.log)

    def trim_log(self, before=None):
        self.log_base += len(self.log) - 1
        self.log = self.log[-1:]

    def legal_actions(self, seat):
        return ["tap"] if not self.over and seat == self.turn else []

    def apply(self, seat, action, at):
        if action != "tap":
            raise IllegalAction("malformed", "only taps")
        if self.over:
            raise IllegalAction("game_over", "over")
        if seat != self.turn:
            raise IllegalAction("not_your_turn", "wait")
        self.clock = max(self.clock, at)
        self.taps[seat] += 1
        self.turn = (seat + 1) % self.players
        events = [{"code": "tapped", "seat": seat, "t": self.clock},
                  {"code": "thought", "seat": seat, "secret": f"secret-{seat}", "only": [seat], "t": self.clock}]
        if self.over:
            self.history.append({"round": 1})
            events.append({"code": "game_end", "t": self.clock})
        self.log.extend(events)
        return events

    def advance(self, now):
        self.clock = max(self.clock, now)
        return []

    def next_deadline(self):
        return None

    def view(self, seat):
        log = [e for e in (TapKind.visible(None, e, seat) for e in self.log) if e]
        return {"seat": seat, "players": self.players, "phase": "over" if self.over else "tap", "round": 1,
                "turn": self.turn, "taps": list(self.taps), "log": log, "log_start": self.log_base, "clock": self.clock}

    def ranking(self):
        return [list(range(self.players))]


class TapForm(lobby_forms.LobbyForm):
    lead = "Tap when it is your turn."
    own = ("target",)
    players = lobby_forms.players_field(3, 8)
    target = forms.TypedChoiceField(label="Taps", coerce=int, initial=4, widget=forms.RadioSelect,
                                    choices=[(4, "4"), (6, "6")])


BODY = Template(
    '<div class="tap-body">{% for name in names %}<span class="tap-seat">{{ name }}</span>{% endfor %}'
    '{% if can_tap %}<button id="btn-tap" hx-post="{{ action_url }}" name="action" value="tap">Tap</button>{% endif %}'
    '{% if after_centre %}{% include after_centre %}{% endif %}</div>')
SUMMARY = Template('<h2 id="summary-title">Tapped out</h2>')


class TapKind(games.GameKind):
    key = "tap-in-turn"
    name = "Tap in turn"
    min_players, max_players = 3, 8
    slug = "tap"
    engine_path = f"{__name__}.TapGame"
    lobby_form = f"{__name__}.TapForm"
    templates = {"body": BODY, "summary": SUMMARY}
    sounds = {"tapped": "table/sounds/turn.mp3"}
    hold_after = ()

    def new_game(self, players, seed, choices):
        return TapGame.new(players, seed, choices["target"])

    def plan(self, game, level, memories, resume_ms=0, *, pace="normal", deliberate_only=False):
        if game.over or game.turn == 0:
            return None
        return Planned(game.turn, "tap", paced(game, game.clock, resume_ms, pace))

    def visible(self, event, seat):
        if "only" in event and seat not in event["only"]:
            return None
        return {k: v for k, v in event.items() if k != "only"}

    def summary(self, turn, names):
        return {"round": 1} if turn.game.over else None

    def table(self, turn, view, legal, names, *, summary, shell):
        return {**shell_context(self, view, names, shell), "taps": view["taps"], "can_tap": "tap" in legal,
                "round_line": "Tapping", "prompt": "Your turn" if "tap" in legal else "Wait",
                "my_turn": "tap" in legal}

    def describe(self, event, names, me):
        return f"{names[event['seat']]} tapped." if event["code"] == "tapped" else event["code"]

    def explain(self, code, params):
        return f"refused: {code}", None

    def moves(self, events, me):
        return [{"kind": "tapped", "from": e["seat"], "to": None} for e in events if e["code"] == "tapped"]

    def ways(self):
        return [games.Way(self.play_url("lobby"), ("3",), f"Play {self.name}", "Tap along.")]


shell_context = shell.context


@pytest.fixture
def tap(settings):
    settings.MOGEL_BOT_PACE_MS = 100
    settings.MOGEL_PLAY_SEED = 5
    kind = games.register(TapKind())
    yield kind
    games.unregister(kind.key)


def start(client, lang="en", **choices):
    fields = {"name": "Ann", "players": 3, "level": "normal", "pace": "normal", "target": 4, **choices}
    response = client.post(f"/{lang}/tap/{PLAY[lang]}", fields)
    assert response.status_code == 302, response.content.decode()[:500]
    return response.url


PLAY = {lang: url.split("/")[2] + "/" for lang, url in LOBBY.items()}


def test_a_second_kind_gets_its_own_lobby_under_its_prefix_in_every_language(client, tap):
    for lang in LOBBY:
        html = client.get(f"/{lang}/tap/{PLAY[lang]}").content.decode()
        assert "Tap when it is your turn." in html
        # Its player range, its own field, the shared ones.
        assert re.findall(r'name="players" value="(\d)"', html) == [str(n) for n in range(3, 9)]
        assert 'name="target"' in html and 'name="level"' in html and 'name="pace"' in html
        assert 'name="ant_pile"' not in html
    # Mogel Motte's lobby is unchanged by it.
    assert 'name="target"' not in client.get(LOBBY["en"]).content.decode()


def test_a_second_kind_plays_through_the_shared_views(client, tap, clock):
    url = start(client, players=8)
    assert url.startswith("/en/tap/play/")
    row = row_of(url)
    assert (row.kind, row.choices) == ("tap-in-turn", {"target": 4})
    html = client.get(url).content.decode()
    assert 'class="tap-body"' in html and html.count('class="tap-seat"') == 8
    assert 'data-sound-tapped="' in html and 'id="announcer"' in html and "log__ticker" in html
    # Eight seats, eight different names.
    names = seat_names_of(html)
    assert len(set(names)) == 8 and "Ann" in names
    version = version_of(html)
    response = post(client, url, "tap", version)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ann tapped." in html and "secret-0" not in html
    # The bots tap at their pace; the poll brings their taps, never their private thoughts.
    clock.tick(1000)
    response = client.get(url + "poll/", {"version": version_of(html)}, HTTP_HX_REQUEST="true")
    assert response.status_code in (200, 286)
    html = response.content.decode()
    assert re.search(r"\w+ tapped\.", html) and "secret-1" not in html and "secret-2" not in html
    assert '"kind":"tapped"' in html.replace("&quot;", '"')


def seat_names_of(html):
    return re.findall(r'<span class="tap-seat">([^<]+)</span>', html)


def test_a_refused_move_of_a_second_kind_is_explained_and_changes_nothing(client, tap, clock):
    url = start(client)
    html = client.get(url).content.decode()
    before = row_of(url).state
    response = post(client, url, "jump", version_of(html))
    assert response.status_code == 400 and "refused: malformed" in response.content.decode()
    assert row_of(url).state == before


def test_the_game_ends_with_the_shared_summary_and_play_again(client, tap, clock):
    url = start(client, target=4)
    html = client.get(url).content.decode()
    for _ in range(3):
        html = post(client, url, "tap", version_of(html)).content.decode()
        clock.tick(2000)
        html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert row_of(url).over
    assert "Tapped out" in html
    again = re.search(r'<form class="summary__again" method="post" action="([^"]+)"[^>]*>(.*?)</form>', html, re.S)
    assert again and again.group(1) == "/en/tap/play/"
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', again.group(2)))
    assert fields["target"] == "4" and fields["players"] == "3"
    response = client.post(again.group(1), fields)
    assert response.status_code == 302 and row_of(response.url).kind == "tap-in-turn"


def test_a_game_is_served_only_under_its_own_kind(client, tap, clock):
    url = start(client)
    game_id = url.rstrip("/").split("/")[-1]
    assert client.get(f"{LOBBY['en']}{game_id}/").status_code == 404
    motte = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                      "ant_pile": "discard"}).url
    motte_id = motte.rstrip("/").split("/")[-1]
    assert client.get(f"/en/tap/play/{motte_id}/").status_code == 404
    assert client.get(f"/en/tap/play/{motte_id}/poll/", {"version": 0}).status_code == 404
    assert client.get("/en/nosuchgame/play/").status_code == 404
    assert client.get("/en/mogel-motte/play/").status_code == 404


def test_choices_are_remembered_per_kind(client, tap):
    start(client, players=7, target=6, level="hard")
    html = client.get("/en/tap/play/").content.decode()
    assert re.search(r'name="players" value="7"[^>]*checked', html)
    assert re.search(r'name="target" value="6"[^>]*checked', html)
    # Mogel Motte's lobby keeps its own (none yet: its defaults), and the shared name.
    motte = client.get(LOBBY["en"]).content.decode()
    assert re.search(r'name="players" value="3"[^>]*checked', motte)
    assert 'value="Ann"' in motte


def test_unfinished_games_and_the_cap_count_every_kind(client, tap, settings):
    settings.MOGEL_UNFINISHED_GAMES_PER_SESSION = 3
    tap_url = start(client)
    for _ in range(2):
        client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                  "ant_pile": "discard"})
    html = client.get(LOBBY["en"]).content.decode()
    assert "Tap in turn: started" in html and html.count("Cheating Moth: started") == 2
    assert f'href="{tap_url}"' in html and f'action="{tap_url}abandon/"' in html
    response = client.post("/en/tap/play/", {"name": "Ann", "players": 3, "level": "normal", "target": 4})
    assert response.status_code == 409
    assert client.post(tap_url + "abandon/").status_code == 200  # asks first
    assert client.post(tap_url + "abandon/", {"confirm": "yes"}).status_code == 302
    assert start(client)


def test_prune_removes_old_games_of_every_kind(client, tap):
    url = start(client)
    PracticeGame.objects.filter(pk=row_of(url).pk).update(updated=timezone.now() - timedelta(days=3))
    call_command("prunegames", stdout=io.StringIO())
    assert not PracticeGame.objects.filter(kind="tap-in-turn").exists()


def test_the_home_page_gets_a_block_for_the_second_kind_below_the_first(client, tap):
    html = client.get("/en/").content.decode()
    first = html.index('class="ways__list"')
    block = html.index('id="ways-tap-in-turn"')
    assert first < block and "Play Tap in turn" in html[block:]
    assert 'href="/en/tap/play/"' in html[block:]
    assert html.index("/en/play/") < block


def test_an_engine_move_named_like_the_go_on_button_reaches_the_engine_when_it_is_legal(client, tap, clock):
    # Mogelei's own "continue" (a new pass) shares its name with the summary's button: off a
    # hold, a legal one is the player's move; an illegal one stays no move at all.
    tap.go_on = "tap"
    url = start(client)
    html = client.get(url).content.decode()
    html = post(client, url, "tap", version_of(html)).content.decode()
    assert "Ann tapped." in html and json.loads(row_of(url).state)["taps"] == [1, 0, 0]
    before = row_of(url).state
    response = post(client, url, "tap", version_of(html))
    assert response.status_code == 200 and row_of(url).state == before


def test_a_kind_starts_from_its_own_test_scenario(client, tap, settings):
    settings.PLAY_SCENARIOS = {"tap-in-turn": {"players": 5, "turn": 2, "target": 6}}
    state = json.loads(row_of(start(client, players=3)).state)
    assert (state["players"], state["turn"], state["target"]) == (5, 2, 6)
    # Mogel Motte's games are untouched by another kind's scenario.
    motte = client.post(LOBBY["en"], {"name": "Ann", "players": 3, "level": "normal", "rounds": "single",
                                      "ant_pile": "discard"}).url
    assert json.loads(row_of(motte).state)["players"] == 3
