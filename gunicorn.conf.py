"""gunicorn's settings for the site; gunicorn reads this file when started in this folder.

    gunicorn --bind 127.0.0.1:8000          # behind the TLS proxy, on the same machine

WEB_CONCURRENCY sets the number of worker processes (default: two per core, plus one).
The workers are uvicorn's (ASGI): a page's stream (mogel.push, docs/push.md) waits for hours
without holding a thread, and every other view runs as a plain sync view in the worker's
thread pool. Nothing lives in a worker's memory between requests, so any worker can answer
any player.
"""

import multiprocessing
import os

# Before every worker forked from here reads the settings: the ASGI server's database
# connections are pooled (mogel/settings.py).
os.environ.setdefault("DJANGO_ASGI", "1")

# DJANGO_DEBUG read as mogel/settings.py reads it (unset or blank: on), not imported from it:
# the master keeps every module this file imports, and the workers a HUP starts (a deploy) are
# forked from it, so they would run the old settings, and from a new release directory the
# old release's templates and catalogues (BASE_DIR), beside the new code (bench/faults.py).
DEBUG = ((os.environ.get("DJANGO_DEBUG") or "").strip() or "1").lower() in {"1", "true", "yes", "on"}

wsgi_app = "mogel.asgi:application"
worker_class = "uvicorn_worker.UvicornWorker"
# A restart lets requests finish for this long; open streams are then cut, and their pages
# reconnect to the new workers (redrawn from the database: nothing is lost).
graceful_timeout = 10
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)

# In production one access line per request on stdout, with the time it took (%(M)s ms);
# gunicorn's own messages go to stderr, Django's request errors to stdout (settings.LOGGING).
# Not with DEBUG on: bench/web.py's many requests would drown its figures.
accesslog = None if DEBUG else "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(a)s"'

# The control socket (gunicornc) is unused here, and its one default path per user would
# be shared by every gunicorn on the machine (tests, benchmarks).
control_socket_disable = True
