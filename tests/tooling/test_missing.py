"""Tests that need a missing system package: they fail, or, when asked, skip under a loud box."""

from types import SimpleNamespace

import pytest

from .. import conftest, missing

CHROMIUM = ("/usr/bin/chromium is missing", "chromium")


def test_without_leave_to_skip_a_missing_package_fails_with_the_install_command(monkeypatch):
    monkeypatch.delenv(missing.ALLOW_SKIP, raising=False)
    with pytest.raises(pytest.fail.Exception, match=r"\(sudo apt-get install chromium\); or set MOGEL_ALLOW_SKIP=1"):
        missing.require(False, *CHROMIUM)
    missing.require(True, *CHROMIUM)


class Reporter:
    def __init__(self, skip_reasons):
        self.stats = {"skipped": [SimpleNamespace(longrepr=("t.py", 1, why)) for why in skip_reasons]}
        self.lines = []

    def write_line(self, line, **markup):
        self.lines.append(line)


def test_asked_to_skip_it_skips_and_the_summary_boxes_what_was_skipped(monkeypatch):
    monkeypatch.setenv(missing.ALLOW_SKIP, "1")
    with pytest.raises(pytest.skip.Exception) as skipped:
        missing.require(False, *CHROMIUM)
    reporter = Reporter([f"Skipped: {skipped.value.msg}"] * 3 + ["Skipped: every card fits in this deal"])
    conftest.pytest_terminal_summary(reporter)
    assert reporter.lines[2] == "### 3 tests SKIPPED: /usr/bin/chromium is missing (sudo apt-get install chromium) ###"
    assert reporter.lines[0] == reporter.lines[-1] == "#" * len(reporter.lines[2]) and len(reporter.lines) == 4
    assert "NOT A FULL RUN" in reporter.lines[1]


def test_an_ordinary_skip_gets_no_box():
    reporter = Reporter(["Skipped: every card fits in this deal"])
    conftest.pytest_terminal_summary(reporter)
    assert reporter.lines == []
