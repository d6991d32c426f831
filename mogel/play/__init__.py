"""The practice game against bots."""
