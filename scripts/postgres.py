#!/usr/bin/env python3
"""Run a command against a throw-away PostgreSQL server.

    scripts/postgres.py run -- CMD [ARG...]

Creates a cluster with Debian's server binaries (the newest /usr/lib/postgresql/<version>/bin)
in a temporary directory, listening only on 127.0.0.1 on a free port (its unix socket in that
directory, never the system's), creates a role and a database ``mogel``, runs CMD with
``DATABASE_URL`` pointing at them, then stops the server and deletes the directory, also when
CMD fails or is interrupted. The exit code is CMD's.

The role may create databases: pytest-django makes its own ``test_mogel`` (one per xdist
worker). Durability is off (fsync, synchronous_commit, full_page_writes): a crash loses
nothing worth keeping. More settings for postgresql.conf (a load bench raises max_connections):
``MOGEL_POSTGRES_SETTINGS="max_connections=300 shared_buffers=256MB"``. PostgreSQL refuses to
run as root, so as root the server runs as the ``postgres`` user that Debian's package creates.
Standard library only: it runs before the project's venv exists if need be.
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

ROLE = DATABASE = "mogel"
SUPERUSER = "postgres"
SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
}
# Time to let CMD finish its own report after a Ctrl-C before it is killed.
GRACE_SECONDS = 10


class Interrupted(Exception):
    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def server_bin() -> Path | None:
    """The newest installed server version's bin directory, or None when none is installed."""
    def version(path: str) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", Path(path).parents[1].name))
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    return Path(found[-1]).parent if found else None


def extra_settings() -> dict[str, str]:
    """MOGEL_POSTGRES_SETTINGS: ``name=value`` pairs, separated by spaces, for postgresql.conf."""
    pairs = [item.partition("=") for item in os.environ.get("MOGEL_POSTGRES_SETTINGS", "").split()]
    return {name: value for name, _equals, value in pairs}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.as_root = os.geteuid() == 0
        # Under /tmp when root: the postgres user must reach it, and a socket path must stay short.
        self.dir = Path(tempfile.mkdtemp(prefix="mogel-pg-", dir="/tmp" if self.as_root else None))
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self.port = 0
        if self.as_root:
            try:
                owner = pwd.getpwnam(SUPERUSER)
            except KeyError:
                raise SystemExit(f"postgres.py: no '{SUPERUSER}' user to run the server as "
                                 "(Debian's postgresql package creates it)") from None
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)

    def _server(self, *args: str, **kwargs) -> subprocess.CompletedProcess:
        """A server binary, as the postgres user when we are root."""
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", SUPERUSER, "--", *command]
        return subprocess.run(command, cwd=self.dir, capture_output=True, text=True, **kwargs)

    def _check(self, done: subprocess.CompletedProcess, what: str) -> None:
        if done.returncode:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise SystemExit(f"postgres.py: {what} failed:\n{done.stdout}{done.stderr}{log}")

    def start(self, port: int = 0) -> None:
        """Creates and starts the cluster: on ``port``, or on a free one (0)."""
        done = self._server("initdb", "--pgdata", str(self.data), "--username", SUPERUSER,
                            "--auth", "trust", "--encoding", "UTF8", "--locale", "C", "--no-sync")
        self._check(done, "initdb")
        settings = {**SETTINGS, **extra_settings(), "unix_socket_directories": f"'{self.dir}'"}
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.writelines(f"{key} = {value}\n" for key, value in settings.items())
        # Another program may take the free port between probe and start: try a few.
        for _attempt in range(3):
            self.port = port or free_port()
            done = self._server("pg_ctl", "start", "--pgdata", str(self.data), "--log", str(self.log),
                                "--wait", "--timeout", "60", "-o", f"-p {self.port}")
            if done.returncode == 0:
                break
        self._check(done, "starting the server")
        self.create_database()

    def create_database(self, name: str = DATABASE) -> None:
        """A database the role ``mogel`` owns (another one: a restore's target)."""
        made = [] if name != DATABASE else [f"CREATE ROLE {ROLE} LOGIN CREATEDB"]
        for sql in (*made, f"CREATE DATABASE {name} OWNER {ROLE}"):
            self._check(self._server("psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
                                     "-p", str(self.port), "-U", SUPERUSER, "-d", "postgres", "-c", sql),
                        sql)

    @property
    def url(self) -> str:
        return self.url_of(DATABASE)

    def url_of(self, name: str) -> str:
        return f"postgres://{ROLE}@127.0.0.1:{self.port}/{name}"

    def restart(self) -> subprocess.CompletedProcess:
        """pg_ctl restart in fast mode: open connections are cut, transactions in flight rolled back."""
        return self._server("pg_ctl", "restart", "--pgdata", str(self.data), "--log", str(self.log),
                            "--mode", "fast", "--wait", "--timeout", "60", "-o", f"-p {self.port}")

    def remove(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._server("pg_ctl", "stop", "--pgdata", str(self.data), "--mode", "immediate", "--wait")
        shutil.rmtree(self.dir, ignore_errors=True)


def run_command(command: list[str], env: dict) -> int:
    child = subprocess.Popen(command, env=env)
    try:
        return child.wait()
    except (KeyboardInterrupt, Interrupted) as stop:
        # A Ctrl-C at the terminal reached CMD too; any other signal is passed on to it.
        if isinstance(stop, Interrupted):
            child.send_signal(stop.signum)
        try:
            child.wait(timeout=GRACE_SECONDS)
        except (subprocess.TimeoutExpired, KeyboardInterrupt, Interrupted):
            child.kill()
            child.wait()
        raise


def on_signal(signum, _frame):
    raise Interrupted(signum)


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[:2] != ["run", "--"]:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    bindir = server_bin()
    if bindir is None:
        print("postgres.py: PostgreSQL is not installed: sudo apt-get install postgresql", file=sys.stderr)
        return 1
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, on_signal)
    cluster = None
    try:
        cluster = Cluster(bindir)
        cluster.start()
        print(f"postgres.py: PostgreSQL {bindir.parent.name} at {cluster.url}, files in {cluster.dir}", flush=True)
        return run_command(argv[2:], {**os.environ, "DATABASE_URL": cluster.url})
    except KeyboardInterrupt:
        return 130
    except Interrupted as stop:
        return 128 + stop.signum
    finally:
        if cluster is not None:
            # No interruption may leave a server or its files behind.
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(signum, signal.SIG_IGN)
            cluster.remove()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
