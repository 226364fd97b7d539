"""Which llama.cpp backend this install was compiled with, and which GPU is visible.

``backend_report()`` answers ``redraft models backend``: the compiled backend
(CPU, CUDA, Metal, Vulkan, ROCm/HIP, SYCL), whether GPU offload works, the GPU
the machine shows, and how to get a GPU build when the two disagree. A build
whose GPU backend is a module loaded at run time (``make gpu-wheel``:
``GGML_BACKEND_DL``) runs on the CPU where that module cannot load or finds no
GPU; the report then names the backend and says why it is unusable.
"""

from __future__ import annotations

import ctypes
import platform
import re
import shutil
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from engine.models.llama.native_order import gpu_build_libraries

#: Backend name -> marker in ``llama_print_system_info()``.
_BACKEND_MARKERS = {
    "CUDA": ("CUDA",),
    "Metal": ("METAL", "MTL"),
    "Vulkan": ("VULKAN",),
    "ROCm/HIP": ("HIP", "ROCM"),
    "SYCL": ("SYCL",),
}

#: CMAKE_ARGS that select each backend when building llama-cpp-python.
BUILD_FLAGS = {
    "CUDA": '-DGGML_CUDA=on',
    "ROCm/HIP": '-DGGML_HIP=on',
    "Vulkan": '-DGGML_VULKAN=on',
    "Metal": '-DGGML_METAL=on',
    "SYCL": '-DGGML_SYCL=on',
}

#: GPU backend library in a build's ``lib`` folder -> backend name.
_GPU_LIBRARIES = {"ggml-cuda": "CUDA", "ggml-hip": "ROCm/HIP", "ggml-vulkan": "Vulkan", "ggml-sycl": "SYCL"}


@dataclass(frozen=True)
class BackendReport:
    backend: str
    gpu_offload: bool
    visible_gpu: str | None
    llama_cpp_version: str
    hint: str | None
    #: Why a build with a GPU backend cannot offload here (no driver, no CUDA runtime, no device).
    gpu_problem: str | None = None

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def gpu_offload_supported() -> bool:
    """True when this llama.cpp build can put layers on a GPU."""
    import llama_cpp

    return bool(llama_cpp.llama_supports_gpu_offload())


def compiled_backend() -> str:
    """``CPU``, ``CUDA``, ``Metal``, ``Vulkan``, ``ROCm/HIP`` or ``SYCL``."""
    import llama_cpp

    info = llama_cpp.llama_print_system_info()
    text = info.decode("utf-8", "replace") if isinstance(info, bytes) else str(info)
    upper = text.upper()
    for name, markers in _BACKEND_MARKERS.items():
        if any(re.search(rf"\b{marker}\b", upper) for marker in markers):
            return name
    # A GGML_BACKEND_DL build names its GPU backend in the system info only once the backend modules are loaded
    # (measured on an H200: "GPU (unknown kind)" before the first model, "CUDA" after); its library says it always.
    shipped = shipped_gpu_backend()
    if shipped:
        return shipped[0]
    return "GPU (unknown kind)" if gpu_offload_supported() else "CPU"


def shipped_gpu_backend() -> tuple[str, Path] | None:
    """The GPU backend library the installed build ships, as (backend name, path), or ``None``."""
    for lib in gpu_build_libraries():
        for marker, name in _GPU_LIBRARIES.items():
            if marker in lib.name:
                return name, lib
    return None


def gpu_backend_problem() -> str | None:
    """Why the installed build's GPU backend gives no GPU here; ``None`` when offload works or none is shipped."""
    shipped = shipped_gpu_backend()
    if shipped is None or gpu_offload_supported():
        return None
    name, lib = shipped
    import llama_cpp

    info = llama_cpp.llama_print_system_info()
    text = info.decode("utf-8", "replace") if isinstance(info, bytes) else str(info)
    if not any(re.search(rf"\b{marker}\b", text.upper()) for marker in _BACKEND_MARKERS.get(name, (name,))):
        try:  # llama.cpp loads backend modules silently: load it again for the loader's reason
            ctypes.CDLL(str(lib))
        except OSError as err:
            return f"its {name} backend could not load ({str(err).splitlines()[0]})"
        return f"its {name} backend was not loaded by llama.cpp"
    return f"its {name} backend found no usable GPU (no driver or no supported device)"


def cpu_has_amx() -> bool:
    """True on CPUs with Intel AMX, where llama.cpp's AMX weight buffers can crash.

    llama.cpp issue #20824 (segfault in ``ggml_backend_amx_mul_mat``); seen
    here with Gemma 3 Q4_K_M on a CPU build: a general-protection fault in
    ``libggml-cpu``. ``LlamaGenerator`` turns extra buffer types off on them.
    """
    cpuinfo = Path("/proc/cpuinfo")
    if not cpuinfo.is_file():
        return False
    try:
        text = cpuinfo.read_text(errors="replace")
    except OSError:
        return False
    return bool(re.search(r"\bamx_(int8|bf16|tile)\b", text))


def visible_gpu() -> str | None:
    """The GPU the operating system shows (NVIDIA, AMD or Apple), or ``None``."""
    if shutil.which("nvidia-smi"):
        try:
            out = subprocess.run(
                ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                capture_output=True, text=True, timeout=5, check=True,
            ).stdout.strip()
            if out:
                return "NVIDIA " + out.splitlines()[0].removeprefix("NVIDIA ").strip()
        except (OSError, subprocess.SubprocessError):
            pass
    if Path("/proc/driver/nvidia/gpus").is_dir():
        return "NVIDIA GPU"
    if shutil.which("rocm-smi") or Path("/dev/kfd").exists():
        return "AMD GPU (ROCm)"
    if sys.platform == "darwin" and platform.machine() == "arm64":
        return "Apple Silicon GPU"
    return None


def gpu_build_hint(backend: str, gpu: str | None) -> str | None:
    """How to rebuild llama-cpp-python for a GPU that is present but unused."""
    if gpu is None or backend != "CPU":
        return None
    reinstall = "pip install --force-reinstall --no-cache-dir llama-cpp-python"
    if gpu.startswith("NVIDIA"):
        return f'{gpu} is visible but this build is CPU-only: CMAKE_ARGS="{BUILD_FLAGS["CUDA"]}" {reinstall}'
    if gpu.startswith("AMD"):
        return (
            f'{gpu} is visible but this build is CPU-only: CMAKE_ARGS="{BUILD_FLAGS["ROCm/HIP"]}" {reinstall}'
            f' (or CMAKE_ARGS="{BUILD_FLAGS["Vulkan"]}")'
        )
    if gpu.startswith("Apple"):
        return f"Metal is the default on macOS arm64; reinstall without CMAKE_ARGS: {reinstall}"
    return None


def unusable_gpu_hint(problem: str, gpu: str | None) -> str:
    """The hint for a build whose GPU backend cannot be used here."""
    hint = f"this build has a GPU backend, but {problem}; models run on the CPU"
    if gpu and gpu.startswith("NVIDIA") and "could not load" in problem:
        hint += (" (the CUDA backend needs the CUDA 13 runtime and cuBLAS: "
                 "pip install nvidia-cuda-runtime nvidia-cublas, and an NVIDIA driver of the 580 series or later)")
    return hint


def backend_report() -> BackendReport:
    import llama_cpp

    backend = compiled_backend()
    gpu = visible_gpu()
    problem = gpu_backend_problem()
    return BackendReport(
        backend=backend,
        gpu_offload=gpu_offload_supported(),
        visible_gpu=gpu,
        llama_cpp_version=str(getattr(llama_cpp, "__version__", "unknown")),
        hint=unusable_gpu_hint(problem, gpu) if problem else gpu_build_hint(backend, gpu),
        gpu_problem=problem,
    )
