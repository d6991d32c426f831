"""The mover's own echo in Chromium (mogel/play/echo.py): a practice page on push whose person
moves several times is never sent again, on its stream, the table its own move was answered
with; every move shows once, and the page ends as a reload draws it. Two tabs of one game both
follow every move, whichever tab makes it."""

import re

import pytest

from .htmx import settled
from .order import version, watch
from .progress import Progress
from .test_play import PICK, fast, start  # noqa: F401  (fast: a fixture)
from .test_push import STATE

# What the page hears and is answered: each stream event (drawn or skipped), each move's answer
# (status, the table's version in it, the page id it was sent with); each table drawn: order.watch.
WATCH = """
window.echo = {events: [], answers: []};
document.addEventListener("htmx:sseBeforeMessage", function (e) {
  window.echo.events.push([e.detail.type, Number(e.detail.lastEventId)]);
});
document.addEventListener("htmx:afterRequest", function (e) {
  var config = e.detail.requestConfig || {}, xhr = e.detail.xhr;
  if (!xhr || (config.verb || "").toLowerCase() !== "post") { return; }
  var found = /data-version="(\\d+)"/.exec(xhr.responseText || "");
  window.echo.answers.push([xhr.status, found ? Number(found[1]) : null, (config.headers || {})["X-Table-Page"]]);
});
"""


def moves(page, count) -> int:
    """The person makes ``count`` moves (what a keen player clicks), each answered before the
    next; gives up once the table stood still (tests/browser/progress.py)."""
    made, progress = 0, Progress(lambda: version(page))
    while made < count and progress.alive():
        selector, _where = page.evaluate(PICK)
        if selector is None or page.locator(".ranking").count():
            page.wait_for_timeout(30)
            continue
        answers = page.evaluate("window.echo.answers.length")
        try:
            page.locator("#table " + selector).first.click(timeout=500)
            page.wait_for_function(f"() => window.echo.answers.length > {answers}", timeout=5000)
        except Exception:
            continue   # the table was swapped under the click: look again
        settled(page)
        made += page.evaluate(f"() => window.echo.answers.slice({answers}).some(a => a[0] === 200)")
    return made


def same_as_a_reload(page, context):
    """The live page and a fresh one show the same table, caught at the same version."""
    fresh = context.new_page()
    for _ in range(20):
        settled(page)
        live = page.evaluate(STATE)
        fresh.goto(page.url)
        if fresh.evaluate(STATE)["version"] == live["version"] == page.evaluate(STATE)["version"]:
            assert fresh.evaluate(STATE) == live
            fresh.close()
            return
        page.wait_for_timeout(200)
    raise AssertionError("the game never stood still long enough to compare")


@pytest.mark.parametrize("viewport", [(375, 812), (1280, 800)])
def test_the_movers_page_is_never_pushed_its_own_moves_table_and_ends_as_a_reload(
        page, context, site_url, fast, viewport, screenshot):
    fast.MOGEL_BOT_PACE_MS = 300   # the bots' moves come apart from the person's
    streams = []
    page.on("request", lambda request: "/stream/" in request.url and streams.append(request.url))
    page.add_init_script(WATCH)
    watch(page)
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    start(page, site_url, "en")
    assert moves(page, 6) == 6
    echo = page.evaluate("window.echo")
    ids = {answer[2] for answer in echo["answers"]}
    assert len(ids) == 1 and re.fullmatch(r"[0-9a-f]{24}", ids.pop())
    assert streams and all(re.search(r"[?&]page=[0-9a-f]{24}\b", url) for url in streams), streams
    answered = {v for status, v, _page in echo["answers"] if status == 200}
    pushed = {v for name, v in echo["events"] if name == "table"}
    assert not answered & pushed, (answered, pushed)
    # Every table on the page came once, in order: none drawn twice, none older than the last
    # (every table drawn, recorded as it is drawn: tests/browser/order.py).
    drawn = page.evaluate("window.order.drawn")
    assert drawn == sorted(set(drawn)), drawn
    screenshot(f"after-six-moves-{viewport[0]}", full_page=False)
    same_as_a_reload(page, context)


def test_two_tabs_of_one_game_both_follow_every_move(page, context, site_url, fast):
    fast.MOGEL_BOT_PACE_MS = 300
    context.add_init_script(WATCH)
    page.set_viewport_size({"width": 375, "height": 812})
    start(page, site_url, "en")
    other = context.new_page()
    other.set_viewport_size({"width": 1280, "height": 800})
    other.goto(page.url)
    other.wait_for_function("() => !!window.echo && document.querySelector('#table')")
    for mover, watcher in ((page, other), (other, page), (page, other)):
        # A person moves in the tab they look at. Headless Chromium draws a tab behind another
        # only now and then, and Playwright clicks only an element it saw stand still over two
        # drawn frames: a move in the hidden tab can wait there for many seconds.
        mover.bring_to_front()
        # Two moves per turn, however long the bots or a count-in keep the second waiting.
        assert moves(mover, 2) == 2
        reached = max(v for status, v, _page in mover.evaluate("window.echo.answers") if status == 200)
        # The other tab gets the mover's tables on its stream (it has another page id).
        watcher.wait_for_function(f"() => Number(document.getElementById('table').dataset.version) >= {reached}")
    pages = {answer[2] for tab in (page, other) for answer in tab.evaluate("window.echo.answers")}
    assert len(pages) == 2, "each tab has its own id"
    both = Progress(lambda: (version(page), version(other)))
    while both.alive():
        if version(page) == version(other):
            settled(page)
            settled(other)
            if page.evaluate(STATE) == other.evaluate(STATE):
                break
        page.wait_for_timeout(200)
    assert page.evaluate(STATE) == other.evaluate(STATE), both.story()


def _at_the_persons_turn(page, site_url, fast, width):
    """A pushed game that waits on the person's move: from then on only that move changes it."""
    page.add_init_script(WATCH)
    page.set_viewport_size({"width": width, "height": 812 if width == 375 else 800})
    start(page, site_url, "en")
    page.wait_for_function(f"() => ({PICK})()[0] !== null")
    fast.MOGEL_BOT_PACE_MS = 600_000
    return version(page)


def _click_and_wait(page, until):
    """The person's move, clicked; then until the route has it (``until()`` true)."""
    selector, _where = page.evaluate(PICK)
    page.locator("#table " + selector).first.click()
    for _ in range(100):
        if until():
            break
        page.wait_for_timeout(20)


def _catches_up(page, before):
    """The server saved the move (its version moved on), and the page comes to show it."""
    from mogel.play.models import PracticeGame

    game = page.url.rstrip("/").split("/")[-1]
    for _ in range(100):
        row = PracticeGame.objects.get(pk=game)
        if row.public_version > before:
            break
        page.wait_for_timeout(50)
    assert row.public_version > before
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.version) >= {row.public_version}")


@pytest.mark.parametrize("lost", ["network", "server error"])
def test_a_move_whose_answer_is_lost_is_fetched_again(page, site_url, fast, lost):
    """The server saved the move (and marked the page answered), but the answer never reached
    the page: its stream will not send that table, so the page asks for it (its wake poll)."""
    before = _at_the_persons_turn(page, site_url, fast, 1280)
    failed = []

    def lose(route):
        if failed:
            return route.continue_()
        failed.append(route.fetch().status)   # the server applies and saves the move
        if lost == "network":
            route.abort()
        else:
            route.fulfill(status=502, body="Bad gateway")
    page.route("**/act/", lose)
    _click_and_wait(page, lambda: failed)
    assert failed == [200]
    _catches_up(page, before)


def test_a_moves_answer_that_lands_on_a_replaced_table_is_fetched_again(page, site_url, fast):
    """A pushed table replaced the one the move was sent from while the move was on its way:
    htmx swaps the answer into the old table, out of the page, and the stream does not send that
    version (the page was answered it). The page sees that its answer was newer and asks."""
    before = _at_the_persons_turn(page, site_url, fast, 375)
    held = []
    page.route("**/act/", lambda route: held.append(route))
    _click_and_wait(page, lambda: held)
    # A pushed table of the same version takes the old one's place (as the stream swaps it).
    page.evaluate("""() => { const t = document.getElementById('table'), pushed = t.cloneNode(true);
                             t.replaceWith(pushed); htmx.process(pushed); }""")
    held[0].continue_()
    _catches_up(page, before)
