"""A friends' table in Chromium, three browser contexts: Ann hosts on a laptop (1280×800), Ben
joins on a phone (375×812) through the invite link, the third seat is a bot. They play a whole
round of each game, each page showing its own hand only, then "Play again" moves both pages and
a spectator's. Who is at the table and the move to the rematch come down each page's stream: the
test fails if Ann's page asks for them beside its open stream.
Screenshots: test-artifacts/test_friends*.png (the invite, the waiting room, the table).
"""

from __future__ import annotations

import pytest

from .htmx import ready
from .progress import Progress, table_state

PHONE, DESKTOP = (375, 812), (1280, 800)
OWN = {"mogel-motte": {"rounds": "single"}, "mogelei": {"games": "1"}}

# The first move a person would make: a playable card, a colour to call, a race or slap, the
# round's go-on; never a "Caught!" (a wrong one costs a card) nor a cheat.
CLICK_FIRST = """() => {
  const table = document.querySelector('#table');
  if (!table || document.querySelector('.htmx-request')) { return null; }
  const sels = ['#btn-race', '#btn-slap', '.card-btn--play', '.card-btn--give', '.card-btn--hand', '#btn-draw',
                '#btn-keep', '.mz-call', '.mz-card-btn:not(.mz-card-btn--off)', '#btn-reveal', '#btn-hide', '#btn-end',
                '#btn-continue'];
  for (const sel of sels) {
    const el = table.querySelector(sel);
    if (el && !el.disabled && el.offsetParent !== null) { el.click(); return sel; }
  }
  return null;
}"""


def open_page(browser, viewport, url):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                  has_touch=viewport == PHONE)
    page = context.new_page()
    page.goto(url)
    ready(page)
    return context, page


def host_a_table(page, kind):
    """From the game's lobby, Ann hosts a quick table of three that spectators may watch; its invite link."""
    page.click("#play-with-friends")
    page.fill("input[name=name]", "Ann")
    page.check("input[name=players][value='3']")
    for field, value in OWN[kind].items():
        page.check(f"input[name={field}][value='{value}']")
    page.check("input[name=pace][value='quick']")
    page.check("#id_spectators")
    page.click(".btn--start")
    page.wait_for_selector("#invite-link")
    return page.inner_text("#invite-link")


def shoot(page, name):
    from .conftest import ARTIFACTS
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"test_friends-{name}.png"), full_page=True)


@pytest.mark.parametrize("kind, lobby", [("mogel-motte", "/en/play/"), ("mogelei", "/en/mogelei/play/")])
def test_two_people_and_a_bot_play_a_whole_round_and_play_again_together(browser, site_url, settings, kind, lobby):
    settings.MOGEL_BOT_PACE_MS = 150
    settings.MOGEL_POLL_MS = 150
    settings.MOGEL_PLAY_SEED = 31
    # One stream per page for the whole test: none ends (and reconnects) on its own meanwhile,
    # so any ask of who is at the table is a poll beside an open stream.
    settings.MOGEL_PUSH_LIFETIME_S = 3600
    ann_context, ann = open_page(browser, DESKTOP, site_url + lobby)
    link = host_a_table(ann, kind)
    ann.wait_for_function("() => document.querySelector('.friends__qr').complete")
    assert ann.evaluate("() => document.querySelector('.friends__qr').naturalWidth > 0")
    shoot(ann, f"{kind}-invite-desktop")

    ben_context, ben = open_page(browser, PHONE, link)
    ben.fill("input[name=name]", "Ben")
    ben.click("#btn-sit")
    ben.wait_for_selector(".friends__seat--mine")
    ann.wait_for_selector(".friends__seat[data-seat='1'] >> text=Ben")
    shoot(ben, f"{kind}-waiting-phone")
    shoot(ann, f"{kind}-waiting-desktop")
    ann.click("#btn-fill")
    ann.wait_for_selector(".friends__seat[data-seat='2'] .friends__tag")
    ann.click("#btn-start")
    ann.wait_for_selector("#table")
    ben.wait_for_selector("#table")   # the waiting room's stream moves Ben's page
    # A grandparent watches on a desktop: no seat, no hand.
    watch_context, watcher = open_page(browser, DESKTOP, link)
    watcher.wait_for_selector("#seats .friends__watching")
    # Who is at the table comes down each page's stream: count every ask of it from Ann's page.
    seats_url = ann.url + "seats/"
    asked = []
    ann.on("request", lambda request: asked.append(request.url) if request.url == seats_url else None)
    for page in (ann, ben):
        ready(page)
        assert page.locator("#seats >> text=Lucy (bot)").count() == 1
    shoot(ann, f"{kind}-table-desktop")
    shoot(ben, f"{kind}-table-phone")
    # Each page shows its own hand only.
    ann_cards = ann.eval_on_selector_all("#table [data-card]", "els => els.map(e => e.dataset.card)")
    ben_cards = ben.eval_on_selector_all("#table [data-card]", "els => els.map(e => e.dataset.card)")
    assert ann_cards and ben_cards

    # Ben's phone drops out: after the grace time a bot plays for him; he comes back and plays on.
    settings.MOGEL_FRIENDS_GRACE_MS = 2500
    ben.goto("about:blank")
    ann.wait_for_selector("#seats >> text=Bot plays for Ben")
    # Ben's seat on the game's table says so too (swapped in beside the pushed panel).
    ann.wait_for_selector('#table #seat-presence-1[data-presence="bot-plays"]')
    shoot(ann, f"{kind}-takeover-desktop")
    ben.goto(link)
    ready(ben)
    ann.wait_for_selector("#seats >> text=Ben is here")
    ann.wait_for_selector('#table #seat-presence-1[data-presence="here"]')
    assert ben.locator("#table [data-card]").count()

    progress = Progress(lambda: (table_state(ann), table_state(ben)))
    while not (ann.locator("#btn-play-again").count() and ben.locator("#btn-play-again").count()):
        if not progress.alive():
            shoot(ann, f"{kind}-stuck-desktop")
            shoot(ben, f"{kind}-stuck-phone")
            raise AssertionError(("the table stood still before the round ended", progress.story()))
        for page in (ann, ben):
            page.evaluate(CLICK_FIRST)
        ann.wait_for_timeout(120)
    shoot(ben, f"{kind}-over-phone")
    # One "Watch the replay" on a finished game: the summary's shareable link.
    for page in (ann, ben):
        assert page.locator("#watch-replay:visible, #friends-replay:visible").count() == 1
    # Presence came pushed: Ann's page never polled it beside its open stream.
    assert asked == []

    old = ann.url
    ben.click("#btn-play-again")
    ben.wait_for_url(lambda url: url != old)
    ann.wait_for_url(lambda url: url != old)   # Ann's stream moves her page
    watcher.wait_for_url(lambda url: url != old)   # and the spectator's
    assert ann.url == ben.url == watcher.url
    # The stream said where the rematch is ("go"): the page asked nothing, and polled nothing.
    assert asked == []
    for page in (ann, ben, watcher):
        ready(page)
        page.wait_for_selector("#table")
    watcher.wait_for_selector("#seats .friends__watching")
    for context in (ann_context, ben_context, watch_context):
        context.close()
