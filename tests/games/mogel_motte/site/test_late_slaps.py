"""A slap made in time on the player's screen but still on its way when the window's time ran
out (a phone's network): the window's end waits the credit cap for it while the player has not
slapped, so another request (the page's own poll, a stream) cannot close the window under it.
Before, such a tap got a 400 and "you were the slowest" (issue 30: 0.77 s after the window
showed, on a phone). A tap really too late gets the window's end and says so, in the page's
language, beside a log that says the same."""

import re

import pytest

from tests.platform.play_helpers import events_after, post

from .test_reflexes import HONEST, MOSQUITO, poll, poll_until, table, version_of, wait  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

# Oscar slaps late, so the window stays open for the player's slap alone.
SLOW_OSCAR = {**HONEST, "slap_ms": [2000, 2000]}
REACTION = 770
# The window closes LAND + mosquito_ms (600 + 2500 ms) after the page was sent it.
CLOSES = 3100


def slap_after_a_poll(client, clock, table, arrives, lang="en"):
    """The mosquito on the page; a poll just before the tap arrives, ``arrives`` ms after the
    page was sent the window; then the slap, 770 ms after the card landed on the screen."""
    url, html = table(client, MOSQUITO, SLOW_OSCAR, lang)
    sent, version, _ = poll_until(client, clock, url, version_of(html), 'id="btn-slap"')
    wait(clock, url, sent + arrives - 50)
    poll(client, url, version)
    wait(clock, url, sent + arrives)
    response = post(client, url, "slap", version, reaction_ms=REACTION)
    codes = [e["code"] for e in events_after(url, version)]
    return response, codes, [e for e in events_after(url, version) if e["code"] == "slapped"]


@pytest.mark.parametrize("arrives", [CLOSES + 100, CLOSES + 900])
def test_a_slap_in_time_on_its_way_when_the_window_ran_out_counts(client, clock, table, arrives):
    response, codes, slaps = slap_after_a_poll(client, clock, table, arrives)
    assert response.status_code == 200
    assert codes == ["slapped", "slapped", "mosquito_slowest"]
    assert [e["seat"] for e in slaps] == [0, 2] or [e["seat"] for e in slaps] == [2, 0]


@pytest.mark.parametrize("lang, message, slowest", [
    ("en", "Too late: the mosquito is over.", "You were the slowest"),
    ("de", "Zu spät: Die Mücke ist vorbei.", "Du warst am langsamsten"),
])
def test_a_slap_later_than_the_credit_is_refused_with_a_message_and_a_log_that_agree(client, clock, table, lang,
                                                                                      message, slowest):
    response, codes, slaps = slap_after_a_poll(client, clock, table, CLOSES + 2500, lang)
    body = response.content.decode()
    assert response.status_code == 400
    assert message in re.findall(r'table__message[^>]*>([^<]*)', body)[0]
    # The answer already shows the window's end: the page's next table cannot wipe the reason.
    assert codes[:2] == ["slapped", "mosquito_slowest"] and [e["seat"] for e in slaps] == [2]
    assert slowest in body
