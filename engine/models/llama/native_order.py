"""Load a GPU build of llama.cpp before anything else brings in the C++ runtime.

Measured on an NVIDIA H100 (Ubuntu 24.04, GCC 13, CUDA 13, llama-cpp-python
0.3.36 built with ``-DGGML_CUDA=on``): that build's ``libggml-cuda`` carries
its own copies of C++ standard-library code, and when numpy had been imported
first, every model load crashed with a segmentation fault inside
``llama_model::print_info`` (an ``std::ostream`` write), on the CPU and the
GPU alike. Importing ``llama_cpp`` before numpy avoided it every time. Redraft
imports numpy (and Qt, also C++) long before it first needs a model, so a GPU
build is imported here, first thing, when the ``engine`` package loads.

CPU builds never crashed this way, so they are left alone and start-up stays
free of the llama.cpp import (0.2-0.3 s). Nothing here raises: a build that
cannot load is reported where a model is opened.

``make gpu-wheel`` builds the libraries to export only their C API, and with
that build ``tests/engine/models/test_gpu_import_order.py`` passed on an H100
(numpy, torch, or both imported first; packaging/gpu-builds.md): the export
list was the cause. The preload stays for GPU builds made the plain way
(``CMAKE_ARGS="-DGGML_CUDA=on" pip install llama-cpp-python``), which still
export their C++ runtime copies and crash as before.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

#: Shared libraries that mark a llama.cpp build with a GPU backend.
GPU_LIBRARY_MARKERS = ("ggml-cuda", "ggml-hip", "ggml-vulkan", "ggml-sycl")


def gpu_build_libraries(package: str = "llama_cpp") -> list[Path]:
    """GPU backend libraries shipped inside ``package``, found without importing it."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    found: list[Path] = []
    for folder in spec.submodule_search_locations:
        lib = Path(folder) / "lib"
        if lib.is_dir():
            found += [p for p in lib.iterdir() if any(m in p.name for m in GPU_LIBRARY_MARKERS)]
    return sorted(found)


def preload_gpu_llama(package: str = "llama_cpp") -> bool:
    """Import ``package`` now when it is a GPU build; True when it was imported here."""
    if package in sys.modules or not gpu_build_libraries(package):
        return False
    try:
        importlib.import_module(package)
    except Exception:  # noqa: BLE001 (a broken build is reported when a model is loaded)
        sys.modules.pop(package, None)
        return False
    return True
