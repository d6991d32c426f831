"""Stepping away and removal at a friends' table in Chromium, four browser contexts (docs/friends.md,
"Stepping away and removal, said in words"): Ann hosts on a laptop (1280×800, English), Ben
(German) and Cat (English) sit down on phones (375×812), Sam watches. Ann takes Cat off the
table: Cat's open page reads why at once and watches instead. In the game Ben's phone leaves the
table: Ann's, Cat's and Sam's pages read that Ben is away and in how many seconds a bot plays for
him (a count the page ticks down), Ann lets a bot play for him now, every page reads it, and Ben
comes back. Screenshots: /work/shots/away30-*.png when /work/shots exists, else test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .htmx import ready
from .test_friends import DESKTOP, OWN, PHONE, open_page

SHOTS = Path("/work/shots")
AWAY_LINE = '#seats li[data-seat="1"][data-presence-state="away"] .friends__said'


def shooter(kind):
    def shoot(page, name, viewport):
        from .conftest import ARTIFACTS
        folder = SHOTS if SHOTS.is_dir() else ARTIFACTS
        folder.mkdir(exist_ok=True)
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.screenshot(path=str(folder / f"away30-{kind}-{name}-{viewport[0]}.png"), full_page=False)
    return shoot


def count(page) -> int:
    return int(page.inner_text(AWAY_LINE + " .presence-count"))


@pytest.mark.parametrize("kind", ["mogelei", "mogel-motte"])
def test_a_removed_guest_is_told_at_once_and_a_guest_who_leaves_is_said_in_words(browser, site_url, settings, kind):
    shoot = shooter(kind)
    settings.MOGEL_BOT_PACE_MS = 300
    settings.MOGEL_PLAY_SEED = 7
    settings.MOGEL_FRIENDS_GRACE_MS = 40_000     # away after 10 s of silence, a bot after 40 s
    contexts = []

    def page_at(viewport, url):
        context, page = open_page(browser, viewport, url)
        contexts.append(context)
        return page

    ann = page_at(DESKTOP, f"{site_url}/en/friends/new/{kind}/")
    ann.fill("input[name=name]", "Ann")
    ann.check("input[name=players][value='3']")
    for field, value in OWN[kind].items():
        ann.check(f"input[name={field}][value='{value}']")
    ann.check("#id_spectators")
    ann.click(".btn--start")
    link = ann.inner_text("#invite-link")   # names no language: each opens it in their own
    german = ann.url.replace("/en/friends/", "/de/freunde/")
    ben, cat = page_at(PHONE, german), page_at(PHONE, link)
    for page, name in ((ben, "Ben"), (cat, "Cat")):
        page.fill("input[name=name]", name)
        page.click("#btn-sit")
        page.wait_for_selector(".friends__seat--mine")
    ann.wait_for_selector(".friends__seat[data-seat='2'] >> text=Cat")

    # Ann takes Cat off the table: Cat's open page says why at once, and offers to watch.
    ann.click("#remove-2")
    cat.wait_for_selector("#removed >> text=The host has taken you off this table.")
    assert cat.locator("#removed >> text=You can still watch").count() == 1
    assert cat.locator("#btn-sit").count() == 0
    ann.wait_for_selector("#back-0 >> text=Let Cat back")
    for viewport in (PHONE, DESKTOP):
        shoot(cat, "removed-en", viewport)
    cat.goto(german)
    ready(cat)
    assert cat.locator("#removed >> text=Du wurdest vom Tisch genommen.").count() == 1
    for viewport in (PHONE, DESKTOP):
        shoot(cat, "removed-de", viewport)
    cat.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    cat.goto(link)
    ready(cat)

    ann.click("#btn-fill")
    ann.wait_for_selector(".friends__seat[data-seat='2'] .friends__tag")
    ann.click("#btn-start")
    for page in (ann, ben, cat):
        page.wait_for_selector("#table")   # Cat's page follows the start, as a spectator
    sam = page_at(PHONE, german)
    watchers = (ann, cat, sam)
    for page in watchers:
        page.wait_for_selector("#seats .friends__who[data-seat='1'][data-presence-state='here']")
    assert cat.locator("#seats .friends__watching").count() == 1
    assert cat.locator(".friends__removed >> text=The host has taken you off this table.").count() == 1

    # Ben's phone leaves the table (the page and its stream go): the others read it in words.
    ben.goto("about:blank")
    said = {ann: "Ben is away — a bot plays for Ben in", cat: "Ben is away — a bot plays for Ben in",
            sam: "Ben ist weg – in"}
    for page, words in said.items():
        page.wait_for_selector(f"{AWAY_LINE} >> text={words}")
        page.wait_for_selector('#table #seat-presence-1[data-presence="away"]')   # the seat agrees
    first = count(ann)
    assert 0 < first <= 30
    # The page ticks the count down by itself, and said the change once in its live region.
    ann.wait_for_function(f"() => Number(document.querySelector('{AWAY_LINE} .presence-count').textContent) < {first}")
    assert "Ben is away" in ann.inner_text("#presence-news")
    assert "Ben ist weg" in sam.inner_text("#presence-news")
    shoot(ann, "away-seat-en", DESKTOP)
    shoot(ann, "away-seat-en", PHONE)
    shoot(sam, "away-seat-de", PHONE)
    shoot(sam, "away-seat-de", DESKTOP)
    assert cat.locator("#takeover-1").count() == sam.locator("#takeover-1").count() == 0

    # Ann need not wait out the count: a bot plays for Ben now, on every page.
    ann.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    ann.click("#takeover-1")
    for page, words in ((ann, "Bot plays for Ben"), (cat, "Bot plays for Ben"), (sam, "Bot spielt für Ben")):
        page.wait_for_selector(f"#seats li[data-seat='1'][data-presence-state='bot-plays'] >> text={words}")
        page.wait_for_selector('#table #seat-presence-1[data-presence="bot-plays"]')
    shoot(sam, "bot-plays-de", PHONE)

    # Ben comes back and takes his seat again.
    ben.goto(german)
    ready(ben)
    for page in watchers:
        page.wait_for_selector("#seats .friends__who[data-seat='1'][data-presence-state='here']")
    for context in contexts:
        context.close()
