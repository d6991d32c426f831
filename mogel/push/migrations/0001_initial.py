from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Channel",
            fields=[
                ("name", models.CharField(max_length=64, primary_key=True, serialize=False)),
                ("version", models.BigIntegerField()),
            ],
        ),
    ]
