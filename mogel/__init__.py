# Deliberately empty: mogel.engine must import without Django settings.
