"""Settings for Mogel Motte online.

Development defaults are safe to run locally; production overrides come from
the environment (DJANGO_SECRET_KEY, DJANGO_DEBUG, DJANGO_ALLOWED_HOSTS).
"""

import os
from pathlib import Path

from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY",
    "dev-only-insecure-key-mogel-motte-change-me-in-production",
)
DEBUG = os.environ.get("DJANGO_DEBUG", "1").lower() in {"1", "true", "yes", "on"}

ALLOWED_HOSTS = ["localhost", "127.0.0.1", "testserver", "[::1]"]
ALLOWED_HOSTS += [h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h.strip()]

INSTALLED_APPS = [
    # modeltranslation patches the admin, so it has to load before it.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    # The default app config wraps the template loaders in its partials
    # loader at startup (dropping APP_DIRS for the equivalent loader), so
    # views can render "page.html#partial" for htmx swaps.
    "template_partials",
    "mogel.pages",
    "mogel.cards",
    "mogel.table",
    "mogel.rules",
    "mogel.play",
    "tutorial",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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
]

ROOT_URLCONF = "mogel.urls"
WSGI_APPLICATION = "mogel.wsgi.application"

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
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The practice game (mogel.play). Lengths are in milliseconds; tests shorten them.
MOGEL_BOT_PACE_MS = 1000      # at least this long between two deliberate bot moves
MOGEL_MOSQUITO_MS = 2500      # slap window   (tuned with bench/windows.py on a slowed-down phone)
MOGEL_COCKROACH_MS = 3000     # race window
MOGEL_ACT_MS = 3000           # how long a cheat is "in the act"
MOGEL_POLL_MS = 400           # how often the table asks for news
