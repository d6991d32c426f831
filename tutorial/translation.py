from modeltranslation.translator import TranslationOptions, register

from .models import Lesson, Step, StepFailure


@register(Lesson)
class LessonTranslationOptions(TranslationOptions):
    fields = ("title", "intro")


@register(Step)
class StepTranslationOptions(TranslationOptions):
    fields = ("goal", "success_text", "hint_nudge", "hint_move", "draw_prompt")


@register(StepFailure)
class StepFailureTranslationOptions(TranslationOptions):
    fields = ("text",)
