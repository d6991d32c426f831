"""Mogelei, the second game on the site: its pure rules engine lives in ``games.mogelei.engine``."""
