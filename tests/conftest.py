"""Shared by every test area, the engine's included.

Keep it free of Django imports at module level: the engine tests must stay
pure Python, and pytest-django sets Django up only when a test needs it.
"""

from collections import Counter

from . import missing


def _skip_reason(report) -> str:
    # A skip's longrepr is (path, line, reason); through xdist it may come back as a list.
    text = report.longrepr[2] if isinstance(report.longrepr, (tuple, list)) else str(report.longrepr)
    return text.removeprefix("Skipped: ")


def pytest_terminal_summary(terminalreporter):
    skipped = Counter(_skip_reason(report) for report in terminalreporter.stats.get("skipped", []))
    lines = [f"{count} tests SKIPPED: {why.removeprefix(missing.PREFIX)}"
             for why, count in sorted(skipped.items()) if why.startswith(missing.PREFIX)]
    if lines:
        lines.insert(0, f"NOT A FULL RUN ({missing.ALLOW_SKIP} is set):")
        for line in missing.box(lines):
            terminalreporter.write_line(line, yellow=True, bold=True)
