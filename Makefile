VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup run serve test bench-engine bench-bots bench-rounds bench-mogelei-bots bench-web bench-windows bench-load bench-guard bench-replay bench-push bench-friends bench-faults

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

# runserver serves the pushed table too (a stream holds one of its threads: docs/push.md);
# the ASGI server of production: .venv/bin/uvicorn mogel.asgi:application --port 8000
run: setup
	$(PY) manage.py runserver 127.0.0.1:8000

# A local try of the production set-up: gunicorn (gunicorn.conf.py), DEBUG off, static
# files collected, hashed, compressed and served by WhiteNoise. For a try only: plain
# http on loopback (no redirect to https) and a secret made up anew at every start, so
# sessions, and the games they own, do not survive a restart. A real server sets its
# own environment: see the README's "Deploy" section. Another port: make serve PORT=8001.
PORT ?= 8000
serve: setup
	export DJANGO_DEBUG=0 DJANGO_SECURE_SSL_REDIRECT=0 DJANGO_ALLOWED_HOSTS=127.0.0.1,localhost,[::1] \
	  DJANGO_SECRET_KEY="$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')" && \
	$(PY) manage.py collectstatic --noinput --verbosity 0 && \
	exec $(VENV)/bin/gunicorn --bind 127.0.0.1:$(PORT)

# make test ALLOW_SKIP=1 (or MOGEL_ALLOW_SKIP=1 in the environment): where Chromium or
# PostgreSQL is missing and may not be installed, skip the tests that need them, and say so.
ifneq ($(ALLOW_SKIP),)
export MOGEL_ALLOW_SKIP := $(ALLOW_SKIP)
endif
# The site tests a second time on a real PostgreSQL server: everything but the browser
# tests (they gain nothing from it), the engine's and the tooling's (they touch no database).
POSTGRES_TESTS := --ignore=tests/browser --ignore=tests/games/mogel_motte/engine --ignore=tests/games/mogelei/engine --ignore=tests/tooling

# system_packages.py (the system's python3: it runs before .venv exists) installs Debian's
# python3-venv, chromium and postgresql where it may, or stops with what to install.
# The browser tests run on their own: Playwright's sync API keeps an event loop in each
# worker's thread for the session (tests/browser/conftest.py lets the ORM run beside it), which
# the other tests must neither inherit nor be excused by.
test:
	@python3 scripts/system_packages.py install
	@$(MAKE) --no-print-directory setup
	$(PY) -m pytest -n 2 --ignore=tests/browser
	$(PY) -m pytest -n 2 tests/browser
	@if python3 scripts/system_packages.py has postgresql; then \
		echo "The site tests again, on PostgreSQL:"; \
		$(PY) scripts/postgres.py run -- $(PY) -m pytest -n 2 $(POSTGRES_TESTS); \
	fi
	@python3 scripts/system_packages.py report

# Benchmarks run on demand and print figures; RLCard is installed only for this one.
bench-engine: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/engine.py

bench-bots: $(VENV)/.installed
	$(PY) bench/bots.py

# Every round ends: bots-only Mogel Motte games of every level at 3, 4 and 5 players, with the rule
# that blocks a round on the fifth turn in the same position beside the same seeds without it
# (docs/rules-decisions.md, section 28). 1,000 games per line; the expert with search takes hours:
# make bench-rounds ROUNDS_ARGS="--levels expert+search --games 100" (options: the script's --help).
bench-rounds: $(VENV)/.installed
	nice -n 19 $(PY) bench/rounds.py $(ROUNDS_ARGS)

# The Mogelei bot ladder: 1,000 games per pairing, one process (docs/mogelei-bots.md).
bench-mogelei-bots: $(VENV)/.installed
	$(PY) bench/mogelei_bots.py

bench-web: setup
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/web.py

bench-windows: setup
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/windows.py

# A replay step (the whole game played again from its events, then the table) beside the engine's own replay.
bench-replay: setup
	$(PY) bench/replay.py

# An attentive guard against one who glances every 3 s: catch rates over seeded games (about 15 minutes).
bench-guard: setup
	$(PY) bench/guard_attention.py

# Practice players on push against the polling page in the same run: 200, 500 and 1,000 of
# them on the production stack (PostgreSQL, gunicorn with uvicorn workers), 30 s measured each
# (about 10 minutes). A smoke run of a minute: make bench-load LOAD_ARGS=--quick (options: the script's --help).
bench-load: setup
	$(PY) bench/load.py $(LOAD_ARGS)

# Push latency: a move at one server process, seen by a page's stream at another, against
# polling in the same run; PostgreSQL, two gunicorn+uvicorn processes (about 3 minutes).
bench-push: setup
	$(PY) bench/push.py --players 60,200 --seconds 30

# Push at friends' tables of 4 people: 5 to 60 tables made through the real views, a move
# every few seconds per table, until each other person's stream shows it; polling pages in the same
# run; one gunicorn with uvicorn workers on PostgreSQL; says how many tables 2 cores hold; then how soon
# Start, a move and Play again reach every page, spectators included (bench/friends_follow.py; about 15 minutes).
bench-friends: setup
	$(PY) bench/friends_push.py --tables 5,10,20,30,40,60 --seconds 30

# Faults survived: 20 friends' tables and 50 practice games play on the production stack while
# a worker is killed, PostgreSQL restarts, a deploy replaces the workers (HUP), one person's
# network drops (5, 30, 90 s) and the server stops for 20 s: moves lost or doubled, games stuck,
# how soon every page is current again, error pages seen (about 10 minutes; docs/push.md).
bench-faults: setup
	nice -n 19 $(PY) bench/faults.py $(FAULTS_ARGS)
