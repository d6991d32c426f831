"""The platform's pure core: what every game's engine may use, and nothing of Django.

``errors`` (a game's refusals: ``IllegalAction`` and the registry of each game's codes),
``eventlog`` (events with private parts, the one visibility filter ``seen_by``, trimming),
``replay`` (a game played again from its start and its logged events), ``seats``
(places in a final ranking) and ``ismcts`` (the expert bots' search over the deals a seat
cannot tell apart). An engine imports from here and from its own game only
(import-linter contracts in ``pyproject.toml``).
"""
