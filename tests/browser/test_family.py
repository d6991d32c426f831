"""A mixed family at one table (issue 30), four browser contexts, each with its own language:
Ann hosts in English on a laptop (1280×800), Ben (German) and Chloé (French) join on phones
(375×812) through the one invite link, which names no language, and Ilaria watches in Italian.

Every message each page's stream pushes (collected in the page as htmx hands it over, before
any swap) is checked against the site's catalogues: no other language's words in it
(tests/friends/languages.py). Chloé switches to Dutch mid-game and keeps her seat and hand;
Start and Play again reach all four pages (the test waits for each page's table or address).
Screenshots: test-artifacts/test_family-*.png.
"""

from __future__ import annotations

import re

import pytest

from ..friends.languages import foreign, languages_of
from .conftest import REPORT_CSP_VIOLATIONS
from .htmx import ready
from .progress import Progress, table_state
from .test_friends import CLICK_FIRST, DESKTOP, OWN, PHONE

# Every pushed message, with the language of the page that got it (the page may switch).
COLLECT = """
document.addEventListener("htmx:sseBeforeMessage", function (event) {
  window.reportPushed(event.detail.type, event.detail.data || "", document.documentElement.lang);
});
"""


class Person:
    """One browser context: its page, its language now, and every message its streams pushed."""

    def __init__(self, browser, name, lang, viewport):
        self.name, self.lang = name, lang
        self.langs = {lang}   # every language the person read the table in
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                           has_touch=viewport == PHONE, locale={"de": "de-DE", "en": "en-GB",
                                                                                "fr": "fr-FR", "it": "it-IT"}[lang])
        self.pushed: list[tuple[str, str, str]] = []
        self.context.expose_function("reportPushed", lambda *message: self.pushed.append(message))
        self.context.add_init_script(COLLECT)
        # As every browser test: the site's Content-Security-Policy holds on every page (conftest).
        self.violations: list[str] = []
        self.context.expose_function("reportCspViolation", lambda violation: self.violations.append(violation))
        self.context.add_init_script(REPORT_CSP_VIOLATIONS)
        self.page = self.context.new_page()

    def open(self, url):
        self.page.goto(url)
        ready(self.page)
        self.reads_own_page()

    def reads_own_page(self):
        assert self.page.evaluate("document.documentElement.lang") == self.lang
        html = self.page.content()
        assert self.lang in languages_of(html) and not foreign(html, self.lang), (self.name, foreign(html, self.lang))

    def heard_only_their_own(self):
        """Every pushed message was in the language of the page that got it, one the person
        chose (pages in each of them got some); what it said, it said in that language."""
        assert {lang for _kind, _data, lang in self.pushed} == self.langs, self.name
        spoken = set()
        for kind, data, lang in self.pushed:
            assert not foreign(data, lang), (self.name, kind, lang, foreign(data, lang), data[:300])
            spoken |= set(languages_of(data))
        return spoken


def shoot(page, name):
    from .conftest import ARTIFACTS
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"test_family-{name}.png"), full_page=True)


def host_a_table(ann, site_url, lobby, kind):
    ann.open(site_url + lobby)
    page = ann.page
    page.click("#play-with-friends")
    page.fill("input[name=name]", "Ann")
    for field, value in {"players": "4", "pace": "quick", **OWN[kind]}.items():
        page.check(f"input[name={field}][value='{value}']")
    page.check("#id_spectators")   # Ilaria watches
    page.click(".btn--start")
    page.wait_for_selector("#invite-link")
    link = page.inner_text("#invite-link")
    assert re.fullmatch(re.escape(site_url) + r"/t/[A-Z0-9]{6}/", link), link
    return link


def sit_down(person, link, seat):
    person.open(link)   # the neutral link lands in the person's own language
    person.page.fill("input[name=name]", person.name)
    person.page.click("#btn-sit")
    person.page.wait_for_selector(f".friends__seat--mine[data-seat='{seat}']")
    person.reads_own_page()


def switch_language(person, lang):
    """The site's language switcher, pressed mid-game: the same table, the same seat."""
    seat = person.page.get_attribute("#seats .friends__who--me", "data-seat")
    hand = sorted(person.page.eval_on_selector_all("#table [data-card]", "els => els.map(e => e.dataset.card)"))
    person.page.click(f".language-switcher button[value='{lang}']")
    person.lang = lang
    person.langs.add(lang)
    person.page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    ready(person.page)
    person.page.wait_for_selector("#table")
    person.reads_own_page()
    assert person.page.get_attribute("#seats .friends__who--me", "data-seat") == seat
    return hand, seat


def play_the_round(people, kind):
    pages = [person.page for person in people]
    progress = Progress(lambda: tuple(table_state(page) for page in pages))
    while not all(page.locator("#btn-play-again").count() for page in pages):
        if not progress.alive():
            for person in people:
                shoot(person.page, f"{kind}-stuck-{person.lang}")
            raise AssertionError(("the table stood still before the round ended", progress.story()))
        for page in pages:
            page.evaluate(CLICK_FIRST)
        pages[0].wait_for_timeout(120)


@pytest.mark.parametrize("kind, lobby", [("mogel-motte", "/en/play/"), ("mogelei", "/en/mogelei/play/")])
def test_a_family_reads_one_table_each_in_their_own_language(browser, site_url, settings, kind, lobby):
    settings.MOGEL_BOT_PACE_MS = 150
    settings.MOGEL_POLL_MS = 150
    settings.MOGEL_PLAY_SEED = 31
    settings.MOGEL_PUSH_LIFETIME_S = 3600
    ann, ben = Person(browser, "Ann", "en", DESKTOP), Person(browser, "Ben", "de", PHONE)
    chloe, ilaria = Person(browser, "Chloé", "fr", PHONE), Person(browser, "Ilaria", "it", DESKTOP)
    family = (ann, ben, chloe, ilaria)
    try:
        link = host_a_table(ann, site_url, lobby, kind)
        sit_down(ben, link, 1)
        sit_down(chloe, link, 2)
        # The host sees who reads what, each named in the host's own language.
        ann.page.wait_for_selector(".friends__seat[data-seat='1'] .friends__lang[aria-label='Reads German']")
        ann.page.wait_for_selector(".friends__seat[data-seat='2'] .friends__lang[aria-label='Reads French']")
        ben.page.wait_for_selector(".friends__seat[data-seat='2'] .friends__lang[aria-label='Liest Französisch']")
        shoot(ann.page, f"{kind}-room-en-desktop")
        shoot(ben.page, f"{kind}-room-de-phone")
        ann.page.click("#btn-fill")
        ann.page.wait_for_selector(".friends__seat[data-seat='3'] .friends__tag")
        ann.page.click("#btn-start")
        # Start reaches every seat's page: each waiting room's stream moves it into the game.
        for person in (ann, ben, chloe):
            person.page.wait_for_selector("#table")
            ready(person.page)
            person.reads_own_page()
        ilaria.open(link)
        ilaria.page.wait_for_selector("#seats .friends__watching")

        hand, seat = switch_language(chloe, "nl")
        assert chloe.page.url.startswith(f"{site_url}/nl/vrienden/") and seat == "2"
        assert hand == sorted(chloe.page.eval_on_selector_all("#table [data-card]",
                                                              "els => els.map(e => e.dataset.card)"))
        shoot(chloe.page, f"{kind}-switched-nl-phone")

        play_the_round((ann, ben, chloe), kind)
        old = {person.name: person.page.url for person in family}
        ben.page.click("#btn-play-again")
        # Play again reaches all four, each at the rematch in their own language.
        for person in family:
            person.page.wait_for_url(lambda url, was=old[person.name]: url != was)
            person.page.wait_for_selector("#table")
            ready(person.page)
            person.reads_own_page()
        assert [person.page.url.split("/")[3] for person in family] == ["en", "de", "nl", "it"]
        assert len({person.page.url.rsplit("/", 2)[-2] for person in family}) == 1   # one rematch
        ilaria.page.wait_for_selector("#seats .friends__watching")
        for person in family:
            # Said in the person's language (Chloé's, Dutch now, after French): their words reached them.
            assert person.lang in person.heard_only_their_own(), person.name
        assert not [person.violations for person in family if person.violations]
    finally:
        for person in family:
            person.context.close()
