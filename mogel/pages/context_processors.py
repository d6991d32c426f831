from django.utils.functional import SimpleLazyObject

from mogel import games

from .languages import language_links, x_default_url


def languages(request):
    """Language switcher entries and hreflang alternates for base.html.

    Lazy: only full pages show them, and resolving five translated URLs would
    otherwise cost every htmx fragment (a table move, a lesson step) half a millisecond.
    """
    links = SimpleLazyObject(lambda: language_links(request))

    def alternates():
        found = [{"hreflang": link["code"], "href": request.build_absolute_uri(link["url"])} for link in links]
        found.append({"hreflang": "x-default", "href": request.build_absolute_uri(x_default_url(request))})
        return found

    return {"site_languages": links, "hreflang_alternates": SimpleLazyObject(alternates)}


def game_nav(request):
    """The header's links for the game the page belongs to (``mogel.games.of_page``).

    On a game's pages (rules, lessons, lobby, table) "Rules / Learn / Play" lead to that game's
    pages and the nav names it (not the top-level kind's, whose name the site bears); elsewhere
    they lead to the first registered game's. Lazy, as for the languages: htmx fragments never show the header.
    """
    def nav():
        match = getattr(request, "resolver_match", None)
        page_kind = games.of_page(match)
        kind = page_kind or next(iter(games.all_kinds()), None)
        if kind is None:
            return {}
        current = {"rules": "rules", "kind-rules": "rules", "tutorial": "learn", "kind-learn": "learn",
                   "play": "play", "kind-play": "play"}.get(match.app_name if match else "")
        return {"kind": kind, "named": bool(page_kind and not page_kind.top_level), "urls": kind.nav_urls(),
                "current": current}

    def footer():
        return [{"name": kind.name, "url": kind.nav_urls().get("rules")} for kind in games.all_kinds()]

    return {"game_nav": SimpleLazyObject(nav), "site_games": SimpleLazyObject(footer)}
