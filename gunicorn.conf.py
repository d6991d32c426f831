"""gunicorn's settings for the site; gunicorn reads this file when started in this folder.

    gunicorn --bind 127.0.0.1:8000          # behind the TLS proxy, on the same machine

WEB_CONCURRENCY sets the number of worker processes (default: two per core, plus one).
Requests are short (a poll takes a few milliseconds), so plain sync workers suit; nothing
lives in a worker's memory between requests, so any worker can answer any player.
"""

import multiprocessing
import os

from mogel.settings import DEBUG

wsgi_app = "mogel.wsgi:application"
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)

# In production one access line per request on stdout, with the time it took (%(M)s ms);
# gunicorn's own messages go to stderr, Django's request errors to stdout (settings.LOGGING).
# Not with DEBUG on: bench/web.py's many requests would drown its figures.
accesslog = None if DEBUG else "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(a)s"'

# The control socket (gunicornc) is unused here, and its one default path per user would
# be shared by every gunicorn on the machine (tests, benchmarks).
control_socket_disable = True
