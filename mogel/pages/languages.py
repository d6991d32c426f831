"""The site's languages as the visitor sees them, plus their URLs.

Kept apart from the context processor so later code (sitemaps, tests) can ask
for the same alternates without rendering a template.
"""

from functools import cache

from babel import Locale
from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language


@cache
def native_name(code):
    """The language's name in that language, e.g. "Français" for "fr".

    Babel gives some names in lower case (français, italiano); on a button
    that stands alone they read better capitalised.
    """
    name = Locale.parse(code).get_display_name(code)
    return name[:1].upper() + name[1:]


@cache
def name_in(code, language):
    """Language ``code``'s name as a reader of ``language`` says it: "German", "allemand", "Deutsch"."""
    return Locale.parse(code).get_display_name(language)


def language_links(request):
    """One entry per configured language with the current page's URL in it."""
    current = get_language()
    # The path alone: query strings are not part of a page's identity.
    path = request.path
    return [
        {
            "code": code,
            "name": native_name(code),
            "url": translate_url(path, code),
            "current": code == current,
        }
        for code, _ in settings.LANGUAGES
    ]


def x_default_url(request):
    """Where hreflang="x-default" points: the bare root for the home page (LocaleMiddleware
    redirects it by cookie, Accept-Language, then German), else the German page.

    A translated path without its prefix (/regeln/) only resolves for German
    browsers, so it cannot serve as the default for everyone.
    """
    german = translate_url(request.path, settings.LANGUAGE_CODE)
    return "/" if german == f"/{settings.LANGUAGE_CODE}/" else german
