"""The tempo's names in the five languages, as issue 33 decided them: what the rules and lessons
call the usual, the slower (×3) and the unhurried (×10) tempo, in that order."""

TEMPO_NAMES = {
    "de": ("Wie gewohnt", "Langsamer (×3)", "Ganz in Ruhe (×10)"),
    "en": ("Usual", "Slower (×3)", "Unhurried (×10)"),
    "fr": ("Habituel", "Plus lent (×3)", "Sans se presser (×10)"),
    "nl": ("Zoals gewoonlijk", "Trager (×3)", "Op je gemak (×10)"),
    "it": ("Solito", "Più lento (×3)", "Con calma (×10)"),
}
# Each tempo's factor on every window, in the same order.
FACTORS = (1, 3, 10)
