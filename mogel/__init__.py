# Deliberately empty: games.mogel_motte.engine must import without Django settings.
