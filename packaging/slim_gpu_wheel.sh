#!/usr/bin/env bash
# Rewrites a llama-cpp-python wheel built by build_gpu_wheel.sh without what its bindings never load:
#   - the top-level bin/, lib/ and include/ folders (CMake's install tree: a second copy of every
#     library and the C headers, which pip would unpack into site-packages itself);
#   - the fully versioned copies under llama_cpp/lib (libllama.so.0.5.0, libggml*.so.0.25.3): the
#     loader asks for the soname (.so.0) and ctypes for libllama.so, never for the full version.
# `wheel unpack`/`wheel pack` (pypa's wheel) rewrite RECORD. Usage: slim_gpu_wheel.sh WHEEL [PYTHON]
set -euo pipefail
wheel=$(readlink -f "$1")
py=${2:-python3}
"$py" -c 'import wheel' 2> /dev/null || { echo "slim_gpu_wheel.sh: $py has no 'wheel' package" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
before=$(stat -c %s "$wheel")
"$py" -m wheel unpack -d "$tmp" "$wheel" > /dev/null
root=$(ls -d "$tmp"/*/)
rm -rf "$root/bin" "$root/lib" "$root/include"
find "$root/llama_cpp/lib" -name 'lib*.so.*.*' -delete
mkdir "$tmp/out"
"$py" -m wheel pack -d "$tmp/out" "$root" > /dev/null
mv -f "$tmp"/out/*.whl "$wheel"
echo "slimmed $(basename "$wheel"): $before -> $(stat -c %s "$wheel") bytes"
