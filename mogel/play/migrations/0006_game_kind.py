"""Game kinds: every row so far is a Mogel Motte game; its own lobby choices move into ``choices``."""

import json

from django.db import migrations, models


def to_choices(apps, schema_editor):
    PracticeGame = apps.get_model("play", "PracticeGame")
    for row in PracticeGame.objects.only("id", "state", "first_guard").iterator():
        options = json.loads(row.state).get("options", {})
        row.choices = {"rounds": options.get("rounds", "full"), "first_guard": row.first_guard or "me",
                       "ant_pile": options.get("ant_pile", "discard")}
        row.save(update_fields=["choices"])


def from_choices(apps, schema_editor):
    PracticeGame = apps.get_model("play", "PracticeGame")
    for row in PracticeGame.objects.only("id", "choices").iterator():
        row.first_guard = (row.choices or {}).get("first_guard", "me")
        row.save(update_fields=["first_guard"])


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0005_game_pace"),
    ]

    operations = [
        migrations.AddField(
            model_name="practicegame",
            name="kind",
            field=models.CharField(default="mogel-motte", max_length=20),
        ),
        migrations.AddField(
            model_name="practicegame",
            name="choices",
            field=models.JSONField(default=dict),
        ),
        migrations.RunPython(to_choices, from_choices),
        migrations.RemoveField(
            model_name="practicegame",
            name="first_guard",
        ),
    ]
