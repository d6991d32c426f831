"""The database, from one URL in the environment (``DATABASE_URL``).

- unset or empty: SQLite in ``db.sqlite3`` beside ``manage.py`` (``make run`` needs no service);
- ``sqlite:///abs/path/to/file.sqlite3``: SQLite at that absolute path;
- ``postgres://user:password@host:port/name?sslmode=require`` (or ``postgresql://``):
  PostgreSQL through psycopg 3. Query parameters are libpq connection parameters
  (``sslmode``, ``connect_timeout``, ``application_name``, ...). A unix socket directory goes
  in the host, percent-encoded: ``postgres://mogel@%2Fvar%2Frun%2Fpostgresql/mogel``.

Written with urllib.parse rather than a package: the grammar is small and this is the
only place that reads it.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

DEFAULT_SQLITE = Path(__file__).resolve().parent.parent / "db.sqlite3"

SQLITE_OPTIONS = {
    # Write-ahead log: readers (the many polls) never wait for a writer, and a
    # commit appends to the log instead of syncing the whole file; NORMAL keeps
    # the database consistent after a crash (only the last commit may be lost).
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    # Take the write lock at BEGIN: two workers saving the same game queue up
    # instead of failing with "database is locked" halfway through.
    "transaction_mode": "IMMEDIATE",
}

# Polls are many and tiny: keeping the connection open roughly halves their cost on SQLite,
# and spares PostgreSQL a new backend process (several milliseconds) per request.
DEFAULT_CONN_MAX_AGE = 60

POSTGRES_SCHEMES = ("postgres", "postgresql")


def database_from_url(url: str | None, conn_max_age: int | str | None = None) -> dict:
    """Django's ``DATABASES["default"]`` for ``url``; ``conn_max_age`` in seconds (None: 60)."""
    age = _conn_max_age(conn_max_age)
    url = (url or "").strip()
    if not url:
        return _sqlite(DEFAULT_SQLITE, age)
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        return _sqlite(_sqlite_path(parts), age)
    if scheme in POSTGRES_SCHEMES:
        return _postgres(parts, age)
    raise ImproperlyConfigured(
        f"DATABASE_URL: unknown scheme {parts.scheme!r}; use postgres://user:password@host:port/name "
        "or sqlite:///absolute/path")


def _conn_max_age(value) -> int:
    text = "" if value is None else str(value).strip()
    if not text:
        return DEFAULT_CONN_MAX_AGE
    if not (text.isascii() and text.isdigit()):
        raise ImproperlyConfigured(f"DJANGO_CONN_MAX_AGE must be a whole number of seconds, not {value!r}")
    return int(text)


def _sqlite(name, age: int) -> dict:
    return {"ENGINE": "django.db.backends.sqlite3", "NAME": name, "OPTIONS": dict(SQLITE_OPTIONS),
            "CONN_MAX_AGE": age, "TEST": {"NAME": _test_file(name)}}


def _test_file(name) -> str:
    """The test database as a file, not Django's shared in-memory default.

    The browser tests' live server answers from other threads; on a shared in-memory
    database, SQLite locks whole tables between connections and a poll that meets a save
    fails with "database table is locked" instead of waiting. A file in WAL mode lets
    readers go on while one writer waits its turn. One file per checkout, so two
    checkouts on one machine never share it (pytest-xdist adds a suffix per worker).
    """
    checkout = hashlib.sha1(str(Path(__file__).resolve().parent.parent).encode()).hexdigest()[:10]
    return str(Path(tempfile.gettempdir()) / f"mogel-test-{checkout}-{Path(str(name)).stem}.sqlite3")


def _sqlite_path(parts) -> Path | str:
    if parts.netloc:
        raise ImproperlyConfigured(
            f"DATABASE_URL: a SQLite URL has no host ({parts.netloc!r}); write sqlite:///absolute/path")
    path = unquote(parts.path)
    if path.lstrip("/") == ":memory:":
        return ":memory:"
    if not path.startswith("/") or path.rstrip("/") == "":
        raise ImproperlyConfigured("DATABASE_URL: write an absolute SQLite path, sqlite:///absolute/path")
    # sqlite:////abs (SQLAlchemy's spelling of an absolute path) means the same file.
    return Path("/" + path.lstrip("/"))


def _postgres(parts, age: int) -> dict:
    name = unquote(parts.path.lstrip("/"))
    if not name or "/" in name:
        raise ImproperlyConfigured("DATABASE_URL: name the database after the host: postgres://host:5432/mogel")
    userinfo, _, hostport = parts.netloc.rpartition("@")
    user, _, password = userinfo.partition(":")
    host, port = _host_port(hostport)
    options = dict(parse_qsl(parts.query))
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": unquote(user),
        "PASSWORD": unquote(password),
        "HOST": host,
        "PORT": port,
        "OPTIONS": options,
        "CONN_MAX_AGE": age,
        # A connection kept open across requests may have died (server restart, idle
        # timeout in a pooler): check it before each request reuses it.
        "CONN_HEALTH_CHECKS": True,
    }


def _host_port(hostport: str) -> tuple[str, str]:
    # Parsed by hand: urlsplit lowercases the host, which would break a socket directory's path.
    if hostport.startswith("["):  # [::1]:5432
        host, _, rest = hostport[1:].partition("]")
        port = rest.removeprefix(":")
    else:
        host, _, port = hostport.partition(":")
    if port and not (port.isascii() and port.isdigit()):
        raise ImproperlyConfigured(f"DATABASE_URL: the port must be a number, not {port!r}")
    return unquote(host), port
