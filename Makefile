# Two commands on a fresh machine: `make demo` and `make test`. Everything is installed from here.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: setup demo test fuzz bench clean

setup: $(STAMP)

$(STAMP): setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) examples/demo.py

test: $(STAMP)
	$(PY) -m pytest -q

fuzz: $(STAMP)
	$(PY) -m pytest -q tests/test_campaign.py --campaign-profile=long

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build out *.egg-info .pytest_cache .hypothesis
