# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.redraft-installed

.PHONY: run test test-package test-torch venv lock bench figures clean package package-gpu gpu-wheel

# The locked install: uv.lock holds exact versions and hashes of every dependency for Linux, macOS and
# Windows, resolved from pyproject.toml's ranges by uv (`make lock` refreshes it). `make venv` installs
# exactly that (uv sync --locked), then Redraft itself, editable, without dependencies.
UV_VERSION := 0.13.9
UV         := $(VENV)/bin/uv
UV_SYNC    := UV_PROJECT_ENVIRONMENT=$(VENV) $(UV) sync --locked --no-install-project --extra dev --group embedded --group tools

# llama-cpp-python builds from source (no wheel on PyPI): skip what its Python bindings never load,
# the multimodal library (mtmd/llava) and llama.cpp's "common" utilities (packaging/llama-lean.cmake):
# half the compiling. GGML_NATIVE=OFF: the same instructions (AVX2, FMA, F16C) whatever CPU builds it,
# so generations do not change with the build machine. A CMAKE_ARGS of your own (a GPU build,
# packaging/gpu-builds.md) wins.
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF -DCMAKE_PROJECT_llama.cpp_INCLUDE='$(CURDIR)/packaging/llama-lean.cmake'

venv: $(STAMP)

$(STAMP): pyproject.toml uv.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"
	CMAKE_ARGS="$${CMAKE_ARGS:-$(LLAMA_CMAKE_ARGS)}" $(UV_SYNC)
	$(UV) pip install --quiet --python $(PY) --no-deps -e .
	touch $(STAMP)

# Re-resolves uv.lock from pyproject.toml's ranges (needs the network); commit the result.
lock: $(STAMP)
	$(UV) lock

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
# torch). PyTorch is the one dependency outside the lock: PyPI's Linux wheel of torch is a CUDA build of
# several GB, so the pinned CPU build (`pip install "redraft[torch]"` on a machine that has it) goes in with pip.
test-torch: $(STAMP)
	$(PY) -m pip install --quiet "torch==2.13.0"
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -m torch

# Every bench/bench_*.py, run as a module (python -m bench.bench_extract ...); bench/__init__.py says what the other prefixes are.
bench: $(STAMP)
	for script in bench/bench_*.py; do $(PY) -m bench.$$(basename $$script .py) || exit 1; done

# Every quality figure the README quotes, recomputed from the data into docs/figures.md (a benchmark, not part of
# `make test`; about 5 minutes on two cores). On the locked install, `git diff` after it is empty.
figures: $(STAMP)
	$(PY) -m bench.figures

# The Linux/macOS/Windows one-folder bundle in dist/redraft (packaging/README.md); PyInstaller is in the lock.
# GPU=1: the Linux GPU variant instead (package-gpu).
package: $(STAMP)
ifeq ($(GPU),1)
	PYTHON='$(PYTHON)' bash packaging/build_gpu_bundle.sh
else
	$(PY) -m PyInstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/redraft.spec
endif

# The Linux bundle with the CUDA wheel of `make gpu-wheel` (run that first) and the CUDA runtime it loads, in
# dist/redraft-gpu, from its own venv of the lock (build/gpu-bundle/venv, removed after; KEEP_VENV=1 keeps it).
# Needs uv (.venv's, or on PATH), not .venv itself; packaging/gpu-builds.md says what the bundle holds.
package-gpu:
	PYTHON='$(PYTHON)' bash packaging/build_gpu_bundle.sh

# llama-cpp-python with the CUDA backend, built on any Linux machine (no GPU, no CUDA install: the
# CUDA 13.0 toolkit comes from PyPI into build/gpu/venv), into dist/gpu/. CUDA_ARCHS picks the GPU
# generations (90: H100/H200; a release lists several, e.g. "75;80;86;89;90;120"); JOBS the compile
# jobs. Install it into the locked venv with `$(UV) pip install --python $(PY) --no-deps dist/gpu/*.whl`.
# packaging/gpu-builds.md says why each flag is there and how long it takes.
CUDA_ARCHS ?= 90
JOBS ?= 2
gpu-wheel:
	CUDA_ARCHS='$(CUDA_ARCHS)' JOBS='$(JOBS)' PYTHON='$(PYTHON)' bash packaging/build_gpu_wheel.sh cuda

clean:
	rm -rf build dist *.egg-info
