VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup run test bench-engine bench-bots bench-web bench-windows

# The stamp makes the venv rebuild only when the dependency list changes.
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e '.[test]'
	touch $@

setup: $(VENV)/.installed
	$(PY) manage.py compilecatalogues
	$(PY) manage.py migrate --noinput
	$(PY) manage.py loadcontent

run: setup
	$(PY) manage.py runserver 127.0.0.1:8000

# DJANGO_ALLOW_ASYNC_UNSAFE: Playwright's sync API runs an event loop in the
# test thread, which Django would otherwise refuse to touch the ORM from.
test: setup
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(PY) -m pytest -n 2

# Benchmarks run on demand and print figures; RLCard is installed only for this one.
bench-engine: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/engine.py

bench-bots: $(VENV)/.installed
	$(PY) bench/bots.py

bench-web: setup
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/web.py

bench-windows: setup
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/windows.py
