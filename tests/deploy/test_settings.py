"""Production settings come from the environment, and Django's deployment check finds nothing to say."""

import json
import subprocess
import sys

import pytest

from mogel.settings import DEVELOPMENT_SECRET_KEY

from .conftest import ROOT, manage, production_env


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


# What gunicorn's master holds after reading its configuration: the site's modules it imported, its access log.
READ_CONFIG = ("import json, runpy, sys; config = runpy.run_path('gunicorn.conf.py'); "
               "print(json.dumps({'site': sorted(m for m in sys.modules if m.split('.')[0] in ('mogel', 'games', 'tutorial')), "
               "'accesslog': config['accesslog']}))")


@pytest.mark.parametrize("debug, accesslog", [("0", "-"), ("1", None), ("", None)])
def test_gunicorns_master_holds_no_site_module_so_a_deploys_reload_runs_the_new_settings(debug, accesslog):
    """A HUP (a deploy) forks new workers from the master: a settings module it had imported
    would be theirs, whatever the new release says."""
    done = subprocess.run([sys.executable, "-c", READ_CONFIG], cwd=ROOT, env=production_env(DJANGO_DEBUG=debug),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"site": [], "accesslog": accesslog}
