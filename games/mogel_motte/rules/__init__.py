"""Mogel Motte's rules: the page's text (data/) and its anchors (anchors.py)."""
