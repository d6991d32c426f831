"""Waiting for htmx in browser tests."""


def settled(page):
    """Wait until htmx has no request, swap or settle going (its documented marker classes).

    A key pressed on a control that htmx has just swapped in, but not yet taken over, would
    submit the plain form behind it (the no-JavaScript fallback) instead of the htmx request.
    """
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def ready(page):
    """Wait until the page has loaded and htmx (a deferred script) has taken it over and is idle."""
    page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")
    settled(page)
