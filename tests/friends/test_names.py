"""Names people can tell apart (docs/friends.md, "Names"): beside a host "Ann" and a bot, every
look-alike, invisible or marked name is refused with its own translated message and the table
unchanged, at a friends' table (create and sit) and in the practice lobby; the field says its
limit, and a long name is refused, never cut."""

import re

import pytest
from django.test import Client
from django.utils.html import escape
from django.utils.translation import override

from mogel.friends.models import Seat, Table
from mogel.play.models import PracticeGame
from mogel.play.name_rules import MESSAGES
from mogel.play.names import BOT_NAMES
from tests.platform.play_helpers import LOBBY

from .helpers import OWN, PREFIX, create, host, table_url

pytestmark = pytest.mark.django_db

ZWSP, RLO, CYRILLIC_A, CYRILLIC_U = "\u200b", "\u202e", "\u0410", "\u0443"
# What each typed name is refused as, beside the host "Ann" and the bot of seat 1 ({bot}).
LOOK_ALIKES = [
    ("Ann" + ZWSP, "name_taken"),             # a zero-width space after the host's name
    (ZWSP, "bad_name"),                       # a zero-width space alone
    (CYRILLIC_A + "nn", "name_look_alike"),   # Cyrillic "А" for the Latin "A"
    ("Ann (bot)", "name_reserved"),
    ("{bot}", "name_taken"),                  # the bot's own name
    ("{bot_cyrillic}", "name_look_alike"),    # the bot's name with a Cyrillic "у" or "е"
    (RLO + "Ann", "name_taken"),              # a right-to-left override before the host's name
    ("Ann" + RLO, "name_taken"),
    ("A" * 60, "name_too_long"),
    ("ＡＮＮ", "name_taken"),                  # full-width capitals: NFKC's "ANN"
    ("PauI", None),                           # a capital I: fine while nobody is called Paul
]
STATUS = {"bad_name": 400, "name_too_long": 400, "name_reserved": 400, "name_taken": 409, "name_look_alike": 409}


@pytest.fixture
def fast(settings, clock):
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 10_000
    return settings


def seats_of(table):
    return [(s.number, s.name, s.bot) for s in Seat.objects.filter(table=table).order_by("number")]


def message(code, lang):
    with override(lang):
        return escape(str(MESSAGES[code]))


def a_table_with_a_bot(lang):
    """Host Ann at seat 0, a bot at seat 1, two empty seats; returns the table, its bot's name and the host."""
    ann = Client()
    table = create(ann, players=4, lang=lang)
    host(ann, table, "bot", lang=lang, seat=1)
    bot = Seat.objects.get(table=table, number=1).name
    assert bot == BOT_NAMES[lang][0]
    return table, bot, ann


def typed_name(typed, bot):
    return typed.format(bot=bot, bot_cyrillic=bot.replace("y", CYRILLIC_U).replace("e", "\u0435"))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("typed,code", LOOK_ALIKES)
def test_sitting_down_beside_ann_and_a_bot_refuses_every_look_alike(fast, lang, typed, code):
    table, bot, _ann = a_table_with_a_bot(lang)
    before = seats_of(table)
    name = typed_name(typed, bot)
    response = Client().post(table_url(table, lang) + "sit/", {"name": name})
    if code is None:
        assert response.status_code == 302
        assert seats_of(table)[-1][1] == name
        return
    page = response.content.decode()
    assert response.status_code == STATUS[code], page[:1500]
    assert message(code, lang) in page
    assert seats_of(table) == before, "the table changed"
    # The refusal is said under the name, which is kept to be corrected (the table's own message too).
    assert 'aria-invalid="true"' in page and 'id="name-error"' in page
    if code != "name_too_long":
        assert f'value="{escape(name)}"' in page


def test_the_refusals_are_in_the_readers_language(fast):
    table, _bot, _ann = a_table_with_a_bot("de")
    page = Client().post(table_url(table, "de") + "sit/", {"name": CYRILLIC_A + "nn"}).content.decode()
    assert "sieht dem Namen von jemandem an diesem Tisch zu ähnlich" in page
    page = Client().post(table_url(table, "de") + "sit/", {"name": "x" * 21}).content.decode()
    assert "Dieser Name ist zu lang: bitte höchstens 20 Zeichen." in page
    page = Client().post(table_url(table, "de") + "sit/", {"name": "Emil (Bot)"}).content.decode()
    assert "„(Bot)“ und „(du)“ schreibt der Tisch hinter Namen." in page


def test_a_name_is_kept_as_seen_without_its_invisible_characters(fast):
    table, _bot, _ann = a_table_with_a_bot("en")
    Client().post(table_url(table) + "sit/", {"name": f"  {RLO}Bea{ZWSP}  Lee\u2028 "})
    assert seats_of(table)[-1][1] == "Bea Lee"


def test_a_bot_added_later_never_takes_a_name_like_a_persons(fast):
    ann = Client()
    table = create(ann, players=3, name="Luc" + CYRILLIC_U)   # looks like the first bot, Lucy
    host(ann, table, "bot", seat="all")
    bots = [name for _n, name, is_bot in seats_of(table) if is_bot]
    assert bots == ["Oscar", "Maya"]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("typed,code", [(ZWSP, "bad_name"), ("Ann (bot)", "name_reserved"),
                                        ("Ann" * 20, "name_too_long"), (" " + RLO, "bad_name")])
def test_creating_a_table_refuses_a_name_nobody_could_read(fast, lang, typed, code):
    data = {"name": typed, "players": 3, "level": "normal", "pace": "normal", **OWN["mogel-motte"]}
    response = Client().post(f"{PREFIX[lang]}new/mogel-motte/", data)
    assert response.status_code == 400
    assert message(code, lang) in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("typed,code", [(ZWSP, "bad_name"), ("Ann (bot)", "name_reserved"),
                                        ("A" * 60, "name_too_long"), (RLO + ZWSP, "bad_name")])
def test_the_practice_lobby_refuses_the_same_names(fast, lang, typed, code):
    data = {"name": typed, "players": 3, "level": "normal", "pace": "normal", "rounds": "single",
            "ant_pile": "discard"}
    response = Client().post(LOBBY[lang], data)
    assert response.status_code == 400
    assert message(code, lang) in response.content.decode()
    assert not PracticeGame.objects.exists()


def test_in_the_practice_game_no_bot_looks_like_the_player(fast, settings):
    settings.MOGEL_PLAY_SEED = 4242
    client = Client()
    name = "Luc" + CYRILLIC_U
    game = client.post(LOBBY["en"], {"name": name, "players": 5, "level": "normal", "rounds": "single",
                                     "ant_pile": "discard"}).url
    shown = re.findall(r'<span class="seat__name">([^<]+)</span>', client.get(game).content.decode())
    assert len(shown) == 5 and not any("Lucy" in s for s in shown), shown


@pytest.mark.parametrize("lang,hint", [("en", "At most 20 characters."), ("de", "Höchstens 20 Zeichen.")])
def test_every_name_field_shows_its_limit(fast, lang, hint):
    table, _bot, _ann = a_table_with_a_bot(lang)
    for url in (table_url(table, lang), LOBBY[lang], f"{PREFIX[lang]}new/mogelei/"):
        page = Client().get(url).content.decode()
        field = re.search(r'<input type="text" name="name"[^>]*>', page).group(0)
        assert 'maxlength="20"' in field and 'aria-describedby="name-hint"' in field, url
        assert re.search(rf'id="name-hint">{re.escape(hint)}', page), url
        assert "play/name_field" in page, url
