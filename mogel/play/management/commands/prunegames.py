"""Delete practice games nobody will come back to, and expired sessions.

Meant for cron (see the README's Deploy section): idempotent, quiet but for one summary
line, exit status 0 unless the database fails. Deleting a game through the ORM deletes what
hangs on it (its rows in other tables) with it.
"""

from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from mogel.play import service
from mogel.play.models import PracticeGame
from mogel.play.prune import PRUNERS
from mogel.push import broker


def days(value: str) -> int:
    if not (value.isascii() and value.isdigit()):
        raise CommandError(f"days must be a whole number, 0 or more, not {value!r}")
    return int(value)


class Command(BaseCommand):
    help = ("Delete finished practice games older than --finished-days, unfinished ones untouched for "
            "--idle-days (a friends' table goes with its game), friends' tables never started after a day, "
            "and expired sessions. Safe to run again and again, e.g. from cron.")

    def add_arguments(self, parser):
        parser.add_argument("--finished-days", type=days, default=7,
                            help="delete finished games whose last change is older than this (default 7)")
        parser.add_argument("--idle-days", type=days, default=2,
                            help="delete unfinished games nobody has touched for this long (default 2)")
        parser.add_argument("--dry-run", action="store_true", help="count what would go, delete nothing")

    def handle(self, *args, finished_days, idle_days, dry_run, **options):
        now = timezone.now()
        finished = PracticeGame.objects.filter(over=True, updated__lt=now - timedelta(days=finished_days))
        idle = PracticeGame.objects.filter(over=False, updated__lt=now - timedelta(days=idle_days))
        store = import_module(settings.SESSION_ENGINE).SessionStore
        # Sessions kept in the database can be counted; other stores only cleared (or not at all).
        model = getattr(store, "get_model_class", None)
        expired = model().objects.filter(expire_date__lt=now) if model else None
        if dry_run:
            counts = [finished.count(), idle.count(), expired.count() if expired is not None else "?"]
        else:
            with transaction.atomic():
                counts = [self._delete(finished), self._delete(idle),
                          expired.count() if expired is not None else "?"]
            try:
                store.clear_expired()
            except NotImplementedError:  # e.g. signed-cookie sessions: the browser keeps them
                counts[2] = 0
        # Last: a row another app keeps may hang on a game deleted above (and went with it).
        others = "".join(f", {prune(now, dry_run)} {label}" for label, prune in PRUNERS)
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(
            f"prunegames: {verb} {counts[0]} finished games (older than {finished_days} days), "
            f"{counts[1]} unfinished games (untouched for {idle_days} days), {counts[2]} expired sessions"
            + others + (" (dry run)" if dry_run else ""))

    @staticmethod
    def _delete(games) -> int:
        # Their push channels go too (SQLite's rows: mogel.push.broker; PostgreSQL keeps none).
        broker.forget([service.channel(pk) for pk in games.values_list("pk", flat=True)])
        _total, per_model = games.delete()
        return per_model.get(PracticeGame._meta.label, 0)
