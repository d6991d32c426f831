from django.db import models
from django.utils.translation import pgettext_lazy

from .links import rule_url
from .markup import inline_text, render

# Admin wording only: the context "rules admin" keeps these short words apart from UI strings.
# It is written out in every call, so that makemessages finds it.


class Section(models.Model):
    """A titled text of one game's rules, in every language.

    ``game`` is the game kind's key (``mogel.games``). ``title`` and ``body`` are
    translated with django-modeltranslation (``title_de``, ``body_fr``, ...; see
    translation.py). ``body`` uses the small markup of :mod:`mogel.rules.markup`.
    """

    game = models.CharField(pgettext_lazy("rules admin", "game"), max_length=40,
                            help_text=pgettext_lazy("rules admin", "The game kind these rules belong to."))
    slug = models.SlugField(pgettext_lazy("rules admin", "anchor"), max_length=40,
                            help_text=pgettext_lazy("rules admin", "The section's #anchor, the same in every language."))
    order = models.PositiveSmallIntegerField(pgettext_lazy("rules admin", "order"), default=0)
    title = models.CharField(pgettext_lazy("rules admin", "title"), max_length=200)
    body = models.TextField(pgettext_lazy("rules admin", "text"))

    class Meta:
        abstract = True
        ordering = ["game", "order", "slug"]

    def __str__(self):
        return self.title or self.slug

    @property
    def title_html(self):
        """The title in the active language as safe HTML (escaped, no markup)."""
        return inline_text(self.title)

    @property
    def body_html(self):
        """The body in the active language as safe HTML."""
        return render(self.body, self.game)


class RuleSection(Section):
    """One section of a game's rules page (from its kind's ``rules_dir``: ``sections.json``)."""

    class Meta(Section.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="rules_section_slug_per_game")]
        verbose_name = pgettext_lazy("rules admin", "rules section")
        verbose_name_plural = pgettext_lazy("rules admin", "rules sections")


class SummarySection(Section):
    """One box of a game's one-page summary of the rules (from its kind's ``rules_dir``: ``summary.json``).

    A box whose slug is also a rules section's anchor links to that section for the details.
    """

    class Meta(Section.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="rules_summary_slug_per_game")]
        verbose_name = pgettext_lazy("rules admin", "summary section")
        verbose_name_plural = pgettext_lazy("rules admin", "summary sections")

    @property
    def rule_url(self):
        return rule_url(self.slug, self.game)
