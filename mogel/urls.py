from django.conf import settings
from django.contrib import admin
from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy
from django.views.generic import RedirectView

from mogel.friends import invite
from mogel.pages.views import healthz, home, set_language
from mogel.play.urls import kind_urls

# A database that does not answer gives the translated 503 page, wherever it failed.
handler500 = "mogel.pages.views.server_error"

# Outside i18n_patterns: the language switcher, the admin and the health check work
# in any language and must not be redirected to a prefixed URL.
urlpatterns = [
    # Same URL and name as django.conf.urls.i18n provides; our wrapper fixes
    # switching from a page whose language is not the browser's (see view).
    path("i18n/setlang/", set_language, name="set_language"),
    path(f"{settings.ADMIN_PATH}/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # Browsers and crawlers ask for /favicon.ico whatever the page says.
    path("favicon.ico", RedirectView.as_view(url=settings.STATIC_URL + "favicon.svg", permanent=True)),
    # A friends' table's invite names no language: each visitor lands in their own
    # (mogel/friends/invite.py); the /<lang>/ table addresses stay as they were.
    path("t/", invite.join, name="invite-join"),
    path("t/<str:code>/", invite.table, name="invite"),
]

# Every visitor-facing page lives under /de/, /en/, /fr/, /nl/ or /it/;
# LocaleMiddleware redirects "/" to the visitor's language.
# Each page's path is in the page's language (/de/regeln/, /fr/regles/ ...): the
# prefixes are translated in the catalogues under the context "url".
urlpatterns += i18n_patterns(
    path("", home, name="home"),
    path(pgettext_lazy("url", "rules/"), include("mogel.rules.urls")),
    path(pgettext_lazy("url", "learn/"), include("tutorial.urls")),
    path(pgettext_lazy("url", "play/"), include("mogel.play.urls")),
    # Tables for friends, every game kind's: /<lang>/<friends/>…, a table at its code.
    path(pgettext_lazy("url", "friends/"), include("mogel.friends.urls")),
    # Every other game kind's rules and lessons under its slug (/de/<slug>/regeln/): the
    # views find the kind in the registry (mogel.games) and answer 404 for any other slug.
    path(format_lazy("<slug:kind>/{}", pgettext_lazy("url", "rules/")), include("mogel.rules.kind_urls")),
    path(format_lazy("<slug:kind>/{}", pgettext_lazy("url", "learn/")), include("tutorial.kind_urls")),
    # Every other game kind's practice game: /<lang>/<slug>/<play/> (mogel.games).
    kind_urls(),
    prefix_default_language=True,
)
