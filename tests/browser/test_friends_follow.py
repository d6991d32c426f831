"""Nobody left behind (docs/friends.md, "Nobody left behind"): Start and Play again reach every page
of a friends' table, spectators included, by the page's stream alone, and the pressing page says
at once that it is working.

Four contexts at a table of each game: the host, a guest, a spectator who watched the waiting
room, and a spectator who opens the table only after the game ended. The host's Start and the
guest's Play again are held on their way to the server (Playwright routing) while the test reads
the pressing page: its button disabled, its line saying so; a second press posts nothing. Then
every other page must arrive by its stream's "go": the test counts each page's asks of room/ and
seats/ (the old way, a fragment asking once more, and the polls of a page whose stream is down),
and waits for each page's state, never for a time. The host is on a laptop at one table and on a
phone at the other, so both screen sizes show both presses: test-artifacts/test_friends_follow-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .htmx import ready
from .progress import Progress, table_state
from .test_friends import CLICK_FIRST, DESKTOP, PHONE, host_a_table, shoot

# Each page notes when its stream is open (htmx's SSE extension says so), before any script of ours.
STREAM_OPEN = """
document.addEventListener("htmx:sseOpen", function () { window.streamOpen = true; });
"""


def person(browser, viewport, url):
    """A browser of its own at ``url``, which notes when its stream opened, and its asks of the server."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                  has_touch=viewport == PHONE)
    context.add_init_script(STREAM_OPEN)
    page = context.new_page()
    page.asks = []
    page.on("request", lambda request: page.asks.append((request.method, request.url)))
    page.goto(url)
    ready(page)
    return context, page


def streaming(page):
    page.wait_for_function("() => window.streamOpen === true")


def asked(page, address):
    """The page's asks of ``address`` (its query left aside)."""
    return [url for _method, url in page.asks if url.split("?")[0] == address]


def press_and_read(page, button, line, words, name=None):
    """Press ``button`` and read the page before the server answers: it says ``words`` in a polite
    live region and the button is disabled; a second press posts nothing. Then the press goes on.

    The host's Start (htmx) is held on its way (Playwright routing) and let go after. "Play
    again" is a plain form: a held post would leave the page mid-navigation, where Chromium
    draws and reads nothing, so its first post is answered 204 (the browser stays on the page,
    as while a slow answer is awaited), and the form is then sent as the press would have."""
    path = "host/" if button == "#btn-start" else "again/"
    plain = path == "again/"
    posts, held = [], []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.route(f"**/{path}", lambda route: route.fulfill(status=204) if plain else held.append(route))
    box = page.locator(button).bounding_box()
    page.click(button, no_wait_after=True)
    page.wait_for_selector(f"{button}:disabled")
    page.wait_for_function("([l, w]) => document.querySelector(l).textContent.trim() === w", arg=[line, words])
    assert (page.get_attribute(line, "role"), page.get_attribute(line, "aria-live")) == ("status", "polite")
    if name:
        shoot(page, f"follow-{name}")
    # A second press where the button is: nothing more is posted.
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # Any post of that press was sent before an ask made after it: the page's requests come in order.
    with page.expect_request("**/healthz"):
        page.evaluate("() => { fetch('/healthz'); }")
    assert len([url for url in posts if url.endswith(path)]) == 1, posts
    if plain:
        page.unroute(f"**/{path}")
        page.evaluate("(b) => document.querySelector(b).form.submit()", button)
    else:
        assert len(held) == 1
        held[0].continue_()
        page.unroute(f"**/{path}")


@pytest.mark.parametrize("kind, lobby, host_on", [("mogel-motte", "/en/play/", DESKTOP),
                                                  ("mogelei", "/en/mogelei/play/", PHONE)])
def test_start_and_play_again_reach_every_page_by_its_stream_spectators_included(
        browser, site_url, settings, kind, lobby, host_on):
    settings.MOGEL_BOT_PACE_MS = 150
    settings.MOGEL_PLAY_SEED = 31
    # One stream per page: none ends (and reconnects, or polls meanwhile) on its own.
    settings.MOGEL_PUSH_LIFETIME_S = 3600
    guest_on = DESKTOP if host_on == PHONE else PHONE
    contexts = []
    ann_context, ann = person(browser, host_on, site_url + lobby)
    contexts.append(ann_context)
    link = host_a_table(ann, kind)
    ben_context, ben = person(browser, guest_on, link)
    sue_context, sue = person(browser, DESKTOP, link)   # watches the waiting room
    contexts += [ben_context, sue_context]
    ben.fill("input[name=name]", "Ben")
    ben.click("#btn-sit")
    ann.wait_for_selector(".friends__seat[data-seat='1'] >> text=Ben")
    ann.click("#btn-fill")
    for page in (ann, ben, sue):
        page.wait_for_selector(".friends__seat[data-seat='2'] .friends__tag")
        streaming(page)

    # Start: the host's page says so at once; every other page goes to the game by its stream.
    press_and_read(ann, "#btn-start", "#room-working", "Starting…", f"{kind}-start-{host_on[0]}")
    for page in (ann, ben, sue):
        page.wait_for_selector("#table")
        ready(page)
    for page in (ben, sue):
        assert asked(page, link + "room/") == [], "the page went to the game by its stream, asking nothing first"
    sue.wait_for_selector("#seats .friends__watching")

    progress = Progress(lambda: (table_state(ann), table_state(ben)))
    while not (ann.locator("#btn-play-again").count() and ben.locator("#btn-play-again").count()):
        if not progress.alive():
            raise AssertionError(("the table stood still before the game ended", progress.story()))
        for page in (ann, ben):
            page.evaluate(CLICK_FIRST)
        ann.wait_for_timeout(120)

    # A grandparent opens the table only now, after the game: their page follows Play again too.
    max_context, late = person(browser, PHONE, link)
    contexts.append(max_context)
    late.wait_for_selector("#seats .friends__watching")
    old = ann.url
    for page in (ann, ben, sue, late):
        streaming(page)
        page.asks.clear()
    press_and_read(ben, "#btn-play-again", "#again-working", "Setting up the new game…",
                   f"{kind}-again-{guest_on[0]}")
    # Ben's own stream may move his page before his post's answer does (it aborts that navigation):
    # whichever comes first, the page is read, not a navigation.
    expect(ben).not_to_have_url(old)
    for page in (ann, sue, late):
        expect(page).not_to_have_url(old)
        assert asked(page, old + "seats/") == [], "the page went to the rematch by its stream, asking nothing first"
    assert ann.url == ben.url == sue.url == late.url
    for page in (ann, ben, sue, late):
        ready(page)
        page.wait_for_selector("#table")
    for page in (sue, late):
        page.wait_for_selector("#seats .friends__watching")
    for context in contexts:
        context.close()
