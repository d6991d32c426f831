"""Under the ASGI server a sync view gives its database connection back when the view returns,
not when its answer has been sent.

Django gives a request's connection back at ``request_finished``, once the response went out.
Under ASGI a sync view runs in its request's own thread, and between the view's return and that
signal lie several turns of the event loop (the response middleware, the send, the hop back to
the thread for ``close()``). On a loop that also serves a few hundred streams those turns add up
to seconds, all the while holding one of the worker's pooled connections: at 500 players a
worker's pool ran dry, every request waited its 10 s for a connection, and the server sat half
idle (docs/push.md, "Measured, 28 Nov"). Both ways a connection is given back at once live
here: a stream's own database steps (:func:`released`) and the views a table calls many times a
minute (:func:`given_back`).
"""

from __future__ import annotations

from functools import wraps

from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections, connection


def released(call, *args):
    """``call(*args)`` in a worker thread of the event loop's pool, on a connection taken for it
    and given back after it (a stream's step, its check, the presences it notes): an open stream
    then holds no connection while it waits."""
    close_old_connections()
    try:
        return call(*args)
    finally:
        close_old_connections()


def given_back(view):
    """``view``, giving the thread's connection back to the pool as it returns, under ASGI with
    connections that last one request (``CONN_MAX_AGE`` 0, as settings.py sets it there). Never
    inside a transaction (a test's), and never under WSGI, whose thread keeps its connection."""
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        finally:
            if (isinstance(request, ASGIRequest) and connection.settings_dict.get("CONN_MAX_AGE") == 0
                    and not connection.in_atomic_block):
                close_old_connections()
    return wrapped
