"""The card table's shared parts, for every game's lesson and practice pages (static files only)."""
