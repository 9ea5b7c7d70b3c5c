# Everything a fresh checkout needs: `make demo` and `make test`.
PYTHON ?= python3
DEMO_ROOT ?= examples/quickstart/private-notes

.PHONY: demo test deps dist clients bench lint clean soak

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

# Minutes of the attack classes (tests/attack) with fresh seeds; loopback and local processes only.
SOAK_MINUTES ?= 5
soak:
	$(PYTHON) scripts/soak.py --minutes $(SOAK_MINUTES)

lint:
	$(PYTHON) -m ruff check redacted_context_mcp scripts tests

clean:
	rm -rf dist build *.egg-info .pytest_cache
