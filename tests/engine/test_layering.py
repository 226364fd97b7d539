"""The engine is Qt-free, dependencies point redraft_app -> desktop -> widgets -> engine, and no import cycles."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import grimp
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
    assert "Contracts: 4 kept, 0 broken" in result.stdout


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


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), function-level imports included."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while component[-1:] != [v]:
                component.append(stack.pop())
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return cycles


def test_no_import_cycle() -> None:
    graph = grimp.build_graph("redraft_app", "desktop", "widgets", "engine")
    assert len(graph.modules) > 150
    assert import_cycles(graph) == []
    # the check finds a cycle where there is one
    graph.add_import(importer="engine.errors", imported="engine.jobs")
    assert ["engine.errors", "engine.jobs"] in import_cycles(graph)


def test_the_engine_never_names_the_app_shell() -> None:
    """Not even as a string (``importlib.import_module("desktop.app")``), which import-linter cannot see."""
    named = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.split(".")[0] in ("desktop", "widgets", "redraft_app") and " " not in node.value:
                named.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value}")
    assert named == []


def test_every_engine_package_has_a_place_in_the_layers() -> None:
    """A new subpackage or root module of the engine must be given a row, or the contract would not see it."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c.get("containers") == ["engine"])
    listed = {name.strip() for row in layers for name in row.split("|")}
    present = {p.stem if p.is_file() else p.name for p in (ROOT / "engine").iterdir()
               if (p.suffix == ".py" or (p / "__init__.py").is_file()) and p.name != "__init__.py"}
    assert present == listed
