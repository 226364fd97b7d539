"""Backend report: compiled backend, visible GPU and the rebuild hint."""

from __future__ import annotations

from pathlib import Path

import llama_cpp
import pytest

from engine.models.llama import backend
from engine.models.llama.backend import backend_report, compiled_backend, cpu_has_amx, gpu_build_hint


def test_hint_names_the_cmake_flag_for_the_visible_gpu() -> None:
    nvidia = gpu_build_hint("CPU", "NVIDIA H100")
    assert 'CMAKE_ARGS="-DGGML_CUDA=on"' in nvidia
    assert "pip install --force-reinstall --no-cache-dir llama-cpp-python" in nvidia
    assert "-DGGML_HIP=on" in gpu_build_hint("CPU", "AMD GPU (ROCm)")
    assert "Metal is the default" in gpu_build_hint("CPU", "Apple Silicon GPU")
    assert gpu_build_hint("CUDA", "NVIDIA H100") is None
    assert gpu_build_hint("CPU", None) is None


def test_report_matches_the_installed_build() -> None:
    report = backend_report()
    assert report.gpu_offload == bool(llama_cpp.llama_supports_gpu_offload())
    assert report.backend == compiled_backend()
    if report.gpu_offload:
        assert report.backend != "CPU"
    if report.backend == "CPU":
        assert not report.gpu_offload
    # A build with a GPU backend that cannot offload here (a CUDA wheel on a machine without a driver or
    # the CUDA runtime: GGML_BACKEND_DL) names the backend and says why, instead of claiming CPU-only.
    assert (report.backend != "CPU" and not report.gpu_offload) == (report.gpu_problem is not None)
    assert report.llama_cpp_version == llama_cpp.__version__
    assert isinstance(cpu_has_amx(), bool)


def test_a_gpu_backend_that_cannot_load_is_named_with_the_loader_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if llama_cpp.llama_supports_gpu_offload():
        pytest.skip("this llama.cpp build offloads to a GPU here")
    broken = tmp_path / "libggml-cuda.so"
    broken.write_bytes(b"not a shared library")
    monkeypatch.setattr(backend, "shipped_gpu_backend", lambda: ("CUDA", broken))
    # As llama.cpp reports it when its CUDA module did not load (a real CUDA wheel whose module did load, on a
    # machine without a driver, names CUDA here and is reported as "found no usable GPU" instead).
    monkeypatch.setattr(llama_cpp, "llama_print_system_info", lambda: b"CPU : SSE3 = 1 | AVX2 = 1 | ")
    problem = backend.gpu_backend_problem()
    assert problem is not None and problem.startswith("its CUDA backend could not load (")
    assert str(broken) in problem or "ELF" in problem or "invalid" in problem
    report = backend_report()
    assert report.backend == "CUDA" and not report.gpu_offload and report.gpu_problem == problem
    hint = backend.unusable_gpu_hint(problem, "NVIDIA H100")
    assert "models run on the CPU" in hint and "nvidia-cuda-runtime" in hint
    assert "nvidia-cuda-runtime" not in backend.unusable_gpu_hint(problem, None)
