"""Screen-reader play (docs/accessibility.md): a whole round of each game with the keyboard only,
acting on what the live regions say and what the accessibility tree shows (role and name, as a
screen reader finds them; never the table's classes or ids), the query keys, news said once, and
the focus kept when the table is redrawn.

The live regions (#announcer, #announcer-urgent) belong to the page, not to the table's markup:
an init script writes down every line added to them, in order, as a screen reader hears them.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from django.utils.translation import gettext, ngettext

from games.mogel_motte.engine import Game as Motte
from mogel import games
from mogel.play.models import PracticeGame

from .htmx import ready, settled
from .progress import Progress, table_state

PHONE, DESKTOP = (375, 812), (1280, 800)

HEARD = """document.addEventListener("DOMContentLoaded", () => {
  window.heard = [];
  for (const [id, how] of [["announcer", "polite"], ["announcer-urgent", "urgent"]]) {
    const region = document.getElementById(id);
    new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(node => {
      const text = (node.textContent || "").trim();
      if (text) { window.heard.push([how, text]); }
    }))).observe(region, {childList: true});
  }
});"""


def heard(page, since=0):
    return [tuple(line) for line in page.evaluate("() => window.heard")[since:]]


def said_after(page, key, since):
    """Press a query key and return what the assertive region says to it: the first urgent line
    after the press (a bot's move said politely meanwhile is news, not the answer)."""
    page.keyboard.press(key)
    page.wait_for_function("n => window.heard.slice(n).some(line => line[0] === 'urgent')", arg=since)
    return next(line for line in heard(page, since) if line[0] == "urgent")


def words(lang, *texts):
    with translation.override(lang):
        return [gettext(t) for t in texts]


def start(page, site_url, game, lang, viewport, fields):
    """The lobby, filled in with the keyboard: each field found by its role and name."""
    with translation.override(lang):
        lobby = games.get(game).play_url("lobby")
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.add_init_script(HEARD)
    page.goto(site_url + lobby)
    page.get_by_role("textbox").first.focus()     # the lobby's one text field: the player's name
    page.keyboard.type("Ann")
    for role, name in fields:
        field = page.get_by_role(role, name=name, exact=True)
        field.focus()
        if role == "radio":
            page.keyboard.press("Space")
    page.get_by_role("textbox").first.focus()
    page.keyboard.press("Enter")     # submits the lobby's form from its text field
    page.get_by_role("region", name=words(lang, "Card table")[0]).wait_for()
    ready(page)


def hand_list_name(lang, translate, text):
    """The hand's list by its name ("Your hand: 5"), whatever the count: its words before the colon."""
    with translation.override(lang):
        before = (translate(text) % {"n": "\0"}).split("\0")[0]
    # Up to the colon: French puts a narrow no-break space before it.
    return re.compile("^" + re.escape(before.split(":")[0].strip()))


def focused_is(locator):
    """Whether ``locator`` has the focus; None when it is gone (the table moved on)."""
    try:
        return locator.evaluate("el => el === document.activeElement", timeout=2000)
    except PlaywrightTimeout:
        return None


def press(page, target, limit=150):
    """Tab to ``target`` (a locator by role and name) and press Enter; False if the table moved
    on before it was reached (it is looked for again)."""
    settled(page)
    for _ in range(limit):
        focused = focused_is(target.first)
        if focused is None:
            return False
        if focused:
            page.keyboard.press("Enter")
            return True
        page.keyboard.press("Tab")
    return False


def first_enabled(scope, role="button"):
    buttons = scope.get_by_role(role, disabled=False)
    return buttons.first if buttons.count() else None


def first_live_card(cards):
    """The first card of the hand the seat may play now. In each list item the card comes first
    and its "Cheat" button after it: the item's first button, when the tree says it is not disabled."""
    try:
        for item in cards.get_by_role("listitem").all():
            buttons = [line for line in item.aria_snapshot(timeout=2000).splitlines() if "- button" in line]
            if buttons and "[disabled]" not in buttons[0]:
                return item.get_by_role("button").first
    except PlaywrightTimeout:
        pass    # the table moved on while it was read: read again
    return None


def play_round(page, lang, choose, done, quick=False):
    """Until ``done()``: whenever ``choose()`` finds a move the seat may make, press it by keyboard.
    ``quick``: when the assertive region says something new (a window opened, your turn), press
    Space first, the table's quick key, as a player who just heard it would (it slaps or races,
    or presses the focused control); then, if the table is still the same, tab to the move."""
    progress = Progress(lambda: table_state(page) + " " + str(len(page.evaluate("() => window.heard"))))
    moves, urgent_heard, spaces = 0, 0, 0
    while progress.alive():
        if done():
            return moves, spaces
        urgent = sum(how == "urgent" for how, _ in heard(page))
        if quick and urgent > urgent_heard:
            urgent_heard = urgent
            settled(page)
            page.keyboard.press("Space")
            spaces += 1
            continue
        move = choose()
        if move is None:
            page.wait_for_timeout(50)
            continue
        if press(page, move):
            moves += 1
    raise AssertionError(("the table stood still", progress.story()))


# -- Mogel Motte --------------------------------------------------------------------------------

@pytest.fixture
def motte(settings):
    settings.MOGEL_BOT_PACE_MS = 250
    # A keyboard player tabs to the button: windows long enough for that (the tempo's idea).
    settings.MOGEL_MOSQUITO_MS = 20_000
    settings.MOGEL_COCKROACH_MS = 20_000
    settings.MOGEL_ACT_MS = 1500
    settings.MOGEL_POLL_MS = 100
    settings.MOGEL_LAND_MS = 0
    settings.MOGEL_PLAY_SEED = 424242
    return settings


def motte_lobby(lang):
    return [("radio", words(lang, "One round")[0])]


def motte_chooser(page, lang):
    table_name, yours = words(lang, "Card table", "Your moves")
    table = page.get_by_role("region", name=table_name)
    hand = hand_list_name(lang, gettext, "Your hand: %(n)s")

    def choose():
        group = table.get_by_role("group", name=yours)
        move = first_enabled(group) if group.count() else None
        if move is None:
            cards = table.get_by_role("list", name=hand)
            if cards.count():
                move = first_live_card(cards)
        go_on = table.get_by_role("button", name=words(lang, "Start the next round")[0])
        return move or (go_on.first if go_on.count() else None)

    return choose


@pytest.mark.parametrize("lang,viewport", [("en", PHONE), ("de", DESKTOP)])
def test_a_whole_mogel_motte_round_with_the_keyboard_only(page, site_url, motte, lang, viewport):
    start(page, site_url, "mogel-motte", lang, viewport, motte_lobby(lang))
    final = words(lang, "Final ranking", "You win!")
    ranking = page.get_by_role("heading", name=re.compile("|".join(map(re.escape, final))))
    moves, spaces = play_round(page, lang, motte_chooser(page, lang), lambda: ranking.count() > 0, quick=True)
    assert moves + spaces >= 3 and spaces >= 1
    game = Motte.from_json(PracticeGame.objects.get().state)
    assert game.over
    lines = heard(page)
    # The player's turns and windows came assertively; the end of the game was said, each line once.
    assert any(how == "urgent" for how, _ in lines), lines
    with translation.override(lang):
        over = [text for how, text in lines if how == "polite" and gettext("The game is over.")[:10] in text]
    assert over and len(over) == len(set(over)), lines


# -- Mogelei ------------------------------------------------------------------------------------

@pytest.fixture
def mogelei(settings):
    settings.MOGEL_BOT_PACE_MS = 150
    settings.MOGEL_POLL_MS = 100
    settings.MOGEL_PLAY_SEED = 6
    return settings


def mogelei_chooser(page, lang):
    table_name, yours = words(lang, "Card table", "Your moves")
    table = page.get_by_role("region", name=table_name)
    hand = hand_list_name(lang, lambda text: ngettext(text, "Your hand: %(n)s cards", 2), "Your hand: %(n)s card")

    def choose():
        group = table.get_by_role("group", name=yours)
        move = first_enabled(group) if group.count() else None
        if move is None:
            cards = table.get_by_role("list", name=hand)
            move = first_enabled(cards) if cards.count() else None
        return move

    return choose


@pytest.mark.parametrize("lang,viewport", [("fr", DESKTOP)])
def test_a_whole_mogelei_round_with_the_keyboard_only(page, site_url, mogelei, lang, viewport):
    one_game, over = words(lang, "One game", "The round is over.")
    start(page, site_url, "mogelei", lang, viewport, [("radio", one_game)])
    # The round ends when the live region says so.
    moves, _ = play_round(page, lang, mogelei_chooser(page, lang), lambda: any(over == text for _how, text in heard(page)))
    assert moves >= 3
    lines = heard(page)
    assert any(how == "urgent" for how, _ in lines), lines
    assert [text for _how, text in lines].count(over) == 1


# -- the query keys -----------------------------------------------------------------------------

def motte_row():
    return Motte.from_json(PracticeGame.objects.get().state)


@pytest.mark.parametrize("lang,viewport", [("en", DESKTOP), ("nl", PHONE)])
def test_mogel_motte_query_keys_say_what_the_seat_sees_and_nothing_hidden(page, site_url, motte, lang, viewport):
    from games.mogel_motte.cards.names import card_label

    motte.MOGEL_BOT_PACE_MS = 60_000     # the table stands still while the keys are asked
    start(page, site_url, "mogel-motte", lang, viewport, motte_lobby(lang))
    game = motte_row()
    with translation.override(lang):
        mine = {card_label(c) for c in game.hands[0]}
        others = {card_label(c) for seat in range(1, game.players) for c in game.hands[seat]} - mine
        top = card_label(game.discard[-1])
        minus = ngettext("%(n)s minus point", "%(n)s minus points", 0) % {"n": 0}
        timed_out = gettext("Nothing is timed now.")
    n = len(heard(page))
    how, hand = said_after(page, "h", n)
    assert how == "urgent"
    # A card the seat may play now is named with its verb ("Play the number card 5").
    assert all(name.lower() in hand.lower() for name in mine), (mine, hand)
    assert not [name for name in others if name.lower() in hand.lower()], "the hand's answer names another seat's card"
    assert not [name for name in others if name in said_after(page, "p", len(heard(page)))[1] and name != top]
    assert top.lower() in heard(page)[-1][1].lower()
    scores = said_after(page, "s", len(heard(page)))[1]
    assert scores.count(minus) == game.players and "Ann" in scores
    assert not [name for name in others if name in scores]
    assert said_after(page, "t", len(heard(page)))[1] == timed_out
    # Whose turn: the status line, as the table shows it.
    status = page.get_by_role("region", name=words(lang, "Card table")[0]).get_by_role("paragraph")
    assert status.nth(1).inner_text().strip() in said_after(page, "w", len(heard(page)))[1]
    # Each key is listed in the table's help, in the seat's language.
    page.get_by_text(words(lang, "Keys and sly tricks")[0]).click()
    for key in ("W: whose turn it is and what you may do now.", "H: your hand.", "T: the time left to slap, for the race, or for your card in the act."):
        assert page.get_by_text(words(lang, key)[0]).is_visible()


def test_mogelei_query_keys_name_only_the_seats_own_hidden_card(page, site_url, mogelei):
    from games.mogelei.engine import Game as Mogelei
    from games.mogelei.table.names import card_name

    lang = "it"
    start(page, site_url, "mogelei", lang, DESKTOP, [("radio", words(lang, "One game")[0])])

    def game():
        return Mogelei.from_json(PracticeGame.objects.get().state)

    def laid():
        g = game()
        return bool(g.passes) and g.passes[-1][0] is not None and any(c is not None for c in g.passes[-1][1:])

    play_round(page, lang, mogelei_chooser(page, lang), laid)
    with translation.override(lang):
        mine = card_name(game().passes[-1][0])
    # The page shows the card the seat laid (face down, its own: named for it alone).
    page.get_by_role("img", name=re.compile(re.escape(mine))).first.wait_for()
    answer = said_after(page, "p", len(heard(page)))[1]
    assert mine in answer
    # Read after the answer: a card face down now was face down when the page answered.
    g = game()
    with translation.override(lang):
        hidden = {card_name(c) for s, c in enumerate(g.passes[-1]) if s and c is not None and s not in g.up[-1]}
    assert not [name for name in hidden - {mine} if name in answer], (hidden, answer)
    hand = said_after(page, "h", len(heard(page)))[1]
    assert not [name for name in hidden - {mine} if name in hand]
    with translation.override(lang):
        assert gettext("Called colour:").rstrip(": ") in answer or g.colour is None


# -- news said once; focus kept -----------------------------------------------------------------

def shown_version(page):
    """The version the page shows (waiting on the page's state, not deciding a move from it)."""
    return page.evaluate("() => Number((document.getElementById('table') || {dataset: {version: -1}}).dataset.version)")


def test_news_that_reaches_the_page_again_is_not_said_again(page, site_url, motte):
    """The same table's news by a move's answer and by a push, a patch or a poll: said once."""
    lang = "en"
    start(page, site_url, "mogel-motte", lang, DESKTOP, motte_lobby(lang))
    play_round(page, lang, motte_chooser(page, lang), lambda: sum(how == "polite" for how, _ in heard(page)) >= 2)
    motte.MOGEL_BOT_PACE_MS = 600_000     # the bots stop: the table stands still from here
    stable = Progress(lambda: (shown_version(page), PracticeGame.objects.get().public_version))
    while stable.alive() and shown_version(page) != PracticeGame.objects.get().public_version:
        page.wait_for_timeout(50)
    settled(page)
    before = heard(page)
    # The page asks for its table as from the game's start: the same version, with all its news again.
    page.evaluate("""() => new Promise(done => {
      const t = document.getElementById('table');
      document.addEventListener('htmx:afterSettle', () => done(), {once: true});
      htmx.ajax('GET', t.getAttribute('hx-get'), {target: '#table', swap: 'outerHTML', values: {version: 0}});
    })""")
    settled(page)
    assert heard(page) == before


def test_focus_stays_on_the_table_when_the_control_goes_and_when_a_push_redraws_it(page, site_url, mogelei):
    lang = "de"
    start(page, site_url, "mogelei", lang, PHONE, [("radio", words(lang, "One game")[0])])
    table = page.get_by_role("region", name=words(lang, "Card table")[0])
    moves = table.get_by_role("group", name=words(lang, "Your moves")[0])
    # You call first (the lobby's default dealer): the colour buttons go once you called.
    call = moves.get_by_role("button").first
    call.wait_for()
    version = shown_version(page)
    assert press(page, call)
    # The call's answer (or a pushed table after it) has replaced the table the call was made on.
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.version) > {version}")
    settled(page)
    inside = "t => t.contains(document.activeElement) && document.activeElement !== t"
    # Checked once each swap has settled and every script has had its turn (a check in the middle
    # of a swap would see the old table gone and the new one not yet focused).
    page.wait_for_function(f"() => ({inside})(document.getElementById('table'))", timeout=5000)
    page.evaluate(f"""() => {{ window.fell = 0; document.addEventListener('htmx:afterSettle', () => setTimeout(() => {{
      if (!({inside})(document.getElementById('table'))) {{ window.fell++; }} }}, 0)); }}""")
    # Pushed tables (the bots lay their cards) redraw it: the focus stays on the table.
    version = shown_version(page)
    progress = Progress(lambda: shown_version(page))
    while shown_version(page) < version + 2 and progress.alive():
        page.wait_for_timeout(50)
    settled(page)
    assert page.evaluate("window.fell") == 0, "the focus fell off the table when a pushed table redrew it"
    assert table.evaluate(inside)
