"""scripts/postgres.py: a throw-away PostgreSQL server for one command, gone afterwards."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import postgres

from .. import missing
from .conftest import SCRIPTS

# What the command under test does: create a database (as pytest-django does), say which
# port the server listens on, and exit with a status of its own.
PROBE = """
import os, psycopg
with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as db:
    db.execute("CREATE DATABASE test_probe")
    print(db.info.port)
raise SystemExit(3)
"""


def test_run_gives_the_command_its_own_server_and_leaves_nothing_behind():
    missing.require(postgres.server_bin() is not None, "PostgreSQL's server (initdb)", "postgresql")
    done = subprocess.run([sys.executable, SCRIPTS / "postgres.py", "run", "--", sys.executable, "-c", PROBE],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    said, port = done.stdout.splitlines()
    files = Path(said.rpartition(", files in ")[2])
    assert files.name.startswith("mogel-pg-") and not files.exists()
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", int(port))) != 0


def test_run_without_a_command_says_how_to_call_it():
    done = subprocess.run([sys.executable, SCRIPTS / "postgres.py", "run"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "postgres.py run -- CMD" in done.stderr


def test_run_gives_the_server_the_settings_a_load_bench_asks_for():
    missing.require(postgres.server_bin() is not None, "PostgreSQL's server (initdb)", "postgresql")
    show = ('import os, psycopg\nwith psycopg.connect(os.environ["DATABASE_URL"]) as db:\n'
            '    print(db.execute("SHOW max_connections").fetchone()[0])')
    done = subprocess.run([sys.executable, SCRIPTS / "postgres.py", "run", "--", sys.executable, "-c", show],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "MOGEL_POSTGRES_SETTINGS": "max_connections=123"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "123"
