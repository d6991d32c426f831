from modeltranslation.translator import TranslationOptions, register

from .models import RuleSection, SummarySection


@register([RuleSection, SummarySection])
class SectionTranslationOptions(TranslationOptions):
    fields = ("title", "body")
