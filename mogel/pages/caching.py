"""What no cache may keep: a page or fragment that shows somebody's hand."""

from django.views.decorators.cache import cache_control

# A shared computer's browser cache or a proxy between school and site would otherwise keep
# the table (the hand, the lesson's cards) after the player left: ``private`` keeps it out of
# shared caches, ``no-store`` out of the browser's disk. Every practice game page, poll and
# move answer and every lesson page and fragment (both games) carries it.
shows_a_hand = cache_control(private=True, no_store=True)
