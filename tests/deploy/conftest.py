"""Runs the site the way a server does: separate processes with production settings from the environment."""

import importlib.util
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from .. import missing

ROOT = Path(__file__).resolve().parents[2]

_spec = importlib.util.spec_from_file_location("postgres_script", ROOT / "scripts" / "postgres.py")
postgres = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(postgres)


@pytest.fixture(scope="module")
def cluster():
    """A throw-away PostgreSQL server of the module's own (scripts/postgres.py), whatever database the suite runs on."""
    bindir = postgres.server_bin()
    missing.require(bindir is not None, "PostgreSQL's server binaries are missing", "postgresql")
    running = postgres.Cluster(bindir)
    try:
        running.start()
        yield running
    finally:
        running.remove()


def production_env(**overrides) -> dict:
    """The environment of a production server: DEBUG off, a real secret, named hosts.

    The DJANGO_* variables and DATABASE_URL of the developer's own shell are left out,
    so the tests run the same everywhere.
    """
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("DJANGO_") and key not in ("DATABASE_URL", "WEB_CONCURRENCY")}
    env.update(
        DJANGO_SETTINGS_MODULE="mogel.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="mogel.example,127.0.0.1",
        PYTHONUNBUFFERED="1",
    )
    env.update(overrides)
    return env


def manage(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
