import sys
from urllib.parse import urlsplit

from django.db import Error, connection
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views import defaults
from django.views.i18n import set_language as django_set_language

from mogel import games
from mogel.play import limits, service

from .middleware import database_down


def _ways(kind) -> list[dict]:
    return [{"url": way.url, "art": [kind.card_art(card, "sm") for card in way.cards], "title": way.title,
             "about": way.about} for way in kind.ways()]


def _continue_urls(request) -> dict[str, str]:
    """Per kind, the address of the session's newest unfinished game (none without a session)."""
    if not request.session.session_key:
        return {}
    found = {}
    for row in limits.unfinished(request.session.session_key):  # newest first
        if row.kind not in found and service.registered(row.kind):
            found[row.kind] = games.get(row.kind).play_url("game", row.pk)
    return found


def home(request):
    """One block of three ways in (learn, play, rules) per registered game kind, the first kind's first,
    and above them a tile per game (with "Continue your game" when the session has one unfinished)."""
    resume = _continue_urls(request)
    blocks = [{"kind": kind, "ways": _ways(kind), "continue_url": resume.get(kind.key)} for kind in games.all_kinds()]
    first = blocks[0] if blocks else {"kind": None, "ways": []}
    return render(request, "pages/home.html", {"ways": first["ways"], "first": first, "more_kinds": blocks[1:],
                                               "blocks": blocks})


def set_language(request):
    """Django's set_language, able to translate `next` from any language.

    Django's view finds the page's URL in the new language with
    translate_url(), which can only resolve a path whose prefix is the
    *active* language. On /i18n/setlang/ (outside i18n_patterns) the active
    language comes from the cookie or Accept-Language, not from the page the
    visitor is on, so a visitor with an English browser switching from /it/
    to German would be sent back to /it/. Activating the language of `next`
    first makes the translation work for everyone.
    """
    next_url = request.POST.get("next", request.GET.get("next", ""))
    page_language = translation.get_language_from_path(urlsplit(next_url).path)
    if page_language:
        translation.activate(page_language)
    return django_set_language(request)


@never_cache
def healthz(request):
    """For the proxy's health check: 200 "ok" when the database answers, else 503.

    Touches neither the session nor the CSRF token, so it sets no cookie.
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Error:
        return HttpResponse("database unavailable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


def server_error(request):
    """Django's 500 page, but for a database that did not answer outside a view (a middleware's
    query): the translated 503 that tries again, as DatabaseDownMiddleware gives for a view's."""
    if isinstance(sys.exc_info()[1], Error):
        return database_down(request)
    return defaults.server_error(request)
