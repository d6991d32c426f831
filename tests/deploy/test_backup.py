"""Back up and restore, as the README's "Back up and restore" says: a dump of the running
site's database taken mid-game (pg_dump, custom format), restored into a fresh database
(pg_restore --clean --if-exists), holds every game as it was at the dump, and the games go
on from there.

The people play in processes of their own (tests/deploy/backup_play.py) on a PostgreSQL
server of the test's own (scripts/postgres.py), whatever database the rest of the suite uses.
"""

import json
import secrets
import subprocess
import sys

import pytest

from .conftest import ROOT, production_env

# The site's one secret, the same in every process (its sessions, and the seats they hold, are signed with it).
SECRET = secrets.token_urlsafe(50)


def site_env(cluster, database):
    return production_env(DJANGO_DEBUG="1", DJANGO_SECRET_KEY=SECRET, DATABASE_URL=cluster.url_of(database))


def people(cluster, database, step, state):
    """One step of the people's script on ``database``: the games as it leaves them, and its moves."""
    done = subprocess.run([sys.executable, "-m", "tests.deploy.backup_play", step, str(state)], cwd=ROOT,
                          env=site_env(cluster, database),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-3000:]
    return json.loads(state.with_name(state.name + ".out").read_text())


def prepare(cluster, database):
    env = site_env(cluster, database)
    for step in ("migrate", "loadcontent"):
        done = subprocess.run([sys.executable, "manage.py", step, "--verbosity", "0"], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def tool(cluster, *command):
    """pg_dump or pg_restore of the cluster's own version, as the server's user (scripts/postgres.py),
    connecting as the site does."""
    program, *rest = command
    done = cluster._server(program, "--host", "127.0.0.1", "--port", str(cluster.port), "--username", "mogel", *rest)
    assert done.returncode == 0, done.stdout + done.stderr


def restore(cluster, dump, database):
    """The README's restore, into a fresh database."""
    cluster.create_database(database)
    tool(cluster, "pg_restore", "--clean", "--if-exists", "--no-owner", "--role", "mogel", "--dbname", database,
         str(dump))


@pytest.fixture(scope="module")
def backup(cluster, tmp_path_factory):
    """A site's database with games played partway, its dump, the games at the dump, and the
    games after the site played on past it."""
    prepare(cluster, "mogel")
    state = tmp_path_factory.mktemp("backup") / "state.json"
    at_dump = people(cluster, "mogel", "start", state)
    dump = cluster.dir / "mogel.dump"
    tool(cluster, "pg_dump", "--format", "custom", "--file", str(dump), "--dbname", "mogel")
    kept = state.with_name("at-dump.json")
    kept.write_text(state.read_text())          # the browsers as they were at the dump
    later = people(cluster, "mogel", "play", state)
    return dump, kept, at_dump, later


def test_a_restored_dump_holds_every_game_as_it_was_at_the_dump(cluster, backup):
    dump, kept, at_dump, later = backup
    restore(cluster, dump, "restored")
    restored = people(cluster, "restored", "read", kept)
    assert restored["games"] == at_dump["games"]
    # The site played on after the dump: the restored copy is the dump's moment, not the live database.
    for name, game in later["games"].items():
        assert game["version"] > at_dump["games"][name]["version"], (name, later["moves"], game["log"][-4:])


def test_the_games_go_on_against_the_restored_database(cluster, backup):
    dump, kept, at_dump, _later = backup
    restore(cluster, dump, "played_on")
    went_on = people(cluster, "played_on", "play", kept)
    for name, before in at_dump["games"].items():
        moves = [m for m in went_on["moves"] if m["game"] == name]
        # Every move taken (a "go on" that waits for the others' may leave the table as it was).
        assert moves and all(m["status"] == 200 and m["after"] >= m["before"] for m in moves), moves
        assert any(m["after"] > m["before"] for m in moves), moves
        after = went_on["games"][name]
        assert after["version"] > before["version"]
        assert after["log"][:len(before["log"])] == before["log"]   # the game's history kept, the new moves after it
