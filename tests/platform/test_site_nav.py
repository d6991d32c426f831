"""The site's header and footer on both games' pages: the nav and the brand follow the page's game."""

from __future__ import annotations

import re

import pytest

from mogel import games

pytestmark = pytest.mark.django_db

MOGELEI = {"de": {"rules": "/de/mogelei/regeln/", "play": "/de/mogelei/spielen/"},
           "en": {"rules": "/en/mogelei/rules/", "play": "/en/mogelei/play/"}}
LEARN = {"de": "/de/mogelei/lernen/", "en": "/en/mogelei/learn/"}
MOGEL_MOTTE = {"de": {"rules": "/de/regeln/", "learn": "/de/lernen/", "play": "/de/spielen/"},
               "en": {"rules": "/en/rules/", "learn": "/en/learn/", "play": "/en/play/"}}
NAV_WORDS = {"de": {"Spielregeln": "rules", "Regeln": "rules", "Lernen": "learn", "Spielen": "play"},
             "en": {"Rules": "rules", "Learn": "learn", "Play": "play"}}
BRAND = {"de": "Mogel Motte", "en": "Cheating Moth"}


def nav(html):
    return html.split('<nav class="site-nav"', 1)[1].split("</nav>", 1)[0]


def nav_links(html, lang):
    """{"rules"|"learn"|"play": href} of the header's game links, and the page's current one."""
    links, current = {}, None
    for attrs, word in re.findall(r"<a ([^>]*)>([^<]+)</a>", nav(html)):
        if word in NAV_WORDS[lang]:
            part = NAV_WORDS[lang][word]
            links[part] = re.search(r'href="([^"]+)"', attrs)[1]
            current = part if 'aria-current="page"' in attrs else current
    return links, current


def brand(html):
    inside = html.split('class="site-name"', 1)[1].split(">", 1)[1].split("</a>", 1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", inside)).strip()


def header(html):
    return html.split('<header class="site-header">', 1)[1].split("</header>", 1)[0]


def footer(html):
    return html.split('<footer class="site-footer">', 1)[1].split("</footer>", 1)[0]


def mogelei_game(client, lang):
    from tests.games.mogelei.site.test_play import start
    return start(client, lang)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("part", ["rules", "play", "table"])
def test_on_mogelei_pages_the_nav_leads_to_mogelei_and_names_it(client, settings, clock, lang, part):
    settings.MOGEL_LOBBY_POSTS_PER_MINUTE = 1000
    url = mogelei_game(client, lang) if part == "table" else MOGELEI[lang][part]
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    links, current = nav_links(html, lang)
    expected = dict(MOGELEI[lang], **({"learn": LEARN[lang]} if games.get("mogelei").lessons_dir else {}))
    assert links == expected, "Rules, Learn (once it has lessons) and Play lead to Mogelei's pages"
    assert current == ("play" if part == "table" else part)
    assert brand(html) == "Mogelei", "the header names the game the page belongs to"
    assert f'class="site-name" href="/{lang}/#game-mogelei"' in html, "the brand leads to the game's part of home"
    assert BRAND[lang] not in header(html), "no trace of the other game's brand in the header"
    assert "Mogelei" in footer(html) and BRAND[lang] in footer(html), "the footer names both games"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("part", ["rules", "learn", "play"])
def test_on_mogel_motte_pages_the_nav_leads_to_mogel_motte(client, lang, part):
    html = client.get(MOGEL_MOTTE[lang][part]).content.decode()
    links, current = nav_links(html, lang)
    assert links == MOGEL_MOTTE[lang] and current == part
    assert brand(html) == BRAND[lang]
    assert "Mogelei" not in header(html)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_home_page_nav_leads_to_the_first_game_and_the_footer_to_both(client, lang):
    html = client.get(f"/{lang}/").content.decode()
    links, current = nav_links(html, lang)
    assert links == MOGEL_MOTTE[lang] and current is None
    hrefs = re.findall(r'<a href="([^"]+)">([^<]+)</a>', footer(html))
    assert hrefs == [(MOGEL_MOTTE[lang]["rules"], BRAND[lang]), (MOGELEI[lang]["rules"], "Mogelei")]
