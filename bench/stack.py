"""What every load bench needs of the server side: the production environment, a free port,
manage.py, the CPU of a process tree and of PostgreSQL from /proc, and percentiles
(bench/load.py, bench/push.py, bench/friends_push.py)."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
CLK_TCK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def production_env(database_url: str) -> dict:
    """The production settings; each bench adds which server and page it runs (DJANGO_ASGI, DJANGO_PUSH)."""
    static_root = os.environ.get("DJANGO_STATIC_ROOT") or tempfile.mkdtemp(prefix="mogel-load-static-")
    os.makedirs(static_root, exist_ok=True)
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mogel.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        # The players speak plain HTTP on loopback but say, as the TLS proxy would, that the
        # browser used HTTPS: the site runs exactly as deployed, redirects and secure cookies included.
        "DJANGO_BEHIND_PROXY": "1",
        "DATABASE_URL": database_url,
        # Hashed, compressed static files, as collectstatic leaves them on a real server.
        "DJANGO_STATIC_ROOT": static_root,
    }


def manage(env: dict, *args: str) -> None:
    subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def cpu_seconds(root_pids: list[int]) -> float:
    """User + system CPU of these processes and all their descendants: those alive now, and those
    that ended and were reaped (their parent's cutime and cstime). A database connection that a
    pool closes takes its server process's CPU with it otherwise."""
    total, todo, seen = 0, list(root_pids), set()
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += sum(int(n) for n in fields[11:15])   # utime, stime, cutime, cstime
        except (OSError, IndexError):
            continue
        todo.extend(_children(pid))
    return total / CLK_TCK


def statements(database_url: str) -> int:
    """Statements PostgreSQL has run in the database so far (committed and rolled-back
    transactions: each autocommit query is one), whatever share of the cores the server got."""
    import psycopg
    with psycopg.connect(database_url, autocommit=True) as connection:
        return connection.execute("SELECT xact_commit + xact_rollback FROM pg_stat_database "
                                  "WHERE datname = current_database()").fetchone()[0]


def postmaster_pid(database_url: str) -> list[int]:
    """The PostgreSQL server's main process, found by the port it listens on."""
    port = re.search(r":(\d+)/", database_url)
    if not port:
        return []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")
        except OSError:
            continue
        if cmd and cmd[0].endswith(b"postgres") and b"-p" in cmd and port.group(1).encode() in cmd:
            return [int(pid)]
    # Started without -p on its command line: the parent of every postgres process listening.
    pids = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError):
                with open(f"/proc/{pid}/comm") as f:
                    if f.read().strip() == "postgres":
                        with open(f"/proc/{pid}/stat") as s:
                            ppid = int(s.read().rsplit(")", 1)[1].split()[1])
                        with open(f"/proc/{ppid}/comm") as p:
                            if p.read().strip() != "postgres":
                                pids.append(int(pid))
    return pids


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")
