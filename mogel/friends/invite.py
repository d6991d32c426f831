"""The invite names no language (issue 30): the link, the QR code and the address where a code is
typed are ``/t/<code>/`` and ``/t/``, outside ``i18n_patterns``. Each visitor is sent on to the
table (or the join page) in their own language: their language cookie, else their browser's
Accept-Language, else German, as Django's LocaleMiddleware picks it for "/". A host in English
and a grandparent in French open the same link and each reads their own language."""

from __future__ import annotations

from django.shortcuts import redirect
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_safe


def visitor_language(request) -> str:
    """The visitor's own language, whatever page the link came from (``check_path=False``: the
    neutral address has no language to read)."""
    return translation.get_language_from_request(request, check_path=False)


def _to(request, name: str, **kwargs):
    with translation.override(visitor_language(request)):
        response = redirect(reverse(name, kwargs=kwargs))
    # Another visitor of the same link goes elsewhere: no cache may keep one visitor's answer.
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_safe
def table(request, code: str):
    """The invite link: the table in the visitor's language (an unknown code: the table page
    says so there, in that language)."""
    return _to(request, "friends:table", code=code)


@require_safe
def join(request):
    """Where the host sends people who have only the code: "Join a table" in their language."""
    return _to(request, "friends:join")


def link(request, table) -> str:
    """The invite link as the host shares it: absolute, naming no language."""
    return request.build_absolute_uri(reverse("invite", kwargs={"code": table.code}))


def join_link(request) -> str:
    return request.build_absolute_uri(reverse("invite-join"))
