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
    """The page's URL without language prefix.

    LocaleMiddleware redirects it by cookie, Accept-Language, then German,
    which is what hreflang="x-default" promises search engines.
    """
    prefixed = translate_url(request.path, settings.LANGUAGE_CODE)
    prefix = f"/{settings.LANGUAGE_CODE}/"
    if prefixed.startswith(prefix):
        return "/" + prefixed[len(prefix):]
    return prefixed
