# Two commands matter: `make book` and `make test` (see README.md).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
OUT ?= .
BUILDDIR := $(OUT)/_build
JB_STRICT := -W -n --keep-going
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
	-p tests.nbval_figures -p no:cacheprovider
NB ?=

# One numerical environment for every execution (book, tests, chapters, lab): one BLAS
# and OpenMP thread, so that the number of cores changes no result.
export OPENBLAS_NUM_THREADS := 1
export OMP_NUM_THREADS := 1
export MKL_NUM_THREADS := 1
export PYTHONHASHSEED := 0
# nbval re-executes the chapters on an emulated older CPU: OpenBLAS's Prescott kernels
# (which every x86-64 CPU runs) and numpy without its AVX2/AVX-512 dispatch. A stored
# output that depends on the CPU that stored it fails there. Override to try others:
# make test-notebooks CORETYPE=Sandybridge
CORETYPE ?= Prescott
EMULATED_CPU := OPENBLAS_CORETYPE=$(CORETYPE) NPY_DISABLE_CPU_FEATURES="X86_V3 X86_V4 AVX512_ICL AVX512_SPR"

.PHONY: help setup book site test test-lib test-notebooks test-build test-browser chromium \
        chapter lab bench lint clean

help:
	@echo "make book            set up .venv, execute every chapter, build the site into $(BUILDDIR)/html"
	@echo "make test            set up, then library tests, nbval, strict build, browser tests"
	@echo "make chapter NB=chapters/iba.ipynb   re-execute one chapter in place (stores its outputs)"
	@echo "make lab             JupyterLab with the book's environment"
	@echo "make bench           speed benchmarks (ratios against scikit-learn, imbalanced-learn, pycm)"

$(STAMP): requirements.txt
	@echo "==> creating $(VENV) and installing the pinned requirements"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -r requirements.txt
	@# make the repository importable (imbalance_lib, benchmarks) from any folder, notebooks included
	echo "$(CURDIR)" > "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/imbalance_book.pth"
	touch $(STAMP)

setup: $(STAMP)

# Executes every chapter (execute_notebooks: force in _config.yml).
book: $(STAMP)
	@echo "==> building the book (every chapter executed)"
	$(BIN)/jupyter-book build . $(JB_STRICT) --path-output $(OUT)
	@echo "==> open $(BUILDDIR)/html/index.html"

# Builds from the outputs stored in the notebooks (no execution).
site: $(STAMP)
	@echo "==> building the site from the stored notebook outputs"
	@mkdir -p $(BUILDDIR)
	sed 's/execute_notebooks: force/execute_notebooks: "off"/' _config.yml > $(BUILDDIR)/_config_stored.yml
	$(BIN)/jupyter-book build . $(JB_STRICT) --config $(BUILDDIR)/_config_stored.yml \
		--path-output $(OUT)

test: test-lib test-notebooks test-build test-browser
	@echo "==> all test layers passed"

test-lib: $(STAMP)
	@echo "==> [1/4] library tests and doctests"
	$(BIN)/python -m pytest --doctest-modules imbalance_lib tests --ignore=tests/browser -p no:cacheprovider -q

test-notebooks: $(STAMP)
	@echo "==> [2/4] nbval: every chapter re-executed on an emulated CPU ($(CORETYPE), no AVX2/AVX-512) and compared with its stored outputs"
	$(EMULATED_CPU) $(BIN)/python -m pytest $(NBVAL) -n 2 --dist loadfile chapters -q

test-build: $(STAMP)
	@echo "==> [3/4] strict book build (zero warnings)"
	rm -rf $(BUILDDIR)/html $(BUILDDIR)/.doctrees
	$(MAKE) --no-print-directory site

test-browser: $(STAMP) chromium
	@echo "==> [4/4] browser tests: every page in headless Chromium"
	BOOK_HTML=$(BUILDDIR)/html SCREENSHOTS=$(BUILDDIR)/screenshots \
		$(BIN)/python -m pytest tests/browser -p no:cacheprovider -q

chromium:
	@if ! command -v chromium >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "==> installing Debian's chromium (apt-get)"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "chromium is missing: install it (e.g. sudo apt-get install chromium) and re-run"; exit 1; \
		fi; \
	fi

chapter: $(STAMP)
	@test -n "$(NB)" || { echo "usage: make chapter NB=chapters/<name>.ipynb"; exit 2; }
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.record_timing=False --ExecutePreprocessor.timeout=600 \
		--ExecutePreprocessor.kernel_name=python3 $(NB)

lab: $(STAMP)
	$(BIN)/jupyter lab

bench: $(STAMP)
	$(BIN)/python -m benchmarks

lint: $(STAMP)
	$(BIN)/ruff check imbalance_lib tests benchmarks

clean:
	rm -rf $(BUILDDIR) .pytest_cache .hypothesis
