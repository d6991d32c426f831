"""What Mogelei's game kind needs for its rules pages (docs/platform.md, "Rules").

The shared machinery (``mogel.rules``) serves every kind; Mogelei's kind takes these hooks on
by inheriting :class:`MogeleiRules` (``class Mogelei(MogeleiRules, GameKind)``), so the rules
live with the rules text and the table's kind needs no rules code of its own.
"""

from django.utils.translation import gettext_lazy

from games.mogelei.cards.render import rules_card

# The anchors in page order; refusal codes (games.mogelei.engine.errors.CODES), lessons and the
# table link "why?" to them.
SLUGS = ("aim", "material", "setup", "round", "reveal", "choices", "fattest-egg", "end", "example", "tips")


# The page's heading, the words under it and its meta description.
TEXTS = {
    "title": gettext_lazy("How to play Mogelei"),
    "intro": gettext_lazy("Everything you need to play Mogelei with your family: calling a colour, laying "
                          "face down, bluffing, accusing and the fattest egg. Read it from top to bottom "
                          "before your first game, or jump straight to the rule you are wondering about."),
    "description": gettext_lazy("The complete rules of the bluffing card game Mogelei, explained simply with "
                                "pictures of the cards: calling a colour, reveal or keep hidden, "
                                "“You're bluffing!”, the fattest egg and scoring, with a worked example."),
}


class MogeleiRules:
    rules_dir, has_summary = "games/mogelei/rules/data", False
    rule_slugs, rules_texts = SLUGS, TEXTS

    def rules_card(self, name):
        """The small card face ``{card:black-9}``, ``{card:back}`` or ``{card:reward}`` draws; None if unknown."""
        return rules_card(name)
