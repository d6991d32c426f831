"""Mogelei's rules pages: the data (``data/sections.json``) and the kind's rules hooks (:mod:`.kind`)."""
