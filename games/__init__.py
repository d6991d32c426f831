"""The games the site serves, one Django app each, all of the same shape (docs/platform.md).

Each game folder holds its pure ``engine/`` (no Django; it may import only ``mogel.core``),
its ``cards/``, its ``table/`` (the kind it registers, presenter, events, refusals, motion,
bots, lobby), its ``lessons/`` and ``rules/`` (data and hooks), ``templates/<label>/`` and
``static/<label>/``, and ``apps.py``, which registers the game with the platform
(``mogel.games``). Games never import each other; the platform never imports a game
(import-linter contracts in ``pyproject.toml``, run by ``tests/platform/test_architecture.py``).
"""
