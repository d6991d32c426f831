"""A form post whose body cannot be read gets a translated 400 page before anything reads it."""

from __future__ import annotations

from django.core.exceptions import BadRequest, SuspiciousOperation
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
