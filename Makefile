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

STUDENT := $(BUILDDIR)/student
PDFDIR := $(BUILDDIR)/pdf
# the tools that build the other editions (student site and notebooks, source archive, PDF)
EDITIONS := $(BIN)/python -m imbalance_lib.book.editions
# the whole source (chapters, library, student notebooks) as one zip, linked from intro.md
ARCHIVE := $(BUILDDIR)/html/imbalance-book-source.zip

.PHONY: help setup book site student pdf test test-full test-lib test-notebooks test-build test-browser \
        test-pdf chromium chapter lab bench regenerate lint clean handout grade explorer-figure

help:
	@echo "make setup           create .venv and install the pinned requirements.txt (once)"
	@echo "make book            set up .venv, execute every chapter, build the site into $(BUILDDIR)/html"
	@echo "make site            build the site from the outputs stored in the notebooks (no execution)"
	@echo "make student         the student edition: the site without any solution, in $(STUDENT)/_build/html,"
	@echo "                     and its notebooks for JupyterLab (numbers and citations written in) in $(STUDENT)/notebooks"
	@echo "make pdf             the book as one PDF (answer key) and a student PDF, in $(PDFDIR)/"
	@echo "make test            set up, then lint and type checks, library tests, nbval, strict build, browser tests"
	@echo "make test-full       make test, then every stored result regenerated and compared (slow)"
	@echo "make test-lib        [1/4] library tests and doctests"
	@echo "make test-notebooks  [2/4] nbval: every chapter re-executed on an emulated CPU (CORETYPE=$(CORETYPE))"
	@echo "make test-build      [3/4] strict build of the site and of the student edition"
	@echo "make test-browser    [4/4] every page in headless Chromium (after make site; make student too)"
	@echo "make test-pdf        open the PDFs: title page, contents and page numbers, links, index, figures (after make pdf)"
	@echo "make chapter NB=chapters/iba.ipynb   re-execute one chapter in place (stores its outputs)"
	@echo "make explorer-figure the print figure chapters/explorer.png from the built explorer page (after make site)"
	@echo "make lab             JupyterLab with the book's environment (MyST rendered), on 127.0.0.1:8888"
	@echo "make bench           speed benchmarks (ratios against scikit-learn, imbalanced-learn, pycm)"
	@echo "make regenerate      re-run the stored studies of chapters/data/stored (coverage studies of the intervals and"
	@echo "                     threshold-free chapters and the latter's KEEL re-scoring, IAM's cross-validations and L-BFGS"
	@echo "                     lines, IBA's MLP lines under emulated kernels, the synthesis chapter's study of 105 KEEL data"
	@echo "                     sets; about 45 min on 2 cores) after a change"
	@echo "                     to their code or the library; NAMES=... for some"
	@echo "make handout WEEK=3 ROSTER=roster.csv DEST=week3/   a problem set per student, each with its seed"
	@echo "make grade SUBMISSIONS=week3/ [ROSTER=roster.csv] [GRADES=grades.csv]   run and mark submitted sets"
	@echo "make lint            [0/4] ruff on the library, tests, benchmarks and chapters; mypy on the library"
	@echo "make chromium        install Debian's chromium if missing (root only)"
	@echo "make clean           remove $(BUILDDIR) and the test caches"

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
	$(EDITIONS) source-archive $(ARCHIVE)
	@echo "==> open $(BUILDDIR)/html/index.html"

# Builds from the outputs stored in the notebooks (no execution).
site: $(STAMP)
	@echo "==> building the site from the stored notebook outputs"
	@mkdir -p $(BUILDDIR)
	sed 's/execute_notebooks: force/execute_notebooks: "off"/' _config.yml > $(BUILDDIR)/_config_stored.yml
	$(BIN)/jupyter-book build . $(JB_STRICT) --config $(BUILDDIR)/_config_stored.yml \
		--path-output $(OUT)
	$(EDITIONS) source-archive $(ARCHIVE)

# The student edition: the same site built from copies of the notebooks with every
# solution (its text, code cells and outputs) removed; for teachers to publish.
student: $(STAMP)
	@echo "==> building the student edition (no solutions) into $(STUDENT)/_build/html"
	$(EDITIONS) student-source $(STUDENT)
	$(BIN)/jupyter-book build $(STUDENT) $(JB_STRICT)
	$(EDITIONS) source-archive $(STUDENT)/_build/html/$(notdir $(ARCHIVE)) --no-solutions
	@echo "==> open $(STUDENT)/_build/html/index.html"

# The book as PDF, printed by Debian's chromium (offline, math typeset) as one document with
# a title page, contents and bookmarks (imbalance_lib/book/editions/printbook.py): book.pdf is the
# answer key (solutions open), book-student.pdf the student edition.
pdf: $(STAMP) chromium
	@test -f $(BUILDDIR)/html/intro.html || $(MAKE) --no-print-directory site
	@test -f $(STUDENT)/_build/html/intro.html || $(MAKE) --no-print-directory student
	@echo "==> printing the book to $(PDFDIR)/book.pdf and $(PDFDIR)/book-student.pdf"
	$(EDITIONS) pdf $(BUILDDIR)/html $(PDFDIR)/book.pdf --solutions
	$(EDITIONS) pdf $(STUDENT)/_build/html $(PDFDIR)/book-student.pdf
	$(MAKE) --no-print-directory test-pdf

test: lint test-lib test-notebooks test-build test-browser
	@echo "==> all test layers passed"

# make test, then every stored result regenerated and compared with what is stored (the
# studies, the cross-validation runs, the MLP lines measured in processes of their own
# under emulated kernels), the answers table. Run it before resolving any
# change to a study or an experiment.
test-full: test
	@echo "==> [5/4] stored results regenerated and compared (tests marked full)"
	$(BIN)/python -m pytest --doctest-modules imbalance_lib tests --ignore=tests/browser -p no:cacheprovider \
		-m full -q

test-lib: $(STAMP)
	@echo "==> [1/4] library tests and doctests (the chapters' claims on their stored findings records)"
	$(BIN)/python -m pytest --doctest-modules imbalance_lib tests --ignore=tests/browser -p no:cacheprovider \
		-m "not full" -n 2 -q
	@# the tools of the editions: their tests (their doctests ran with the library's, above)
	$(BIN)/python -m pytest tests/browser/test_editions.py -p no:cacheprovider -q

test-notebooks: $(STAMP)
	@echo "==> [2/4] nbval: every chapter re-executed on an emulated CPU ($(CORETYPE), no AVX2/AVX-512) and compared with its stored outputs"
	$(EMULATED_CPU) $(BIN)/python -m pytest $(NBVAL) -n 2 --dist loadfile chapters -q

test-build: $(STAMP)
	@echo "==> [3/4] strict book build (zero warnings): the site and the student edition"
	rm -rf $(BUILDDIR)/html $(BUILDDIR)/.doctrees
	$(MAKE) --no-print-directory site
	$(MAKE) --no-print-directory student

test-browser: $(STAMP) chromium
	@echo "==> [4/4] browser tests: every page in headless Chromium"
	BOOK_HTML=$(BUILDDIR)/html STUDENT_HTML=$(STUDENT)/_build/html SCREENSHOTS=$(BUILDDIR)/screenshots \
		$(BIN)/python -m pytest tests/browser --ignore=tests/browser/test_pdf.py -p no:cacheprovider -q \
		-n 2 --dist loadgroup
	@echo "==> page heights and every offending element: $(BUILDDIR)/screenshots/layout-report*.txt"

test-pdf: $(STAMP)
	@echo "==> the PDFs: title page, contents with the right page numbers, continuous numbering, no local links,"
	@echo "    index and theorem list, no screen-only labels, no split image, nested bookmarks, no raw LaTeX or MyST"
	BOOK_PDF=$(PDFDIR)/book.pdf STUDENT_PDF=$(PDFDIR)/book-student.pdf \
		$(BIN)/python -m pytest tests/browser/test_pdf.py -p no:cacheprovider -q

chromium:
	@if ! command -v chromium >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "==> installing Debian's chromium (apt-get)"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "chromium is missing: install it (e.g. sudo apt-get install chromium) and re-run"; exit 1; \
		fi; \
	fi

# Re-executes one chapter in place: its stored outputs and its findings records
# (chapters/data/findings/*.json, which the claims tests read) are written anew.
chapter: $(STAMP)
	@test -n "$(NB)" || { echo "usage: make chapter NB=chapters/<name>.ipynb"; exit 2; }
	BOOK_STORE_FINDINGS=1 $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.record_timing=False --ExecutePreprocessor.timeout=600 \
		--ExecutePreprocessor.kernel_name=python3 $(NB)

# MyST (exercises, proofs, cross-references) renders in the notebooks through jupyterlab-myst.
# Glued numbers and citations render only in the student notebooks (values written in),
# refreshed in $(STUDENT)/notebooks first. Bound to 127.0.0.1, no browser opened; root
# (as in a container) needs --allow-root.
lab: $(STAMP)
	$(EDITIONS) student-notebooks $(STUDENT)/notebooks
	$(BIN)/jupyter lab --no-browser --ip=127.0.0.1 --port=$${PORT:-8888} \
		$$( [ "$$(id -u)" = 0 ] && echo --allow-root )

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# The stored results of chapters/data/stored (coverage studies of the intervals and
# threshold-free chapters, the latter's KEEL re-scoring, the IAM chapter's
# cross-validations over twenty fold seeds, the synthesis chapter's study of the KEEL data sets),
# run again and written with the hash of the code that made them; NAMES= to pick some.
regenerate: $(STAMP)
	$(BIN)/python -m imbalance_lib.book.stored $(NAMES)

# The weekly problem sets (chapters/problem_sets/): one notebook per student with its seed
# (ROSTER: a CSV with columns student,seed), and the offline grader of the submissions.
PROBLEMS := $(BIN)/python -m imbalance_lib.book.problems
GRADES ?= grades.csv
handout: $(STAMP)
	@test -n "$(WEEK)" -a -n "$(ROSTER)" -a -n "$(DEST)" || \
		{ echo "usage: make handout WEEK=3 ROSTER=roster.csv DEST=week3/"; exit 2; }
	$(PROBLEMS) handout $(WEEK) --roster $(ROSTER) --out $(DEST)

grade: $(STAMP)
	@test -n "$(SUBMISSIONS)" || { echo "usage: make grade SUBMISSIONS=week3/ [ROSTER=roster.csv]"; exit 2; }
	$(PROBLEMS) grade $(SUBMISSIONS) --out $(GRADES) $(if $(ROSTER),--roster $(ROSTER))

explorer-figure: $(STAMP) chromium
	$(BIN)/python -m imbalance_lib.book.explorer_figure  # after make site: chapters/explorer.png

lint: $(STAMP)
	@echo "==> [0/4] lint and type checks: ruff (library, tests, benchmarks, chapters), mypy (library)"
	$(BIN)/ruff check imbalance_lib tests benchmarks chapters/*.ipynb chapters/problem_sets/*.ipynb
	@# mypy's settings (files, strictness) are in pyproject.toml
	$(BIN)/mypy

clean:
	rm -rf $(BUILDDIR) .pytest_cache .hypothesis .mypy_cache
