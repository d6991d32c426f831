from django.utils.functional import SimpleLazyObject

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
