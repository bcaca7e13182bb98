# Compendium — every command installs what it needs first (virtual environment, npm packages).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1
# Folder holding the rulebooks (seeds/) and the verbatim checker (tools/); absent from a plain clone.
COMPENDIUM_SHARED ?= ../shared
export COMPENDIUM_SHARED

.PHONY: install systeme site serve test bench lint verbatim check clean

install: $(VENV)/.stamp node_modules/.stamp

$(VENV)/.stamp: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# System packages (Chromium, poppler-utils, Pango for WeasyPrint), installed only when missing.
systeme:
	bash tools/installer-systeme.sh

site: install systeme
	$(PY) -m mkdocs build --strict

serve: install systeme
	$(PY) -m mkdocs serve --strict -a 127.0.0.1:8000

# Two pytest workers (pytest-xdist), one module per worker at a time: module fixtures and the order of
# a module's tests hold; each worker builds its own site once. Keeps the suite within CI's 45 minutes.
# -rR lists the browser tests that failed once and passed when run again (tests/conftest.py).
test: install systeme
	$(PY) -m ruff check generator browser_engine tests bench
	$(PY) -m pytest -q -n 2 --dist loadfile -rR

# Lighthouse (npm, Node 20) is only for `make bench`: its own folder, never in the tests or the site.
bench/lighthouse/node_modules/.stamp: bench/lighthouse/package.json bench/lighthouse/package-lock.json
	npm ci --prefix bench/lighthouse --no-audit --no-fund
	touch $@

bench: install systeme bench/lighthouse/node_modules/.stamp
	$(PY) bench/bench.py

lint: install
	$(PY) -m ruff check generator browser_engine tests bench

verbatim:
	@test -d "$(COMPENDIUM_SHARED)/seeds" || { echo "Livres de règles introuvables dans $(COMPENDIUM_SHARED)/seeds : indiquez leur dossier avec COMPENDIUM_SHARED=…" >&2; exit 2; }
	python3 "$(COMPENDIUM_SHARED)/tools/verbatim_check.py" --seeds "$(COMPENDIUM_SHARED)/seeds"

check: install
	$(PY) -m generator check

clean:
	rm -rf site .cache
