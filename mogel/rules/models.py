from django.db import models
from django.utils.translation import pgettext_lazy

from .anchors import SLUGS, rule_url
from .markup import inline_text, render

# Admin wording only; the context keeps these short words apart from UI strings.
CTX = "rules admin"


class Section(models.Model):
    """A titled text of the rules, in every language.

    ``title`` and ``body`` are translated with django-modeltranslation
    (``title_de``, ``body_fr``, ...; see translation.py). ``body`` uses the
    small markup of :mod:`mogel.rules.markup`.
    """

    slug = models.SlugField(pgettext_lazy(CTX, "anchor"), max_length=40, unique=True,
                            help_text=pgettext_lazy(CTX, "The section's #anchor, the same in every language."))
    order = models.PositiveSmallIntegerField(pgettext_lazy(CTX, "order"), default=0)
    title = models.CharField(pgettext_lazy(CTX, "title"), max_length=200)
    body = models.TextField(pgettext_lazy(CTX, "text"))

    class Meta:
        abstract = True
        ordering = ["order", "slug"]

    def __str__(self):
        return self.title or self.slug

    @property
    def title_html(self):
        """The title in the active language as safe HTML (escaped, no markup)."""
        return inline_text(self.title)

    @property
    def body_html(self):
        """The body in the active language as safe HTML."""
        return render(self.body)


class RuleSection(Section):
    """One section of the rules page, loaded from ``mogel/rules/data/sections.json``."""

    class Meta(Section.Meta):
        verbose_name = pgettext_lazy(CTX, "rules section")
        verbose_name_plural = pgettext_lazy(CTX, "rules sections")


class SummarySection(Section):
    """One box of the one-page summary of the rules, loaded from ``mogel/rules/data/summary.json``.

    A box whose slug is also a rules section's anchor links to that section for the details.
    """

    class Meta(Section.Meta):
        verbose_name = pgettext_lazy(CTX, "summary section")
        verbose_name_plural = pgettext_lazy(CTX, "summary sections")

    @property
    def rule_url(self):
        return rule_url(self.slug) if self.slug in SLUGS else None
