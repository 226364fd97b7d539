#!/usr/bin/env bash
# The Linux bundle's GPU variant (`make package-gpu`, or `make package GPU=1`): the one-folder bundle of
# packaging/redraft.spec in dist/redraft-gpu (beside the CPU bundle's dist/redraft), made from a bundle venv
# (build/gpu-bundle/venv) that holds the locked install with two changes: llama-cpp-python is the CUDA wheel
# of `make gpu-wheel` (dist/gpu/), and the CUDA 13.0 runtime and cuBLAS it loads come from
# packaging/cuda-runtime.txt (pinned, hash-checked). The spec puts those libraries in _internal/nvidia/cu13/lib,
# where the CUDA module's run path ($ORIGIN/../../nvidia/cu13/lib) finds them, as in a pip install.
# packaging/gpu-builds.md says what the bundle holds and costs.
# Environment: PYTHON (the interpreter of the bundle venv; default python3), UV (default .venv/bin/uv, else uv on
# PATH), KEEP_VENV=1 keeps build/gpu-bundle/venv after the build. Needs the network or uv's cache for the packages.
set -euo pipefail
cd "$(dirname "$0")/.."

wheels=(dist/gpu/llama_cpp_python-*.whl)
if [ ! -f "${wheels[0]}" ]; then
    echo "build_gpu_bundle.sh: no CUDA wheel in dist/gpu/; run 'make gpu-wheel' first" >&2
    exit 2
fi
if [ "${#wheels[@]}" -ne 1 ]; then
    echo "build_gpu_bundle.sh: more than one wheel in dist/gpu/: ${wheels[*]}" >&2
    exit 2
fi
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).getinfo("llama_cpp/lib/libggml-cuda.so")' \
        "${wheels[0]}" 2> /dev/null; then
    echo "build_gpu_bundle.sh: ${wheels[0]} has no CUDA module (llama_cpp/lib/libggml-cuda.so)" >&2
    exit 2
fi
if [ -z "${UV:-}" ]; then
    UV=$([ -x .venv/bin/uv ] && echo .venv/bin/uv || command -v uv || true)
fi
[ -n "$UV" ] || { echo "build_gpu_bundle.sh: needs uv (make venv, or pip install uv==0.13.9)" >&2; exit 2; }

work=build/gpu-bundle
venv=$work/venv
py=$venv/bin/python
start=$(date +%s)
mkdir -p "$work"
rm -rf "$venv"
"$UV" venv --quiet --python "$PYTHON" "$venv"
# The locked install of the CPU bundle (packaging/ci/build_bundle.sh) without llama-cpp-python, which comes as
# the local CUDA wheel; --no-deps: the wheel's dependencies (numpy, jinja2, diskcache, typing-extensions) are
# in the lock already.
"$UV" export --quiet --locked --no-emit-project --extra package --group embedded --no-emit-package llama-cpp-python \
    --format requirements-txt --output-file "$work/requirements-lock.txt"
"$UV" pip install --quiet --python "$py" --no-deps --require-hashes -r "$work/requirements-lock.txt"
"$UV" pip install --quiet --python "$py" --no-deps --require-hashes -r packaging/cuda-runtime.txt
"$UV" pip install --quiet --python "$py" --no-deps "${wheels[0]}"
"$UV" pip install --quiet --python "$py" --no-deps -e .

rm -rf dist/redraft-gpu
REDRAFT_BUNDLE_NAME=redraft-gpu "$py" -m PyInstaller --noconfirm --log-level WARN --distpath dist \
    --workpath "$work/pyinstaller" packaging/redraft.spec
end=$(date +%s)

# Smoke test: it starts and names its backend; the CUDA module must load (on a machine without an NVIDIA driver
# it then finds no usable GPU and models run on the CPU). tests/test_package_gpu_bundle.py checks more.
report=$(QT_QPA_PLATFORM=offscreen REDRAFT_HOME="$work/home" dist/redraft-gpu/redraft models backend)
echo "$report"
if ! grep -q "CUDA backend" <<< "$report" || grep -q "could not load" <<< "$report"; then
    echo "build_gpu_bundle.sh: the bundle's CUDA backend does not load (above)" >&2
    exit 1
fi
[ "${KEEP_VENV:-0}" = 1 ] || rm -rf "$venv"
echo "dist/redraft-gpu: $(du -sm dist/redraft-gpu | cut -f1) MB, built in $((end - start)) s"
