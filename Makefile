# Two commands on a fresh machine: `make demo` and `make test`. Everything is installed from here.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: setup demo lint test fuzz bench clean

LINTED := dfx stream_model rewriter benchmarks examples tests

setup: $(STAMP)

$(STAMP): setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) examples/demo.py

# Lint and types first: seconds, and a red build says why before the long tests run.
lint: $(STAMP)
	$(VENV)/bin/ruff check $(LINTED)
	$(VENV)/bin/ruff format --check $(LINTED)
	$(VENV)/bin/mypy dfx stream_model rewriter

test: lint
	$(PY) -m pytest -q

fuzz: $(STAMP)
	$(PY) -m pytest -q tests/campaign/test_campaign.py --campaign-profile=long

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build out *.egg-info .pytest_cache .hypothesis
