"""Mogel Motte card pictures: hand-drawn inline SVG cards and their names."""
