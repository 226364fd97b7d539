#!/usr/bin/env bash
# Builds llama-cpp-python (the version in uv.lock) as a wheel with the CUDA backend on a machine with
# no GPU and no CUDA installed: the CUDA 13.0 compiler, runtime, cuBLAS and CCCL come from PyPI
# packages in a throw-away venv (build/gpu/venv). `make gpu-wheel` runs it; packaging/gpu-builds.md
# explains the choices. Usage: packaging/build_gpu_wheel.sh [cuda|cpu]
#   cuda (default): dist/gpu/llama_cpp_python-*.whl, CUDA backend for CUDA_ARCHS, CPU fallback.
#   cpu: the same build without CUDA (dist/gpu-cpu/), to test the export and loading changes on a CPU.
# Environment: CUDA_ARCHS (default 90), JOBS (default 2), PYTHON (default python3), GPU_CMAKE_EXTRA
# (more CMake flags for the CUDA build).
# On a machine with no network and its own CUDA toolkit (bench/gpu_check.sh on a lent GPU machine):
#   CUDA_ROOT=/usr/local/cuda uses that toolkit and $PYTHON's own CMake, Ninja and scikit-build-core
#   (no venv, nothing downloaded); LLAMA_SRC=path/to/llama-src.tar.gz takes the patched source from
#   there (packaging/build_gpu_wheel.sh writes it beside the wheel) instead of downloading the sdist.
set -euo pipefail

variant=${1:-cuda}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
PYTHON=${PYTHON:-python3}
CUDA_ARCHS=${CUDA_ARCHS:-90}
JOBS=${JOBS:-2}

LLAMA_VERSION=$(awk '/^name = "llama-cpp-python"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' uv.lock)
LLAMA_SHA256=$(grep -o "llama_cpp_python-${LLAMA_VERSION}\.tar\.gz\", hash = \"sha256:[0-9a-f]*" uv.lock | sed 's/.*sha256://')
[ -n "$LLAMA_VERSION" ] && [ -n "$LLAMA_SHA256" ] || { echo "llama-cpp-python's version or hash not found in uv.lock" >&2; exit 2; }

# CUDA 13.0 matches the oldest driver branch that runs CUDA 13 (580); a newer toolkit would need a
# newer driver for its PTX. One version of each, pinned.
CUDA_PACKAGES=(nvidia-cuda-nvcc==13.0.88 nvidia-cuda-crt==13.0.88 nvidia-nvvm==13.0.88
               nvidia-cuda-runtime==13.0.96 nvidia-cuda-cccl==13.0.85 nvidia-cublas==13.0.2.14)
BUILD_PACKAGES=(cmake==4.4.5 ninja==1.13.2 scikit-build-core==1.1.2 wheel==0.45.1)

work=build/gpu
venv=$work/venv
case "$variant" in
    cuda) out=dist/gpu; cmake_dir=$work/cmake-cuda ;;
    cpu) out=dist/gpu-cpu; cmake_dir=$work/cmake-cpu ;;
    *) echo "usage: $0 [cuda|cpu]" >&2; exit 2 ;;
esac
mkdir -p "$work" "$out"

if [ -n "${CUDA_ROOT:-}" ]; then
    build_python=$PYTHON
else
    if [ ! -x "$venv/bin/python" ]; then
        "$PYTHON" -m venv "$venv"
    fi
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${BUILD_PACKAGES[@]}" \
        $([ "$variant" = cuda ] && echo "${CUDA_PACKAGES[@]}")
    build_python=$venv/bin/python
fi

# The source, checked against uv.lock's hash, patched so that libggml looks for its backend modules
# beside itself (GGML_BACKEND_DL otherwise searches only the executable's and the working folder).
src=$work/src/llama_cpp_python-$LLAMA_VERSION
if [ -n "${LLAMA_SRC:-}" ] && [ ! -f "$src/.redraft-patched" ]; then
    mkdir -p "$work/src" && tar -xzf "$LLAMA_SRC" -C "$work/src"
fi
if [ ! -f "$src/.redraft-patched" ]; then
    echo "llama-cpp-python==$LLAMA_VERSION --hash=sha256:$LLAMA_SHA256" > "$work/requirements.txt"
    "$build_python" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
        --no-build-isolation -d "$work/sdist" -r "$work/requirements.txt"
    rm -rf "$src" && mkdir -p "$work/src"
    tar -xzf "$work/sdist/llama_cpp_python-$LLAMA_VERSION.tar.gz" -C "$work/src"
    patch -p1 -d "$src" < packaging/ggml-backend-libdir.patch
    touch "$src/.redraft-patched"
fi
# The patched source without what the build never reads (models, docs, tools, tests): 6.5 MB, small
# enough to travel to a GPU machine that has no network (LLAMA_SRC above).
trimmed=$work/llama-src.tar.gz
if [ ! -f "$trimmed" ]; then
    skip=(models docs tools tests benches examples)
    tar -czf "$trimmed" -C "$work/src" "${skip[@]/#/--exclude=llama_cpp_python-$LLAMA_VERSION/vendor/llama.cpp/}" \
        --exclude=.git --exclude="llama_cpp_python-$LLAMA_VERSION/tests" "llama_cpp_python-$LLAMA_VERSION"
fi

cmake_args="-DGGML_BACKEND_DL=ON -DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF"
cmake_args+=" -DCMAKE_PROJECT_llama.cpp_INCLUDE=$here/packaging/llama-lean.cmake"
cmake_args+=" -DCMAKE_PROJECT_llama_cpp_INCLUDE=$here/packaging/llama-gpu.cmake"
if [ "$variant" = cuda ] && [ -n "${CUDA_ROOT:-}" ]; then
    cuda=$CUDA_ROOT
    export PATH="$cuda/bin:$PATH" CUDACXX="$cuda/bin/nvcc" CUDAToolkit_ROOT="$cuda"
elif [ "$variant" = cuda ]; then
    cuda=$("$venv/bin/python" -c 'import nvidia, os; print(os.path.join(list(nvidia.__path__)[0], "cu13"))')
    # The pip packages ship versioned libraries only, and nvcc.profile looks for headers under
    # targets/x86_64-linux as in NVIDIA's installers: add the links CMake and nvcc look for.
    for lib in cudart cublas cublasLt; do ln -sfn "lib$lib.so.13" "$cuda/lib/lib$lib.so"; done
    mkdir -p "$cuda/targets" && ln -sfn .. "$cuda/targets/x86_64-linux"
    export PATH="$cuda/bin:$PATH" CUDACXX="$cuda/bin/nvcc" CUDAToolkit_ROOT="$cuda"
fi
if [ "$variant" = cuda ]; then
    # No VMM: the pip packages have no libcuda stub to link against (the driver's library is
    # dlopened by the CUDA runtime instead); no NCCL: one GPU.
    cmake_args+=" -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=$CUDA_ARCHS -DCUDAToolkit_ROOT=$cuda"
    cmake_args+=" -DCMAKE_CUDA_COMPILER=$cuda/bin/nvcc -DCMAKE_CUDA_RUNTIME_LIBRARY=Shared"
    cmake_args+=" -DGGML_CUDA_NO_VMM=ON -DGGML_CUDA_NCCL=OFF ${GPU_CMAKE_EXTRA:-}"
fi
echo "CMAKE_ARGS=$cmake_args"
start=$(date +%s)
rm -f "$out"/llama_cpp_python-*.whl
CMAKE_ARGS="$cmake_args" CMAKE_BUILD_PARALLEL_LEVEL=$JOBS \
    "$build_python" -m pip wheel --no-deps --no-build-isolation --disable-pip-version-check -v \
    --config-settings=build-dir="$here/$cmake_dir" -w "$out" "$src" > "$work/build-$variant.log" 2>&1 \
    || { tail -40 "$work/build-$variant.log" >&2; exit 1; }
wheel=$(ls "$out"/llama_cpp_python-*.whl)
bash packaging/slim_gpu_wheel.sh "$wheel" "$build_python"
end=$(date +%s)
echo "built $wheel in $((end - start)) s with $JOBS jobs: $(du -h "$wheel" | cut -f1)"
"$build_python" - "$wheel" <<'EOF'
import sys, zipfile
for info in zipfile.ZipFile(sys.argv[1]).infolist():
    if "/lib/lib" in info.filename:
        print(f"{info.file_size / 1e6:9.1f} MB  {info.filename}")
EOF
