"""Production settings come from the environment, and Django's deployment check finds nothing to say."""

import pytest

from mogel.settings import DEVELOPMENT_SECRET_KEY

from .conftest import manage, production_env


def test_deployment_check_is_clean_with_production_settings():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout
    assert "WARNING" not in done.stdout + done.stderr


@pytest.mark.parametrize("secret", ["", DEVELOPMENT_SECRET_KEY], ids=["no key", "development key"])
def test_refuses_to_start_without_a_real_secret(secret):
    done = manage("check", env=production_env(DJANGO_SECRET_KEY=secret))
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr and "DJANGO_SECRET_KEY" in done.stderr


def test_development_needs_no_secret():
    done = manage("check", env=production_env(DJANGO_DEBUG="1", DJANGO_SECRET_KEY=""))
    assert done.returncode == 0, done.stderr
