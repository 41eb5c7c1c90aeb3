# Two commands on a fresh machine:  make play  (serve the app)   make test  (run every test)
PYTHON ?= python3
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: play test test-py test-e2e check vendor bench setup-node setup-test

play: vendor  ## install what is missing, vendor the runtime, serve on http://127.0.0.1:8000
	$(PYTHON) tools/serve.py --port $(PORT)

test: vendor setup-test check  ## the checks, then every pytest and Playwright test
	$(PYTHON) -m pytest

check: setup-test  ## ruff, the import contracts (.importlinter) and the type checker (mypy.ini)
	$(PYTHON) -m ruff check --quiet .
	PYTHONPATH=py $(PYTHON) -c 'from importlinter.cli import lint_imports_command; lint_imports_command()'
	$(PYTHON) -m mypy

test-py: vendor  ## the engine tests alone (CPython, no browser; some read the vendored package)
	$(PYTHON) -m pytest tests

test-e2e: vendor setup-test  ## the browser tests alone
	$(PYTHON) -m pytest e2e

vendor: setup-node  ## copy Pyodide and PyScript into assets/vendor, pack py/, write sw.js
	$(PYTHON) tools/vendor.py

bench: vendor setup-test  ## print the start-up figures (not a test)
	$(PYTHON) bench/startup.py

setup-node:
	@command -v npm >/dev/null || { echo "installing Node.js and npm (Debian)"; apt-get update -qq && apt-get install -y -qq nodejs npm; }
	@[ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund  # (again whenever the lock changes)

setup-test:
	@$(PYTHON) -c "import pytest, hypothesis, playwright, pytest_playwright, importlinter, mypy, ruff" 2>/dev/null || $(PYTHON) -m pip install -q -r requirements-test.txt
	@[ -x $(CHROMIUM) ] && fc-list 2>/dev/null | grep -q "Noto Sans CJK" || { echo "installing Debian's chromium and CJK fonts"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk; }
