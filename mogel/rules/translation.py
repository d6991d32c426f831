from modeltranslation.translator import TranslationOptions, register

from .models import RuleSection


@register(RuleSection)
class RuleSectionTranslationOptions(TranslationOptions):
    fields = ("title", "body")
