from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('friends', '0002_table_address'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='removed_names',
            field=models.JSONField(default=dict),
        ),
    ]
