# Deliberately empty: the engines import mogel.core without Django settings.
