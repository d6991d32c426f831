"""DATABASE_URL, as an operator writes it, becomes Django's database settings."""

import os
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from mogel.dburl import DEFAULT_SQLITE, database_from_url


@pytest.mark.parametrize("url", [None, "", "  "])
def test_no_url_keeps_the_embedded_sqlite_file_with_wal(url):
    db = database_from_url(url)
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == DEFAULT_SQLITE == Path(__file__).resolve().parents[2] / "db.sqlite3"
    assert "journal_mode=WAL" in db["OPTIONS"]["init_command"]
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert db["CONN_MAX_AGE"] == 60


def test_a_postgres_url_gives_every_connection_part():
    db = database_from_url("postgres://mogel:s%40cret%3Aw@db.example.org:6432/mogel_prod?sslmode=require"
                           "&connect_timeout=5")
    assert db == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "mogel_prod",
        "USER": "mogel",
        "PASSWORD": "s@cret:w",
        "HOST": "db.example.org",
        "PORT": "6432",
        "OPTIONS": {"sslmode": "require", "connect_timeout": "5"},
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
    }


def test_postgresql_scheme_without_password_or_port_and_the_connection_age_from_the_environment():
    db = database_from_url("postgresql://mogel@127.0.0.1/mogel", conn_max_age="0")
    assert (db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == ("mogel", "", "127.0.0.1", "")
    assert db["CONN_MAX_AGE"] == 0


def test_a_socket_directory_and_an_ipv6_host():
    socket = database_from_url("postgres://mogel@%2Fvar%2Frun%2FPostgreSQL/mogel")
    assert (socket["HOST"], socket["PORT"]) == ("/var/run/PostgreSQL", "")
    ipv6 = database_from_url("postgres://mogel@[::1]:5433/mogel")
    assert (ipv6["HOST"], ipv6["PORT"]) == ("::1", "5433")


@pytest.mark.parametrize("url", ["sqlite:///srv/mogel/db.sqlite3", "sqlite:////srv/mogel/db.sqlite3"])
def test_a_sqlite_url_names_an_absolute_file_with_the_same_options(url):
    db = database_from_url(url)
    assert db["NAME"] == Path("/srv/mogel/db.sqlite3")
    assert db["OPTIONS"] == database_from_url(None)["OPTIONS"]


@pytest.mark.parametrize("url, says", [
    ("mysql://u@h/db", "unknown scheme"),
    ("postgres://u@h:port/db", "port must be a number"),
    ("postgres://u@h:5432/", "name the database"),
    ("sqlite://host/db.sqlite3", "no host"),
    ("sqlite://", "absolute SQLite path"),
])
def test_a_wrong_url_stops_the_start_with_a_clear_message(url, says):
    with pytest.raises(ImproperlyConfigured, match=says):
        database_from_url(url)


@pytest.mark.parametrize("age", ["-1", "a minute"])
def test_a_wrong_connection_age_stops_the_start(age):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_CONN_MAX_AGE"):
        database_from_url(None, conn_max_age=age)


def test_the_password_never_shows_in_the_message():
    with pytest.raises(ImproperlyConfigured) as caught:
        database_from_url("postgres://u:hunter2@h:x/db")
    assert "hunter2" not in str(caught.value)


@pytest.mark.django_db
def test_the_tests_use_the_database_the_environment_names():
    # make test runs the site tests a second time under scripts/postgres.py: that run must
    # really be on PostgreSQL, not quietly on SQLite again.
    url = os.environ.get("DATABASE_URL", "")
    assert connection.vendor == ("postgresql" if url.startswith("postgres") else "sqlite")
