# Two commands on a fresh machine: `make demo` and `make test`. Everything is installed from here.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: setup demo lint test fuzz bench torch exports clean

LINTED := dfx stream_model rewriter slice_elision_campaign benchmarks examples tests

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

# One worker per core, each test file on one worker (module-scoped baselines are built once):
# the two campaign files and the mutation file, most of the time, run side by side.
test: lint
	$(PY) -m pytest -q -n auto --dist loadfile --durations=15

# The long campaign: fresh seeds for FUZZ_SECONDS of generation (shrinking a failure may add to it).
# SCHEDULER=tcp://host:8786 runs its rounds on that Dask cluster instead (tests/campaign/distributed.py).
FUZZ_SECONDS ?= 1200

fuzz: $(STAMP)
ifdef SCHEDULER
	$(PY) -m pip install --quiet -e '.[test,campaign]'
	$(PY) -m tests.campaign --seconds $(FUZZ_SECONDS) --scheduler $(SCHEDULER)
else
	$(PY) -m pytest -q tests/campaign/test_campaign.py -k test_campaign --campaign-profile=long --campaign-seconds=$(FUZZ_SECONDS)
endif

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	$(PY) -m benchmarks

# The optional PyTorch path: torch (CPU build), iree-turbine and transformers into .venv. `make test`
# never runs this; without it tests/e2e/test_torch_decode.py is skipped and says so. setup.cfg
# extras cannot name an index, so the CPU wheel index comes from here (TORCH_INDEX= to use only
# the configured indexes). torch 2.13 needs setuptools>=77, so this upgrades the venv's setuptools.
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
TORCH_STAMP := $(VENV)/.torch-installed

torch: $(TORCH_STAMP)

$(TORCH_STAMP): $(STAMP) setup.cfg
	$(PY) -m pip install --quiet $(if $(TORCH_INDEX),--extra-index-url $(TORCH_INDEX)) -e '.[test,torch]'
	touch $(TORCH_STAMP)

# The frontend exports (JAX, ONNX) under tests/data/exports/, written again from the packages.
exports: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,exports]'
	$(PY) tools/make_exports.py

clean:
	rm -rf $(VENV) build out *.egg-info .pytest_cache .hypothesis
