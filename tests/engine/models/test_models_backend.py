"""Backend report: compiled backend, visible GPU and the rebuild hint."""

from __future__ import annotations

import llama_cpp

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
    assert (report.backend == "CPU") == (not report.gpu_offload)
    assert report.llama_cpp_version == llama_cpp.__version__
    assert isinstance(cpu_has_amx(), bool)
