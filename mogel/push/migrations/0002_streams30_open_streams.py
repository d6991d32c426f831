from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [("push", "0001_initial")]

    operations = [
        migrations.CreateModel(
            name="OpenStream",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("browser", models.CharField(db_index=True, max_length=32)),
                ("address", models.CharField(db_index=True, max_length=64)),
                ("page", models.CharField(blank=True, max_length=32)),
                ("opened_ms", models.BigIntegerField(db_index=True)),
                ("pushed_out", models.BooleanField(default=False)),
            ],
        ),
    ]
