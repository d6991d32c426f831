"""Database sessions that refuse a malformed session key before it reaches the database.

A cookie can carry any bytes (``sessionid="\\000\\000…"`` arrives as NUL characters), and
PostgreSQL rejects a NUL in a query parameter with an error, so every page that reads the
session would answer 500. Django's own keys are 32 lower-case letters and digits; anything
else is treated as no session at all, as an unknown key already is.
"""

from __future__ import annotations

import re

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore

SESSION_KEY = re.compile(r"[a-z0-9]{8,40}")


class SessionStore(DatabaseSessionStore):
    def _validate_session_key(self, key):
        return isinstance(key, str) and SESSION_KEY.fullmatch(key) is not None
