"""Lessons and their steps, loaded by ``manage.py loadcontent`` from each game kind's lesson
folder (``GameKind.lessons_dir``); ``Lesson.game`` names the kind.

Texts are translated with django-modeltranslation (``title_de``, ``goal_fr``, ...; see
translation.py). The game data of a step (position, script, predicates, solution) is
JSON that :mod:`tutorial.runner` plays on the engine; no lesson needs code of its own.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Lesson(models.Model):
    game = models.CharField(_("game"), max_length=40,
                            help_text=_("The game kind the lesson teaches (its key in mogel.games)."))
    slug = models.SlugField(_("slug"), max_length=60,
                            help_text=_("The lesson's key, the same in every language: progress is kept under it. "
                                        "Its address per language comes from “slugs” in its data file."))
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    intro = models.TextField(_("introduction"), blank=True)
    controls = models.JSONField(_("controls"), default=dict, blank=True,
                                help_text=_("The side controls every step of the lesson offers unless the step "
                                            "says otherwise, by the game's own names (as a step's controls)."))

    class Meta:
        ordering = ["game", "order", "slug"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="tutorial_lesson_slug_per_game")]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self):
        return self.title or self.slug


class Step(models.Model):
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="steps")
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    key = models.SlugField(_("key"), max_length=60)
    goal = models.TextField(_("goal"))
    success_text = models.TextField(_("success text"))
    hint_nudge = models.TextField(_("hint (a nudge)"))
    hint_move = models.TextField(_("hint (the move)"))
    hint_action = models.CharField(_("hinted action"), max_length=60, blank=True)
    draw_prompt = models.TextField(_("instead of “draw a card”"), blank=True,
                                   help_text=_("What the table says in this step when the learner could draw, "
                                               "if the step wants something else first (optional)."))
    timed = models.BooleanField(_("timed"), default=False,
                                help_text=_("Uses one of the game's time windows: the learner has a few seconds to act."))
    scenario = models.JSONField(_("position"), help_text=_("Game.from_scenario; seat 0 is the learner."))
    seed = models.IntegerField(_("seed"), default=0)
    script = models.JSONField(_("script"), default=list, blank=True)
    auto = models.JSONField(_("autopilot delays"), default=dict, blank=True)
    success = models.JSONField(_("success condition"))
    solution = models.JSONField(_("winning line"), default=list)
    wrong_move = models.JSONField(_("typical wrong move"), default=dict)
    plan = models.JSONField(_("planned moves"), default=list, blank=True,
                            help_text=_("The learner's moves this step is about (\"play 3\", \"hand *\"); "
                                        "any other move the engine accepts ends the step with an explanation."))
    controls = models.JSONField(_("controls"), default=dict, blank=True,
                                help_text=_("Which side controls the table offers in this step, each by the "
                                            "game's own name: {\"draw\": true} shows one, false hides one."))

    class Meta:
        ordering = ["lesson__order", "order"]
        constraints = [models.UniqueConstraint(fields=["lesson", "key"], name="tutorial_step_key_per_lesson")]
        verbose_name = _("step")
        verbose_name_plural = _("steps")

    def __str__(self):
        return f"{self.lesson.slug}/{self.key}"

    def runner_step(self) -> dict:
        """What :mod:`tutorial.runner` needs to play this step."""
        return {
            "scenario": self.scenario,
            "seed": self.seed,
            "script": self.script,
            "auto": self.auto,
            "success": self.success,
            "failure": [{"when": f.when} for f in self.failures.all()],
            "plan": self.plan or None,
        }


class StepFailure(models.Model):
    """A way to fail a step (e.g. being the slowest), with the text the learner then reads."""

    step = models.ForeignKey(Step, on_delete=models.CASCADE, related_name="failures")
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    when = models.JSONField(_("condition"))
    text = models.TextField(_("text"))

    class Meta:
        ordering = ["step", "order"]
        verbose_name = _("failure condition")
        verbose_name_plural = _("failure conditions")

    def __str__(self):
        return f"{self.step} #{self.order}"
