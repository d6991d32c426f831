"""The browser test setup every later browser test reuses.

Tests here drive the live site in Debian's Chromium through pytest-playwright
(`page` fixture). Playwright's own browser download is not used.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .. import missing

# Playwright's sync API runs an event loop in the test thread; Django refuses
# ORM calls from such a thread (e.g. the transactional_db flush) otherwise.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"

# A wait for what the page will show lasts up to Playwright's 30 s for a locator, for its
# assertions too (their own default is 5 s): the tests wait for a state, not for a fast machine.
expect.set_options(timeout=30_000)

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE.parents[1] / "test-artifacts"


def pytest_collection_modifyitems(config, items):
    # Every test in this folder is a browser test, whether or not its author
    # remembered the marker: `-m "not browser"` must leave them all out.
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # Here, before any fixture: the session-scoped browser fixture would otherwise fail to
    # launch first. Without Chromium a browser test fails with the way out; it is skipped only
    # when skipping was asked for (make test installs Chromium itself where it may).
    missing.require(os.path.exists(CHROMIUM), f"{CHROMIUM} is missing", "chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


# Runs in every page before the site's own scripts: reports each Content-Security-Policy
# violation (a blocked inline script or style, eval, a resource from elsewhere) to the test.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", function (event) {
  window.reportCspViolation(event.violatedDirective + " blocked " + (event.blockedURI || "inline") +
    " at " + event.sourceFile + ":" + event.lineNumber + " " + (event.sample || ""));
});
"""


@pytest.fixture
def context(context):
    """pytest-playwright's context, failing the test on any CSP violation in any of its pages.

    The site runs under the same policy in development and production, so a page that
    works here works there. Chromium also writes a violation to the console: caught too,
    for one raised before the listener existed.
    """
    violations = []

    def report(violation):
        violations.append(violation)

    def on_console(message):
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    context.expose_function("reportCspViolation", report)
    context.add_init_script(REPORT_CSP_VIOLATIONS)
    context.on("console", on_console)
    yield context
    for page in context.pages:
        try:
            page.evaluate("0")  # let reports still in flight arrive
        except Exception:
            pass
    assert not violations, "Content-Security-Policy violations:\n" + "\n".join(violations)


@pytest.fixture
def site_url(live_server, transactional_db):
    """Base URL of the live test server, without trailing slash.

    transactional_db: the server thread sees only committed rows, so browser
    tests get a database that is really written to and flushed afterwards.
    """
    return live_server.url


@pytest.fixture
def screenshot(page, request):
    """Save the page as test-artifacts/<test name>-<label>.png; returns the path."""

    def save(label="page", full_page=True):
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", f"{request.node.name}-{label}")
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save
