"""Tests that need a system package this machine lacks (Chromium for the browser tests).

Such tests fail with the install command, so that nobody takes a run without them for a
full one; only with MOGEL_ALLOW_SKIP=1 (``make test ALLOW_SKIP=1``) are they skipped, and
then a box at the end of pytest's summary says which and why.
"""

import os

import pytest

ALLOW_SKIP = "MOGEL_ALLOW_SKIP"
# Every skip for want of a package gives a reason that starts so; the summary gathers them.
PREFIX = "needs a system package: "


def skipping_allowed() -> bool:
    return os.environ.get(ALLOW_SKIP, "").strip().lower() in {"1", "true", "yes", "on"}


def reason(lack: str, package: str) -> str:
    """A skip reason: what is missing and the command that installs it."""
    return f"{PREFIX}{lack} (sudo apt-get install {package})"


def box(lines: list[str]) -> list[str]:
    width = max(map(len, lines))
    rule = "#" * (width + 8)
    return [rule, *(f"### {line:<{width}} ###" for line in lines), rule]


def require(present: bool, lack: str, package: str) -> None:
    """Go on when ``present``; else fail with the install command, or skip when skipping was asked for."""
    if present:
        return
    if skipping_allowed():
        pytest.skip(reason(lack, package))
    pytest.fail(f"{reason(lack, package)}; or set {ALLOW_SKIP}=1 to skip the tests that need it", pytrace=False)
