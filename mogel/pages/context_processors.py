from .languages import language_links, x_default_url


def languages(request):
    """Language switcher entries and hreflang alternates for base.html."""
    links = language_links(request)
    alternates = [
        {"hreflang": link["code"], "href": request.build_absolute_uri(link["url"])}
        for link in links
    ]
    alternates.append(
        {"hreflang": "x-default", "href": request.build_absolute_uri(x_default_url(request))}
    )
    return {"site_languages": links, "hreflang_alternates": alternates}
