"""Mogel Motte (EN "Cheating Moth"): its engine, cards, table, lessons and rules, one plug-in of the platform."""
