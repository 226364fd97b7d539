# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.redraft-installed

.PHONY: run test test-package venv bench clean package

venv: $(STAMP)

# torch is pinned first so that the CPU build on disk is used where it exists;
# the rest resolves against it.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip wheel
	$(PY) -m pip install --quiet "torch==2.13.0"
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/redraft gui --demo

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -m "not package"

# Builds the one-folder bundle (about 7 minutes on 2 cores) and launches it as a user would.
test-package: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -m package

bench: $(STAMP)
	for script in bench/bench_*.py; do $(PY) $$script || exit 1; done

# The Linux/macOS/Windows one-folder bundle in dist/redraft (packaging/README.md).
$(VENV)/.redraft-package-installed: $(STAMP)
	$(PY) -m pip install --quiet -e ".[package]"
	touch $@

package: $(VENV)/.redraft-package-installed
	$(PY) -m PyInstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/redraft.spec

clean:
	rm -rf build dist *.egg-info
