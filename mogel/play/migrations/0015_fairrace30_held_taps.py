from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('play', '0014_answered_page'),
    ]

    operations = [
        migrations.AddField(
            model_name='practicegame',
            name='held_taps',
            field=models.JSONField(db_default=[], default=list),
        ),
    ]
