"""A form post whose body cannot be read gets a translated 400 page before anything reads it;
a page asked for while the database is down gets a translated 503 that tries again."""

from __future__ import annotations

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.db import Error as DatabaseError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render


class UnreadableFormMiddleware:
    """Read a POST's form data first; if it cannot be read, answer 400 and stop there.

    Django refuses a form body in any charset but UTF-8 (``charset=utf-16``) with BadRequest
    while the CSRF check reads it, and then runs the CSRF check again for its own 400 page,
    which raises once more: the client got a 500. Garbled multipart bodies, too many fields
    and bodies over DATA_UPLOAD_MAX_MEMORY_SIZE end here as well, with a page in the visitor's
    language. Sits last: after LocaleMiddleware (the language), after CsrfViewMiddleware's
    request half (the cookie's secret, so the page's token is valid) and before its view half
    (which reads the form); the answer passes the CSRF and frame-options response halves.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST":
            try:
                request.POST  # noqa: B018  (parsed now, kept on the request for later readers)
            except (BadRequest, SuspiciousOperation, MultiPartParserError, UnicodeError):
                return render(request, "pages/bad_request.html", status=400)
        return self.get_response(request)


RETRY_AFTER_S = 10   # what the 503 page and its header ask a browser (or an htmx table) to wait


def database_down(request):
    """The page a visitor gets while the database does not answer: a 503 in their language that
    tries again by itself (Retry-After, a meta refresh) and has a button to try at once.

    Rendered from the request's language alone: nothing on it reads the database or the
    session, which are down too. An htmx request of a table gets the same status (its script
    reads 503 as "the server is away", mogel/table/static/table/away.js) and swaps nothing."""
    response = render(request, "pages/unavailable.html", {"retry_s": RETRY_AFTER_S}, status=503)
    response["Retry-After"] = str(RETRY_AFTER_S)
    return response


class DatabaseDownMiddleware:
    """A view that fails because the database is unreachable (restarted, full, a network cut)
    answers with the translated 503 page instead of a raw 500: Django's database ``Error``
    covers OperationalError and InterfaceError, whatever the backend. Last in MIDDLEWARE, so
    its ``process_exception`` is asked first. A database error outside a view (another
    middleware's) reaches ``mogel.urls.handler500``, which answers the same way."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, DatabaseError):
            return database_down(request)
        return None
