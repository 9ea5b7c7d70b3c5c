# Everything a fresh checkout needs: `make demo` and `make test`.
PYTHON ?= python3
DEMO_ROOT ?= examples/quickstart/private-notes

.PHONY: demo test deps dist clients bench lint clean snapshots

demo:
	$(PYTHON) scripts/demo.py

# Installs the dev extra only when something it provides is missing.
deps:
	@$(PYTHON) -c "import pytest, mcp, redacted_context_mcp" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet -e '.[dev]'

test: deps
	$(PYTHON) -m pytest

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

# Regenerate the golden tools/list and method-table snapshots after an intended change; review the diff.
snapshots:
	REDCTX_UPDATE_SNAPSHOTS=1 $(PYTHON) -m pytest -q tests/protocol/test_snapshots.py

lint:
	$(PYTHON) -m ruff check redacted_context_mcp scripts tests

clean:
	rm -rf dist build *.egg-info .pytest_cache
