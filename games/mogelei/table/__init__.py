"""Mogelei's practice game on the platform: its kind, presenter, event sentences, refusals, moves, bots' pace, lobby."""
