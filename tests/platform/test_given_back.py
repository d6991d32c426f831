"""Under ASGI a table's sync views give their database connection back to the pool as they
return (mogel/push/connections.py): held until the answer went out, a worker's pool ran dry at
500 players. Under WSGI, and inside a transaction, the connection stays."""

import io

import pytest
from django.core.handlers.asgi import ASGIRequest
from django.db import connection, transaction
from django.test import RequestFactory

from mogel.play.models import PracticeGame
from mogel.push.connections import given_back


@given_back
def view(request):
    return PracticeGame.objects.count()


def asgi_request():
    scope = {"type": "http", "method": "GET", "path": "/", "query_string": b"", "headers": []}
    return ASGIRequest(scope, io.BytesIO())


@pytest.fixture
def per_request(monkeypatch):
    """Connections that last one request, as settings.py sets them under the ASGI server."""
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 0)
    connection.close()   # the next one is opened with these settings


@pytest.mark.django_db(transaction=True)
def test_an_asgi_view_gives_its_connection_back_as_it_returns(per_request):
    assert view(asgi_request()) == 0
    assert connection.connection is None


@pytest.mark.django_db(transaction=True)
def test_a_view_that_fails_gives_it_back_too(per_request):
    @given_back
    def failing(request):
        PracticeGame.objects.count()
        raise ValueError("the view's own error goes on")

    with pytest.raises(ValueError):
        failing(asgi_request())
    assert connection.connection is None


@pytest.mark.django_db(transaction=True)
def test_a_wsgi_view_keeps_its_threads_connection(per_request):
    view(RequestFactory().get("/"))
    assert connection.connection is not None


@pytest.mark.django_db(transaction=True)
def test_inside_a_transaction_the_connection_stays(per_request):
    with transaction.atomic():
        view(asgi_request())
        assert connection.connection is not None
        assert PracticeGame.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_connections_that_outlive_a_request_stay(monkeypatch):
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)
    connection.close()
    view(asgi_request())
    assert connection.connection is not None
