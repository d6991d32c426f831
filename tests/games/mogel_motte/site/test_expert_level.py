"""The expert level at Mogel Motte's practice table: offered in the lobby in five languages, and a
game at that level, its cheats and Caught! included, plays to its end through HTTP."""

import re

import pytest

from games.mogel_motte.engine import Game
from games.mogel_motte.engine.expert import ExpertBot
from games.mogel_motte.table import bots as table_bots

from tests.platform.play_helpers import LOBBY, row_of

from .test_play import fast, play_whole_game, start  # noqa: F401  (fast is a fixture)

pytestmark = pytest.mark.django_db

LABEL = {"en": "Expert", "de": "Experte", "fr": "Expert", "nl": "Expert", "it": "Esperto"}


@pytest.mark.parametrize("lang", sorted(LABEL))
def test_the_lobby_offers_the_expert_level_in_every_language(client, lang):
    html = client.get(LOBBY[lang]).content.decode()
    assert re.findall(r'name="level" value="(\w+)"', html) == ["easy", "normal", "hard", "expert"]
    label = re.search(r'name="level" value="expert"[^>]*>\s*(?:<[^>]+>\s*)*([^<]+)', html)
    assert label and label.group(1).strip() == LABEL[lang]


def test_a_game_at_expert_level_is_played_by_expert_bots_to_its_end(client, fast, clock):
    url = start(client, players=4, level="expert")
    game_row = row_of(url)
    assert game_row.level == "expert"
    bots = table_bots._engine_bots(Game.from_json(game_row.state), "expert")
    assert all(isinstance(bot, ExpertBot) for bot in bots.values()) and sorted(bots) == [1, 2, 3]
    game, html, codes = play_whole_game(client, clock, url)
    assert game.over and row_of(url).over
    assert "round_end" in codes and "Play again" in html
