from urllib.parse import urlsplit

from django.db import Error, connection
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views.i18n import set_language as django_set_language


# The home page's three ways in, learning first (a family new to the game starts there):
# (URL name, the two cards drawn beside it, title, what it offers).
WAYS = (
    ("tutorial:index", ("moth3", "spider2"), gettext_lazy("Start here: learn in 10 minutes"),
     gettext_lazy("Short lessons that show a game move by move.")),
    ("play:lobby", ("guard", "mosquito4"), gettext_lazy("Play against bots"),
     gettext_lazy("Practise cheating – and catching cheaters – against computer players.")),
    ("rules:index", ("3", "ant5"), gettext_lazy("Learn the rules"),
     gettext_lazy("Every rule explained simply, with examples.")),
)


def home(request):
    ways = [{"url": reverse(name), "cards": cards, "title": title, "about": about}
            for name, cards, title, about in WAYS]
    return render(request, "pages/home.html", {"ways": ways})


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
