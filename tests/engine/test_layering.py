"""The engine is Qt-free and dependencies point desktop -> widgets -> engine."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BLOCK_QT = textwrap.dedent(
    """
    import importlib, importlib.abc, pkgutil, sys

    class BlockQt(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in {"PySide6", "shiboken6", "qasync", "widgets", "desktop"}:
                raise ImportError(f"blocked import of {name}")
            return None

    sys.meta_path.insert(0, BlockQt())
    import engine
    names = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]
    for name in names:
        importlib.import_module(name)
    leaked = sorted(m for m in sys.modules if m.split(".")[0] in {"PySide6", "qasync", "shiboken6"})
    assert not leaked, leaked
    print(len(names))
    """
)


def test_every_engine_module_imports_without_qt() -> None:
    result = subprocess.run(
        [sys.executable, "-c", BLOCK_QT], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip().splitlines()[-1]) >= 5


def test_import_contracts_hold() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.fail("import-linter is not installed (it is a dev dependency)")
    result = subprocess.run([lint], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 2 kept, 0 broken" in result.stdout


def test_engine_cli_starts_without_loading_heavy_modules() -> None:
    code = (
        "import sys; from engine.cli.main import build_parser; build_parser();"
        "heavy = [m for m in ('torch', 'transformers', 'llama_cpp', 'onnxruntime', 'onnx', 'PySide6') "
        "if m in sys.modules];"
        "print(heavy)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
