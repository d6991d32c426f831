"""The expert level at Mogelei's practice table: offered in the lobby in five languages, and a match
at that level plays to its end through HTTP without showing a face-down card of another seat."""

import random
import re

import pytest

from tests.platform.play_helpers import log_of, row_of

from .test_play import fast, lobby, play_out, start  # noqa: F401  (fast is a fixture)

pytestmark = pytest.mark.django_db

LABEL = {"en": "Expert", "de": "Experte", "fr": "Expert", "nl": "Expert", "it": "Esperto"}


@pytest.mark.parametrize("lang", sorted(LABEL))
def test_the_lobby_offers_the_expert_level_in_every_language(client, lang):
    html = client.get(lobby(lang)).content.decode()
    assert re.findall(r'name="level" value="(\w+)"', html) == ["easy", "normal", "hard", "expert"]
    label = re.search(r'name="level" value="expert"[^>]*>\s*(?:<[^>]+>\s*)*([^<]+)', html)
    assert label and label.group(1).strip() == LABEL[lang]


def test_a_match_at_expert_level_plays_to_its_end_and_shows_no_hidden_card(client, fast, clock):
    url = start(client, players=4, level="expert")
    assert row_of(url).level == "expert"
    play_out(client, url, clock, random.Random(7), scan=True)
    assert any(e["code"] == "match_end" for e in log_of(url))
    assert row_of(url).over
