"""Bot names that fit the page's language (seat 1, 2, 3, 4)."""

from django.utils.translation import get_language

BOT_NAMES = {
    "de": ("Lotte", "Emil", "Frieda", "Paul"),
    "en": ("Lucy", "Oscar", "Maya", "Theo"),
    "fr": ("Chloé", "Hugo", "Léa", "Jules"),
    "nl": ("Sanne", "Daan", "Fenna", "Bram"),
    "it": ("Giulia", "Marco", "Sofia", "Luca"),
}


def bot_names(language: str | None = None) -> tuple[str, ...]:
    language = (language or get_language() or "de")[:2]
    return BOT_NAMES.get(language, BOT_NAMES["de"])


def seat_names(player_name: str, players: int, language: str | None = None) -> list[str]:
    return [player_name, *bot_names(language)[: players - 1]]
