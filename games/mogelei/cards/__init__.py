"""Mogelei card pictures: inline SVG faces of the Mogelei family's cards and their names."""
