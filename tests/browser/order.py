"""Every version a table page shows, in order (docs/push.md, "Order"), for the browser tests.

``watch(page)`` records, before the site's scripts run, each version of #table the page comes to
show (a MutationObserver on the document: a whole table swapped in, a patch's new start tag),
each table drawn (a version drawn again, as a whole table, counts again),
every pushed event as it arrives, and each request of the table as it ends (verb, status, the
version its answer carries)."""

import re

from mogel.play.models import PracticeGame

WATCH = """
window.order = {shown: [], drawn: [], events: [], answers: []};
(function () {
  var last = null;
  function look() {
    var t = document.getElementById("table");
    if (!t) { return; }
    var shown = window.order.shown, version = Number(t.dataset.version);
    if (shown[shown.length - 1] !== version) { shown.push(version); }
    // Drawn: a table swapped in (another element) or patched to another version.
    if (t !== last || window.order.drawn[window.order.drawn.length - 1] !== version) {
      window.order.drawn.push(version);
      last = t;
    }
  }
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true,
                                                attributeFilter: ["data-version"]});
  document.addEventListener("htmx:sseBeforeMessage", function (e) {
    window.order.events.push([e.detail.type, Number(e.detail.lastEventId)]);
  });
  document.addEventListener("htmx:beforeSend", function (e) {
    var xhr = e.detail.xhr, verb = ((e.detail.requestConfig || {}).verb || "").toLowerCase();
    if (!xhr || !e.detail.target || e.detail.target.id !== "table") { return; }
    xhr.addEventListener("loadend", function () {
      var found = /data-version="(\\d+)"/.exec(xhr.responseText || "");
      window.order.answers.push([verb, xhr.status, found ? Number(found[1]) : null]);
    });
  });
})();
"""


def watch(page):
    page.add_init_script(WATCH)


def shown(page) -> list[int]:
    return page.evaluate("window.order.shown")


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def game_row(page) -> PracticeGame:
    """The practice game's row, as the server has it now."""
    return PracticeGame.objects.get(pk=page.url.rstrip("/").split("/")[-1])


def never_back(page):
    """The page never showed an older table after a newer one."""
    versions = shown(page)
    assert versions == sorted(versions), versions


def reaches(page, wanted: int, timeout_ms: int = 30_000):
    """Wait until the page shows version ``wanted`` (a page that stalls never does)."""
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.version) === {wanted}",
                           timeout=timeout_ms)


def still(page, timeout_ms: int = 30_000) -> PracticeGame:
    """Wait until the game stands still on the player (nothing falls due by itself) and its stream
    has sent the page that version; the row then."""
    for _ in range(timeout_ms // 50):
        row = game_row(page)
        if row.wake_ms is None and not row.over and page.evaluate(
                f"() => window.order.events.some(e => e[1] === {row.public_version})"
                f" || Number(document.getElementById('table').dataset.version) === {row.public_version}"):
            return row
        page.wait_for_timeout(50)
    raise AssertionError("the game never stood still on the player")


class Held:
    """Requests whose URL contains ``part`` (the first ``count`` of them; later ones go through),
    delivered to the page only when ``release()`` says. The server answers each as it goes out,
    or (``answer_now`` False) only when ``answer()`` says: a request sent at the page's version
    then, answered from a newer one. ``page_id`` False: sent without the page's own id."""

    def __init__(self, page, part: str, count: int = 1, page_id: bool = True, answer_now: bool = True):
        self.routes, self.answers, self.count = [], [], count
        self.page_id, self.answer_now = page_id, answer_now
        page.route(f"**/{part}/**", self._route)

    def _route(self, route):
        if self.count <= 0:
            route.continue_()
            return
        # Held before it is answered, and seen held (wait) only once answered, if answered now.
        self.count -= 1
        answer = self._fetch(route) if self.answer_now else None
        self.routes.append(route)
        if answer is not None:
            self.answers.append(answer)

    def _fetch(self, route):
        headers = route.request.headers
        if not self.page_id:
            # Without the page's own id the server marks no echo: the stream sends the page
            # that table too (as to another tab of the game).
            headers = {name: value for name, value in headers.items() if name.lower() != "x-table-page"}
        return route.fetch(headers=headers)

    def answer(self):
        """The server answers the requests held so far (once each)."""
        for route in self.routes[len(self.answers):]:
            self.answers.append(self._fetch(route))

    def wait(self, page, count: int = 1, timeout_ms: int = 30_000):
        """Wait until ``count`` requests were held (and, if ``answer_now``, answered)."""
        for _ in range(timeout_ms // 50):
            if len(self.routes) >= count:
                return
            page.wait_for_timeout(50)
        raise AssertionError("the request never went out")

    def versions(self) -> list[int | None]:
        found = [re.search(r'data-version="(\d+)"', response.text()) for response in self.answers]
        return [int(f.group(1)) if f else None for f in found]

    def release(self):
        for route, response in zip(self.routes, self.answers):
            route.fulfill(response=response)
