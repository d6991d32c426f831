"""Bot names that fit the language a game started in (seats 1 to 7), never the player's own.

A child called "Lucy" must not play next to a bot "Lucy", nor an Italian "Giulia" read two
"Giulia" rows in the scores: a bot whose name matches the player's is skipped. Names match
when they are the same letters ignoring case, accents and spaces ("lucy", "LUCY ",
"Chloe" for "Chloé"), or when they look alike ("Lucу" with a Cyrillic у: name_rules.look_alike),
which is how a reader would confuse them.
"""

import unicodedata

from django.utils.translation import get_language

from . import name_rules

# Eight per language: seven bots at most (8 seats, for any game kind), and the player's name
# can rule out only one of them.
MAX_SEATS = 8
BOT_NAMES = {
    "de": ("Lotte", "Emil", "Frieda", "Paul", "Greta", "Jonas", "Mila", "Anton"),
    "en": ("Lucy", "Oscar", "Maya", "Theo", "Ruby", "Sam", "Ivy", "Felix"),
    "fr": ("Chloé", "Hugo", "Léa", "Jules", "Inès", "Noé", "Manon", "Louis"),
    "nl": ("Sanne", "Daan", "Fenna", "Bram", "Noor", "Sem", "Lieke", "Jesse"),
    "it": ("Giulia", "Marco", "Sofia", "Luca", "Alice", "Pietro", "Chiara", "Matteo"),
}


def name_key(name: str) -> str:
    """What a reader compares: the letters, without case, accents or spaces."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())


def bot_names(language: str | None = None) -> tuple[str, ...]:
    language = (language or get_language() or "de")[:2]
    return BOT_NAMES.get(language, BOT_NAMES["de"])


def seat_names(player_name: str, players: int, language: str | None = None) -> list[str]:
    """The player's name, then one bot name per other seat: distinct, and none the player's."""
    mine = name_key(player_name)
    others = [name for name in bot_names(language)
              if name_key(name) != mine and not name_rules.look_alike(name, player_name)]
    return [player_name, *others[: players - 1]]
