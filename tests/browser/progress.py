"""Waiting on a game's progress instead of the clock.

A whole game's length in seconds depends on the machine (a slower one, or two test workers on
one core, takes several times as long); how long a game may go without any news does not, as
long as the game is alive. So a long loop fails when the table stood still too long, never
because the game as a whole took longer than a fast machine would: that is the stall a person
would notice (nothing to click, nothing moving), and the figure is far above any pause the
game makes on its own (a bot's pace, a fast window, a count-in).
"""

import time

# Longer than every pause the tests' settings give a game (a count-in, a window, a bot's pace),
# several times over; far shorter than the stream's reconnect (300 s) behind a stalled page.
STILL_S = 45


class Progress:
    """Call ``alive()`` in a loop: it reads what ``read()`` says (a version, a count, a text)
    and says False once that stood still for ``still_s``; ``seen`` keeps what it read, with the
    seconds since the start, for the failure's message."""

    def __init__(self, read, still_s: float = STILL_S):
        self.read, self.still_s = read, still_s
        self.start = self.changed = time.monotonic()
        self.last = object()
        self.seen: list = []

    def alive(self) -> bool:
        now, value = time.monotonic(), self.read()
        if value != self.last:
            self.last, self.changed = value, now
            self.seen.append((round(now - self.start, 1), value))
        return now - self.changed < self.still_s

    def story(self, last: int = 30) -> list:
        return self.seen[-last:]


def table_state(page):
    """What the table shows: its version and its prompt ("" while the page is between tables)."""
    return page.evaluate("""() => {
      const t = document.querySelector('#table'), p = document.querySelector('#table-prompt');
      return t ? t.dataset.version + ' ' + (p ? p.textContent.trim() : '') : '';
    }""")


def until(check, page, still_s: float = STILL_S):
    """Wait until ``check()`` (a read of the server's game row, say) holds; the page waits
    between reads. Fails after ``still_s`` without it: what the server's clock drives comes
    when it comes, on any machine."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < still_s, f"{check.__doc__ or check} never held"
        page.wait_for_timeout(50)
