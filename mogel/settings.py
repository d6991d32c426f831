"""Settings for Mogel Motte online.

Development defaults run locally with nothing set. Production is configured only
from the environment (see the README's "Deploy" section): DJANGO_DEBUG=0 with
DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DJANGO_CSRF_TRUSTED_ORIGINS,
DJANGO_BEHIND_PROXY, DJANGO_HSTS_SECONDS, DJANGO_SECURE_SSL_REDIRECT,
DJANGO_ADMIN_PATH, DJANGO_LOG_LEVEL, DJANGO_STATIC_ROOT and DATABASE_URL.
"""

import os
from pathlib import Path

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG", True)

DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-mogel-motte-change-me-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "").strip() or DEVELOPMENT_SECRET_KEY
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    # Sessions (which own the games) and CSRF tokens are signed with it: a known key
    # lets anyone forge them.
    raise ImproperlyConfigured(
        "DJANGO_DEBUG is off but DJANGO_SECRET_KEY is unset or the development key. Set it to "
        "a long random secret, e.g. python -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )

# Loopback only unless the environment names the site's host names.
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS") or ["localhost", "127.0.0.1", "[::1]"]
# Origins (scheme://host) a POST may come from besides the site's own host, e.g. when the
# TLS proxy serves the site under another name than the one gunicorn sees.
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # modeltranslation patches the admin, so it has to load before it.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "django_htmx",
    # The default app config wraps the template loaders in its partials
    # loader at startup (dropping APP_DIRS for the equivalent loader), so
    # views can render "page.html#partial" for htmx swaps.
    "template_partials",
    "mogel.pages",
    "mogel.table",
    "mogel.rules",
    "mogel.play",
    "mogel.friends",
    "mogel.push",
    "tutorial",
    # The games, each one app that registers itself with the platform (mogel.games); their
    # order is the order the home page and the lobby's list show them in.
    "games.mogel_motte",
    "games.mogelei",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Under ASGI, file responses (WhiteNoise's) iterate asynchronously (mogel/pages/asyncfiles.py).
    "mogel.pages.asyncfiles.AsyncFilesMiddleware",
    # Production only: static files straight from the app server, before anything
    # else looks at the request (development uses runserver's own static view).
    *([] if DEBUG else ["whitenoise.middleware.WhiteNoiseMiddleware"]),
    "csp.middleware.CSPMiddleware",
    # A table with its card pictures is ~25 KB of HTML and compresses to a fifth: on a
    # phone's network that is a tenth of a second sooner for every move and poll.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before CommonMiddleware: it picks the language that
    # i18n_patterns and the redirect from / rely on.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: its 400 for a body Django cannot read (charset=utf-16, garbled multipart) goes back
    # out through the CSRF middleware (the page's token matches the cookie) and the frame
    # options, yet comes before the CSRF check reads the form (in process_view), where such a
    # body would escape as a 500.
    "mogel.pages.middleware.UnreadableFormMiddleware",
    # A view that finds the database down answers with a translated 503 that retries, not a 500.
    "mogel.pages.middleware.DatabaseDownMiddleware",
]

ROOT_URLCONF = "mogel.urls"
WSGI_APPLICATION = "mogel.wsgi.application"
# Streams (mogel.push) need an ASGI server: uvicorn, in production as gunicorn's workers (README).
ASGI_APPLICATION = "mogel.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.static",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "mogel.pages.context_processors.languages",
                "mogel.pages.context_processors.game_nav",
            ],
            # {% partialdef %} everywhere without {% load partials %}.
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
]

# One URL in the environment picks the database; SQLite's db.sqlite3 when it is unset.
from mogel.dburl import database_from_url  # noqa: E402  (kept beside its only use)

DATABASES = {
    "default": database_from_url(os.environ.get("DATABASE_URL"), os.environ.get("DJANGO_CONN_MAX_AGE")),
}
# Under the ASGI server (mogel/asgi.py says so) each request's sync work runs in a thread of its
# own that ends with the request: a connection kept open there would be left behind with it
# (PostgreSQL ran out of connections in bench/push.py). So no persistent connections; on
# PostgreSQL a pool per process instead (Django's own, psycopg_pool), DJANGO_DB_POOL_SIZE at most.
if os.environ.get("DJANGO_ASGI") == "1":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    if DATABASES["default"]["ENGINE"].endswith("postgresql"):
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 1, "max_size": int(os.environ.get("DJANGO_DB_POOL_SIZE", "16")), "timeout": 10}

# "default" is Django's own per-process cache. "shared" is what every app server must see alike
# (the friends' tables' misses on table codes, mogel/friends/guesses.py): in the database, whose
# table migrate creates (mogel/friends/apps.py runs createcachetable after every migrate).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "shared": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "mogel_shared_cache"},
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# German is the fallback: a visitor with no cookie and no matching
# Accept-Language lands on /de/.
LANGUAGE_CODE = "de"
LANGUAGES = [
    ("de", _("German")),
    ("en", _("English")),
    ("fr", _("French")),
    ("nl", _("Dutch")),
    ("it", _("Italian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Berlin"
USE_TZ = True

# Content (rules sections, tutorial lessons) is authored in all five
# languages. English is the authoring language, so an empty field falls back
# to English rather than showing nothing.
MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_LANGUAGES = ("de", "en", "fr", "nl", "it")
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # In production collectstatic writes every file under a content-hashed name plus
    # gzip and Brotli copies; WhiteNoise serves the hashed ones with a cache lifetime
    # of ten years (a changed file gets a new name) and picks the encoding the browser
    # accepts. Development and tests keep the plain storage: no collectstatic needed.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The admin lives off the path every scanner tries first.
ADMIN_PATH = os.environ.get("DJANGO_ADMIN_PATH", "").strip().strip("/") or "backstage"

# -- Security ----------------------------------------------------------------------------

# Set DJANGO_BEHIND_PROXY=1 only when a TLS proxy in front sets these headers itself
# (and drops the client's own): Django then knows a request came in over HTTPS and
# under which host name.
if env_flag("DJANGO_BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    USE_X_FORWARDED_HOST = True

if not DEBUG:
    # DJANGO_SECURE_SSL_REDIRECT=0 is for a local try on plain http (make serve) only.
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    # The proxy's health check speaks plain http to the app server.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

SESSION_COOKIE_HTTPONLY = True
# The language cookie (set by the language switcher): sent with top-level navigation only,
# over HTTPS only in production, and no script reads it.
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_HTTPONLY = True
# Database sessions that treat a malformed key (NUL bytes and the like) as no session.
SESSION_ENGINE = "mogel.pages.sessions"
# No script reads the CSRF cookie: htmx sends the token that base.html renders into
# hx-headers, and forms carry it in a hidden field.
CSRF_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# No inline script, no inline style, nothing from elsewhere: an injected tag can do
# nothing. On in development too, so the browser tests run under it. htmx is told in
# base.html not to inject its indicator styles nor to evaluate anything.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# -- Logging -----------------------------------------------------------------------------

# One line per failed request on stdout (the platform collects it), with the game it
# concerns; tracebacks for server errors. Never a request body: it could hold a hand.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"game": {"()": "mogel.logs.GameFilter"}, "one_line": {"()": "mogel.logs.OneLine"}},
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s%(game)s"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "filters": ["game"],
            "formatter": "line",
        },
    },
    "root": {"handlers": ["stdout"], "level": "WARNING"},
    "loggers": {
        # No handler of its own: this drops Django's default ones (one would mail the admins
        # the whole request) and lets the records reach the root's, and pytest's caplog.
        "django": {"handlers": [], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"), "propagate": True},
        # A request for another host (a scanner): one line, no traceback.
        "django.security.DisallowedHost": {"handlers": [], "filters": ["one_line"], "propagate": True},
    },
}

# The practice game (mogel.play). Lengths are in milliseconds; tests shorten them. A game's own
# timings (its windows) default to its engine's and may be set here too: see its table/kind.py.
MOGEL_BOT_PACE_MS = 1000      # at least this long between two deliberate bot moves
MOGEL_POLL_MS = 400           # how often the table asks for news (the page without push)
# Push (mogel.push, docs/push.md). MOGEL_PUSH = False serves today's polling page instead.
MOGEL_PUSH = os.environ.get("DJANGO_PUSH", "1").strip() != "0"
MOGEL_FALLBACK_POLL_MS = 1000 # how often a page polls while its stream is down
# How often an idle stream notes the page's presence and sends a comment (proxies, dead pages).
MOGEL_PUSH_TICK_MS = int(os.environ.get("DJANGO_PUSH_TICK_MS", "1000"))
MOGEL_PUSH_LIFETIME_S = 300   # a stream ends after this; the page reconnects and is redrawn
# Open streams per browser (session) and per client address; a new one closes the oldest
# (mogel.push.caps, docs/push.md "Caps and time-outs").
MOGEL_STREAMS_PER_BROWSER = int(os.environ.get("DJANGO_STREAMS_PER_BROWSER", "4"))
MOGEL_STREAMS_PER_ADDRESS = int(os.environ.get("DJANGO_STREAMS_PER_ADDRESS", "16"))
# A stream whose write the client has not taken within this long is ended (mogel.push.timeouts).
MOGEL_PUSH_WRITE_TIMEOUT_S = float(os.environ.get("DJANGO_PUSH_WRITE_TIMEOUT_S", "10"))
# Abuse caps, counted in the database (tests that start many games raise them).
MOGEL_UNFINISHED_GAMES_PER_SESSION = 3
# Per client address (behind a trusted proxy: the address it saw), games touched in the last
# day: a class of thirty behind one router may each leave one unfinished (mogel.play.limits).
MOGEL_UNFINISHED_GAMES_PER_ADDRESS = 40
MOGEL_LOBBY_POSTS_PER_MINUTE = 10   # per session; one address may post 6 times as often (mogel.play.limits)
