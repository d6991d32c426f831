#!/usr/bin/env python3
"""The Debian packages `make test` needs, installed by `make test` itself where it may.

    scripts/system_packages.py install          before the tests
    scripts/system_packages.py has postgresql   exit status 0 when that package is there
    scripts/system_packages.py report           after the tests: one line if any were skipped

python3-venv creates .venv (Debian leaves ensurepip out of python3); chromium runs the
browser tests; postgresql runs the site tests a second time on a real server
(scripts/postgres.py). ``install`` does nothing when all are there. Otherwise it installs
what is missing with apt-get when it may (as root, or through sudo without a password), and
when it may not, stops with one line that says what to install, unless skipping was asked
for (``make test ALLOW_SKIP=1`` or ``MOGEL_ALLOW_SKIP=1``): then the tests that need the
package are skipped and said so at the end, loud. Standard library only: it runs with the
system's python3, before .venv exists.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from postgres import server_bin

ALLOW_SKIP = "MOGEL_ALLOW_SKIP"


@dataclass(frozen=True)
class Package:
    name: str
    tests: str | None  # the test group that needs it; None: every test does, it cannot be skipped
    present: Callable[[], bool]


def venv_possible() -> bool:
    return (Path(__file__).resolve().parents[1] / ".venv/bin/python").exists() or \
        importlib.util.find_spec("ensurepip") is not None


PACKAGES = (
    Package("python3-venv", None, venv_possible),
    Package("chromium", "the browser tests", lambda: os.path.exists("/usr/bin/chromium")),
    Package("postgresql", "the site tests on PostgreSQL", lambda: server_bin() is not None),
)


def skipping_allowed() -> bool:
    return os.environ.get(ALLOW_SKIP, "").strip().lower() in {"1", "true", "yes", "on"}


def missing() -> list[Package]:
    return [package for package in PACKAGES if not package.present()]


def install_command() -> str:
    return "sudo apt-get install " + " ".join(package.name for package in missing())


def as_root() -> list[str] | None:
    """The prefix that runs a command as root, or None when we may not."""
    if shutil.which("apt-get") is None:
        return None
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return ["sudo", "-n"]
    return None


def apt_get(prefix: list[str], *args: str) -> bool:
    command = [*prefix, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-q", *args]
    print("make test:", " ".join(command), flush=True)
    return subprocess.run(command).returncode == 0


def install() -> int:
    lacking = missing()
    if not lacking:
        return 0
    names = [package.name for package in lacking]
    prefix = as_root()
    if prefix is not None:
        if apt_get(prefix, "update") and apt_get(prefix, "install", "-y", *names) and not missing():
            return 0
        print(f"make test: apt-get could not install {' '.join(names)}", file=sys.stderr)
    elif not may_skip(lacking):
        # One line, the last one before make's own error: what to run.
        print(f"make test needs {' and '.join(names)} and may not install them (not root, no sudo without a "
              f"password): run `{install_command()}`" + (", or `make test ALLOW_SKIP=1` to skip the tests "
              "that need them." if all(package.tests for package in lacking) else "."), file=sys.stderr)
        return 1
    lacking = missing()
    if not may_skip(lacking):
        return 1
    for package in lacking:
        print(f"make test: {package.name} is not installed, so {package.tests} will be SKIPPED "
              f"({ALLOW_SKIP} is set).", flush=True)
    return 0


def may_skip(lacking: list[Package]) -> bool:
    return skipping_allowed() and all(package.tests for package in lacking)


def report() -> int:
    skipped = [f"{package.tests} ({package.name} not installed)" for package in missing()]
    if skipped:
        print(f"!!! make test was NOT A FULL RUN: it skipped {' and '.join(skipped)}. "
              f"For a full run: {install_command()}")
    return 0


def main(argv: list[str]) -> int:
    if argv == ["install"]:
        return install()
    if argv == ["report"]:
        return report()
    if len(argv) == 2 and argv[0] == "has" and argv[1] in {package.name for package in PACKAGES}:
        return 0 if all(package.present() for package in PACKAGES if package.name == argv[1]) else 1
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
