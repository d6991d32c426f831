"""A stream's patches (mogel.table.regions) leave the page identical to a whole table.

Seeded practice games of both kinds, driven through the real stream source under the fake clock:
a page plays at random what it offers (its POST's answer replaces its table, as htmx does) or
waits while its stream steps; it leaves and comes back once (a count-in, sent whole). Every
pushed event is taken as table.js takes it (a whole table when newer, a patch by
table/patch.js's rules: tests/platform/dom.py), and after each patch the page's table must be
the whole table rendered from the very context the stream hashed. A patch that does not fit
makes the page ask for the whole table by its poll, as the browser does."""

import random

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from mogel import games
from mogel.play import service, views
from mogel.play.stream import TableSource
from mogel.table import regions

from . import dom
from .play_helpers import LOBBY, row_of, sse_events

pytestmark = pytest.mark.django_db

LOBBIES = {"mogel-motte": LOBBY["en"], "mogelei": "/en/mogelei/play/"}
CHOICES = {"name": "Ann", "level": "normal", "pace": "normal", "ant_pile": "discard", "first_guard": "me",
           "dealer": "right"}
# Seed 0 plays a long game, to its first held scores (Mogel Motte's full game holds after each
# round, Mogelei's match after each game) and on; the others a short one to its end.
LENGTH = {"mogel-motte": ({"rounds": "full"}, {"rounds": "single"}),
          "mogelei": ({"games": 5}, {"games": 1})}
SEED = 5_120_000
ENDED = ("moves", "message")
STEPS = 1500   # a page's moves and waits at most
AFTER_HOLD = 60   # steps played on after the first held scores


class Page:
    """One browser page: its table, and what it did with each pushed event."""

    def __init__(self, html: str):
        self.table = dom.table_of(html)
        self.patched = self.refused = self.whole = 0

    @property
    def version(self) -> int:
        return int(self.table.attrs["data-version"])

    def show(self, html: str) -> None:
        self.table = dom.table_of(html)

    def take(self, pushed: dict, whole: str, poll) -> None:
        """A pushed event, as table.js takes it; ``whole``: the whole table of the context it was made from."""
        ident = int(pushed["id"])
        if ident < self.version or (ident == self.version and pushed["event"] != "resume"):
            return
        if pushed["event"] != regions.PATCH:
            self.show(pushed["data"])
            self.whole += 1
        elif dom.apply(self.table, pushed["data"]):
            self.patched += 1
            assert dom.write(self.table) == dom.write(dom.table_of(whole)), "a patched table differs"
        else:
            self.refused += 1
            self.show(poll(self.version))


def practice_source(client, url, kind, page_id=None):
    """The stream's source the page of ``client`` gets (``page_id``: the page's own id, table.js's,
    for the mover's echo), with the whole table of the last context it built."""
    request = RequestFactory().get(url + "stream/")
    request.session, request.htmx = client.session, False
    built = []

    def context(turn, client_version):
        built.append(views._sent(request, turn, client_version=client_version))
        return built[-1]

    def whole():
        return render_to_string(views.TABLE, built[-1], request=request)
    painter = regions.Painter(games.get(kind), context, lambda found: render_to_string(views.TABLE, found, request=request))
    game_id = url.rstrip("/").split("/")[-1]
    return TableSource(games.get(kind), game_id, client.session.session_key, None, painter, page=page_id), whole


def come_back(client, url, clock, settings, page):
    """The page leaves (its beacon) and comes back later: its poll ends the pause, with a count-in
    when something was pending. True when it counted in."""
    settings.MOGEL_PAUSE_GRACE_MS = 2000
    assert client.post(url + "away/").status_code == 204
    clock.tick(5000)
    answer = client.get(url + "poll/", {"version": page.version}, HTTP_HX_REQUEST="true")
    settings.MOGEL_PAUSE_GRACE_MS = 10 ** 9
    if answer.status_code != 200:
        return False   # nothing was pending: no count-in
    page.show(answer.content.decode())
    return "data-count-in" in answer.content.decode()


# The page's own id (table.js draws one): its own moves' answers are not sent again on its stream.
PAGE_ID = "0123456789abcdef01234567"


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
@pytest.mark.parametrize("seed,page_id", [(0, None), (1, None), (2, None), (0, PAGE_ID), (1, PAGE_ID)])
def test_a_seeded_game_pushed_as_patches_shows_what_whole_tables_show(client, clock, settings, kind, seed, page_id):
    """With the page's own id, the stream skips the tables the page's own moves were answered
    with; its next news is then made for the table the page shows, and no patch is refused."""
    settings.MOGEL_PLAY_SEED = SEED + seed
    settings.MOGEL_BOT_PACE_MS = 200
    url = client.post(LOBBIES[kind], {**CHOICES, **LENGTH[kind][seed > 0], "players": 3 + seed}).url
    rng = random.Random(seed)
    source, whole = practice_source(client, url, kind, page_id)
    page = Page(sse_events(source.first().message)[0]["data"])
    names, held, counted, answered, streamed = [], 0, False, set(), set()
    headers = {"HTTP_HX_REQUEST": "true", **({"HTTP_X_TABLE_PAGE": page_id} if page_id else {})}

    def poll(version):
        answer = client.get(url + "poll/", {"version": version}, **headers)
        return answer.content.decode() if answer.status_code == 200 else dom.write(page.table)

    for n in range(STEPS):
        if n % 40 == 39 and not counted:
            counted = come_back(client, url, clock, settings, page)
        offered = dom.actions(page.table)
        if offered and rng.random() < 0.5:
            answer = client.post(url + "act/", {"action": rng.choice(offered), "version": page.version}, **headers)
            if answer.status_code in (200, 400, 409):
                page.show(answer.content.decode())
                answered.add(page.version)
        else:
            clock.tick(rng.choice((100, 300, 900)))
        held += bool(row_of(url).hold)
        update = source.later()
        for pushed in sse_events(update.message or ""):
            names.append(pushed["event"])
            streamed.add(int(pushed["id"]))
            page.take(pushed, whole(), poll)
        if update.done:
            # The game's end as a fresh page shows it, but for the moves it animated (news only to
            # a page that saw the table before) and a refusal its own last POST drew (it stays).
            fresh = dom.table_of(client.get(url).content.decode())
            assert dom.write(page.table, ENDED, False) == dom.write(fresh, ENDED, False)
            break
        if held > AFTER_HOLD and seed == 0:
            break
    assert counted, "a count-in came by"
    assert held if seed == 0 else update.done, "held scores came by, or the game ended"
    # Enough patches to have tried them (the shortest of these seeded games, since a window's end
    # waits for a tap on its way, has 19), and hardly any refused.
    assert page.patched >= 15 and page.patched > 5 * page.refused, (page.patched, page.refused, page.whole)
    if not page_id:
        assert names.count(regions.PATCH) > 3 * names.count("table"), names
    else:
        # The echo was skipped (the stream never sent the tables the page's moves were answered
        # with), and the next news then went out whole (this page moves at every other step, so
        # whole tables are many here): never a patch made against a table the page did not
        # show, so none was refused.
        assert len(answered - streamed) >= 10 and page.refused == 0, (len(answered - streamed), page.refused)


@pytest.mark.parametrize("kind", ["mogel-motte", "mogelei"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_region_hashes_the_same_for_the_same_table_and_differs_by_language(client, clock, settings, kind,
                                                                                  lang):
    """Two contexts of one table give every region the same hash (nothing in them hashes as an
    address in memory, which would resend the region at every change and refuse every patch on a
    page that drew its own move's answer); another language, another hash."""
    settings.MOGEL_PLAY_SEED = SEED
    url = client.post(LOBBIES[kind], {**CHOICES, **LENGTH[kind][1], "players": 4}).url
    request = RequestFactory().get(url)
    request.session, request.htmx = client.session, False
    game_id = url.rstrip("/").split("/")[-1]

    def hashes(language):
        with translation.override(language):
            turn, _ = service.run(game_id, client.session.session_key, kind=kind)
            context = views._sent(request, turn, client_version=0)
            return {region.key: regions.digest(region, context) for region in regions.of(turn.kind)
                    if region.present(context)}
    first = hashes(lang)
    assert {"status", "seats", "hand", "ticker", "log"} <= set(first)
    assert hashes(lang) == first
    other = hashes("fr")
    assert all(other[key] != first[key] for key in first)


class Body:
    """A kind whose body is one region (the status line's partial stands in for it)."""
    regions = (regions.Region("body", "play/table.html#status", ("round_line", "prompt", "my_turn")),)


def table(**values):
    return {"version": 1, "round_line": "Round 1", "prompt": "Your turn", "my_turn": True, "log": [],
            "log_total": 0, **values}


@pytest.mark.parametrize("change,sent", [
    ({"prompt": "Wait"}, regions.PATCH),             # news a patch carries
    ({"hold": True}, "table"),                       # scores held
    ({"over": True}, "table"),                       # the game's end
    ({"message": "No."}, "table"),                   # another set of regions
    ({"table_label": "Other"}, "table"),             # markup outside the regions changed
])
def test_the_stream_sends_a_patch_only_when_the_regions_can_say_everything(change, sent):
    shown = iter([table(), table(version=2, **change)])
    painter = regions.Painter(Body(), lambda turn, client: next(shown), lambda context: "<whole>")
    assert painter(None, None, "table") == ("<whole>", "table"), "the first table goes whole"
    data, name = painter(None, 1, "table")
    assert name == sent
    if sent == regions.PATCH:
        assert '<template data-keep="ticker"' in data and "Wait" in data and "Round 1" in data


@pytest.mark.parametrize("name", ["redraw", "resume", "go-on"])
def test_a_redraw_a_count_in_and_go_on_go_out_whole(name):
    painter = regions.Painter(Body(), lambda turn, client: table(), lambda context: "<whole>")
    painter(None, None, "table")
    assert painter(None, 1, name) == ("<whole>", name)


def test_news_for_a_page_that_shows_a_table_this_stream_did_not_send_goes_out_whole():
    """The mover's echo: the page shows its own move's answer (version 2), which this stream
    never sent; a patch against the table it sent (version 1) might not fit the page's."""
    shown = iter([table(), table(version=3, prompt="Wait"), table(version=4, prompt="Now")])
    painter = regions.Painter(Body(), lambda turn, client: next(shown), lambda context: "<whole>")
    painter(None, None, "table")
    assert painter(None, 2, "table") == ("<whole>", "table")
    assert painter(None, 3, "table")[1] == regions.PATCH, "then patches again, against what it sent"


def test_a_kind_that_declares_no_regions_is_sent_whole_tables():
    class Bare:
        regions = ()
    painter = regions.Painter(Bare(), lambda turn, client: table(), lambda context: "<whole>")
    painter(None, None, "table")
    assert painter(None, 1, "table") == ("<whole>", "table")
