"""The Linux bundle's GPU variant, ``dist/redraft-gpu`` (``make package-gpu``), run like a user would.

It is never built here: it needs the CUDA wheel of ``make gpu-wheel`` (hours on two cores) and the CUDA
runtime packages (about 0.6 GB), so these tests skip unless it was built; ``make test-package`` then costs
the CPU bundle nothing. On a machine without an NVIDIA driver the bundle must still start, say that its CUDA
backend found no usable GPU, and run models on the CPU; with a driver, it must offload.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_package_bundle import png_size

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist" / "redraft-gpu"
EXE = DIST / "redraft"
INTERNAL = DIST / "_internal"
CUDA_LIB = INTERNAL / "nvidia" / "cu13" / "lib"
CUDA_RUNTIME_LIBS = ("libcudart.so.13", "libcublas.so.13", "libcublasLt.so.13")
#: 1,285 MB of files when first built (26 Nov 2026; du says 1,288): about the CPU bundle's 650 MB, the CUDA
#: runtime and cuBLAS 567 MB (cuBLASLt alone 515 MB), the CUDA module 57 MB.
MAX_GPU_BUNDLE_MB = 1400

pytestmark = pytest.mark.package

needs_bundle = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and EXE.is_file()),
    reason="the GPU bundle is not built (make gpu-wheel, then make package-gpu)",
)


def nvidia_driver_present() -> bool:
    return Path("/proc/driver/nvidia").is_dir() or shutil.which("nvidia-smi") is not None


def run_gpu_bundle(args: list[str], home: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REDRAFT_HOME": str(home), "HF_HUB_OFFLINE": "1"}
    for name in ("PYTHONPATH", "LD_LIBRARY_PATH"):  # nothing borrowed from the venv or a CUDA install
        env.pop(name, None)
    return subprocess.run([str(EXE), *args], cwd=home, env=env, capture_output=True, text=True, timeout=timeout)


def test_cuda_runtime_pins_match_the_wheel_build() -> None:
    """The bundle's CUDA runtime and cuBLAS are the versions the wheel was built against."""
    built = dict(re.findall(r"(nvidia-[a-z-]+)==([0-9.]+)", (ROOT / "packaging" / "build_gpu_wheel.sh").read_text()))
    pinned = dict(re.findall(r"^(nvidia-[a-z-]+)==([0-9.]+)", (ROOT / "packaging" / "cuda-runtime.txt").read_text(),
                             re.M))
    assert set(pinned) == {"nvidia-cuda-runtime", "nvidia-cublas"}
    assert all(built[name] == version for name, version in pinned.items()), (pinned, built)


@needs_bundle
def test_cuda_libraries_sit_where_the_run_path_expects_them_once() -> None:
    lib = INTERNAL / "llama_cpp" / "lib"
    for name in ("libggml-cuda.so", "libggml-cpu.so", "libggml.so.0", "libllama.so"):
        assert (lib / name).is_file(), name
    for name in CUDA_RUNTIME_LIBS:
        copies = [p for p in DIST.rglob(name) if not p.is_symlink()]
        assert copies == [CUDA_LIB / name], copies
    # No link from the top folder: libggml must load from llama_cpp/lib, where its backend modules lie.
    linked = [p.name for p in INTERNAL.iterdir() if p.is_symlink() and re.match(r"lib(ggml|llama|cu)", p.name)]
    assert not linked, linked
    if shutil.which("ldd") is None:
        pytest.skip("no ldd to show how the CUDA module's libraries resolve")
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    ldd = subprocess.run(["ldd", str(lib / "libggml-cuda.so")], capture_output=True, text=True, env=env, check=True)
    for name in ("libcudart.so.13", "libcublas.so.13", "libcublasLt.so.13"):
        target = re.search(rf"^\s*{re.escape(name)} => (\S+)", ldd.stdout, re.M)
        assert target, ldd.stdout
        assert Path(target.group(1)).resolve() == (CUDA_LIB / name).resolve()  # through $ORIGIN/../../nvidia/cu13/lib


@needs_bundle
def test_gpu_bundle_reports_its_cuda_backend(tmp_path: Path) -> None:
    result = run_gpu_bundle(["models", "backend", "--json"], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout)
    assert report["backend"] == "CUDA"
    if nvidia_driver_present():
        assert report["gpu_offload"] is True, report
    else:  # the CUDA module loaded (its libraries were found) and found no GPU
        assert report["gpu_offload"] is False
        assert report["gpu_problem"] == "its CUDA backend found no usable GPU (no driver or no supported device)"
        assert "models run on the CPU" in report["hint"]
    human = run_gpu_bundle(["models", "backend"], tmp_path)
    assert human.returncode == 0 and "CUDA backend" in human.stdout, human.stdout


@pytest.mark.slow
@needs_bundle
def test_gpu_bundle_runs_the_embedded_model_asked_for_every_layer_on_the_gpu(tmp_path: Path) -> None:
    result = run_gpu_bundle(["models", "bench", "embedded", "--gpu-layers", "-1", "--n-ctx", "512",
                             "--prefix-tokens", "64", "--gen-tokens", "4", "--threads", "2", "--json"],
                            tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads(result.stdout)
    assert figures["generated_tokens"] > 0 and figures["tokens_per_s"] > 0
    # Both backend modules come from the bundle, not from the working folder llama.cpp also searches.
    for backend, module in (("CPU", "libggml-cpu.so"), ("CUDA", "libggml-cuda.so")):
        assert f"loaded {backend} backend from {INTERNAL / 'llama_cpp' / 'lib' / module}" in result.stderr


@pytest.mark.slow
@needs_bundle
def test_gpu_bundle_renders_the_main_window(tmp_path: Path) -> None:
    out = tmp_path / "selftest.png"
    result = run_gpu_bundle(["gui", "--selftest", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    width, height = png_size(out)
    assert width >= 800 and height >= 500 and out.stat().st_size > 10_000


@needs_bundle
def test_gpu_bundle_size(capsys: pytest.CaptureFixture) -> None:
    def megabytes(path: Path) -> float:
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20

    total, cuda = megabytes(DIST), megabytes(CUDA_LIB)
    with capsys.disabled():  # shown in `make test-package`'s output
        print(f"\nbundle dist/redraft-gpu: {total:.0f} MB, of which the CUDA runtime and cuBLAS {cuda:.0f} MB")
    assert total < MAX_GPU_BUNDLE_MB, f"{total:.0f} MB"
    assert not (INTERNAL / "torch").exists()
