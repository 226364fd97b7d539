"""A GPU build of llama.cpp is imported before numpy and Qt; a CPU build is left alone."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.models.llama.native_order import gpu_build_libraries, preload_gpu_llama


def fake_package(root: Path, name: str, libs: list[str], body: str = "") -> None:
    package = root / name
    (package / "lib").mkdir(parents=True)
    for lib in libs:
        (package / "lib" / lib).write_bytes(b"\x7fELF")
    (package / "__init__.py").write_text(f"IMPORTED = True\n{body}", encoding="utf-8")


@pytest.fixture
def on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [n for n in sys.modules if n.startswith("fake_llama")]:
        del sys.modules[name]


@pytest.mark.parametrize("lib", ["libggml-cuda.so", "ggml-cuda.dll", "libggml-hip.so", "libggml-vulkan.dylib"])
def test_gpu_build_is_imported_early(on_path: Path, lib: str) -> None:
    fake_package(on_path, "fake_llama_gpu", ["libggml-base.so", lib])
    assert [p.name for p in gpu_build_libraries("fake_llama_gpu")] == [lib]
    assert preload_gpu_llama("fake_llama_gpu") is True
    assert sys.modules["fake_llama_gpu"].IMPORTED


def test_cpu_build_is_not_imported(on_path: Path) -> None:
    fake_package(on_path, "fake_llama_cpu", ["libggml-base.so", "libggml-cpu.so", "libllama.so"])
    assert gpu_build_libraries("fake_llama_cpu") == []
    assert preload_gpu_llama("fake_llama_cpu") is False
    assert "fake_llama_cpu" not in sys.modules


def test_a_build_that_fails_to_load_is_left_for_later(on_path: Path) -> None:
    fake_package(on_path, "fake_llama_broken", ["libggml-cuda.so"], body="raise OSError('libcudart.so.13: cannot open')\n")
    assert preload_gpu_llama("fake_llama_broken") is False
    assert "fake_llama_broken" not in sys.modules


def test_absent_package() -> None:
    assert gpu_build_libraries("no_such_llama_package") == []
    assert preload_gpu_llama("no_such_llama_package") is False


def test_the_installed_cpu_build_is_not_imported_at_engine_import() -> None:
    import subprocess

    code = "import sys, engine; print('llama_cpp' in sys.modules, bool(engine.models.llama.native_order.gpu_build_libraries()))"
    imported, gpu_build = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                         check=True).stdout.split()
    assert imported == gpu_build  # imported at start exactly when the build has a GPU backend
