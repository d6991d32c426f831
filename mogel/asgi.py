"""The site for an ASGI server (uvicorn): everything the WSGI one serves, plus pushed streams
(mogel.push) that hold no thread while they wait.

    uvicorn mogel.asgi:application                                   # development
    gunicorn mogel.asgi:application -k uvicorn_worker.UvicornWorker  # production (README)
"""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application

from mogel.push.timeouts import WriteTimeouts

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mogel.settings")
# The settings pool database connections instead of keeping one per thread (mogel/settings.py).
os.environ.setdefault("DJANGO_ASGI", "1")

application = get_asgi_application()

if settings.DEBUG:
    # runserver's static files, for ``make run`` under uvicorn (production: WhiteNoise's middleware).
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    application = ASGIStaticFilesHandler(application)

# A stream whose client stops reading is dropped after a time-out instead of waiting for ever.
application = WriteTimeouts(application)
