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


def tab_to(page, selector, limit=60):
    """Press Tab until ``selector`` has the focus (after htmx has settled), and check that the
    focus is visible there; fails if it cannot be reached in ``limit`` presses."""
    settled(page)
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
            assert outline != "none", f"{selector} has a visible focus ring"
            return
    raise AssertionError(f"could not reach {selector} with Tab")
